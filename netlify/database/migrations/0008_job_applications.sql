-- Job applications sent from /trabaje-con-nosotros (spec §3); the CV is an upload.
CREATE TABLE job_applications (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reference text NOT NULL UNIQUE,
  name text NOT NULL,
  email text NOT NULL,
  rut text NOT NULL,
  address text NOT NULL DEFAULT '',
  cv_upload_id uuid NOT NULL REFERENCES uploads (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
