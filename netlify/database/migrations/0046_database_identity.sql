-- A value production writes to its own database just before its anonymiser touches another one
-- (src/server/preview-anonymisation.ts): when the database it was handed shows that very value, it
-- is production's own, whatever its address looks like, and is refused. A branch forked earlier
-- carries an older value.
CREATE TABLE database_identity (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  token text NOT NULL
);
