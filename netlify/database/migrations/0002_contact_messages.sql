-- Messages sent from /contacto (spec §3 Contact message).
CREATE TABLE contact_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reference text NOT NULL UNIQUE,
  name text NOT NULL,
  surname text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  city text NOT NULL DEFAULT '',
  reqs text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
