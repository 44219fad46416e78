-- Motorhome drivers registered to use a sewage dumping point (spec §3).
CREATE TABLE motorhome_registrations (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reference text NOT NULL UNIQUE,
  name text NOT NULL,
  surname text NOT NULL,
  rut text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL,
  nationality_id integer NOT NULL,
  country_id integer NOT NULL,
  region_id integer NOT NULL,
  city_id integer NOT NULL,
  nationality text NOT NULL,
  country text NOT NULL,
  region text NOT NULL,
  city text NOT NULL,
  address text NOT NULL,
  accepted_terms_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now()
);
