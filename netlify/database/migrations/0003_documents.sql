-- Company documents offered on /nosotros#memorias-estados-financieros (spec §3 Document).
CREATE TABLE documents (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('Memoria', 'Estado Financiero')),
  year integer NOT NULL CHECK (year BETWEEN 1990 AND 2100),
  url_file text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (type, year)
);
