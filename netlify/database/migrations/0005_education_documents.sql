-- Education resources listed on /educacion (spec §3 Education document).
CREATE TABLE education_documents (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  content_type text NOT NULL CHECK (content_type IN ('Planificaciones', 'Documentos educativos', 'Galerías de fotos')),
  hidden boolean NOT NULL DEFAULT false,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  url_file text NOT NULL,
  thumbnail text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
