-- A deploy preview's database branch starts as a copy of production's; its build
-- replaces every person's data with fake values (scripts/anonymise-preview.ts) before the preview
-- is published, once per branch. This row says it was done, and for which database: a branch
-- forked from another carries the row along, and the different database makes the next build
-- anonymise again. Production never has a row (the script refuses to run there).
CREATE TABLE preview_anonymisation (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  database_fingerprint text NOT NULL,
  done_at timestamptz NOT NULL DEFAULT now()
);
