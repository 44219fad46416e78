-- News items (comunicados) managed by staff and listed on /comunicados (spec §3 Report).
CREATE TABLE reports (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  active boolean NOT NULL DEFAULT true,
  "order" integer NOT NULL DEFAULT 0,
  short_title text NOT NULL,
  title text NOT NULL,
  name text NOT NULL DEFAULT '',
  url_file text,
  url_file_2 text,
  -- Sanitised HTML.
  text text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX reports_listed ON reports ("order") WHERE active;
