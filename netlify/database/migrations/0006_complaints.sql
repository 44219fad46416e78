-- Complaints to the utility sent from /reclamos (spec §3).
CREATE TABLE complaints (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reference text NOT NULL UNIQUE,
  name text NOT NULL,
  surname text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL DEFAULT '',
  address text NOT NULL,
  city text NOT NULL,
  client_number text NOT NULL DEFAULT '',
  complaint_details text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
