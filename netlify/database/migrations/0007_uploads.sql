-- Files visitors attach (src/server/uploads.ts); the bytes are in Netlify Blobs.
CREATE TABLE uploads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  purpose text NOT NULL CHECK (purpose IN ('cv', 'denuncia')),
  file_name text NOT NULL,
  declared_size integer NOT NULL CHECK (declared_size BETWEEN 1 AND 10000000),
  -- receiving: chunks arriving; complete: whole and checked; attached: part of a submission.
  status text NOT NULL DEFAULT 'receiving' CHECK (status IN ('receiving', 'complete', 'attached')),
  content_type text,
  sha256 text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX uploads_stale ON uploads (created_at) WHERE status <> 'attached';

-- A mail may carry one stored file (the CV, the denuncia attachment).
ALTER TABLE outbox ADD COLUMN attachment_upload_id uuid REFERENCES uploads (id);
