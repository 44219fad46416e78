-- Denuncias as a whistleblowing channel (src/server/denuncias/).

-- Roles: `administrador` (every admin screen there was) and `cumplimiento` (the crime-prevention
-- officer: the denuncias desk). An account holds one or both; only a compliance user grants or
-- withdraws `cumplimiento`, and no administrator reads a denuncia.
ALTER TABLE admins ADD COLUMN roles text[] NOT NULL DEFAULT ARRAY['administrador'];
ALTER TABLE admins ADD CONSTRAINT admins_roles_check CHECK (
  cardinality(roles) > 0 AND roles <@ ARRAY['administrador', 'cumplimiento']
);

-- A denuncia's case on the desk.
ALTER TABLE denuncias
  -- scrypt of the 16-digit receipt code (src/server/denuncias/receipt.ts); NULL before 0024.
  ADD COLUMN receipt_hash text UNIQUE,
  ADD COLUMN status text NOT NULL DEFAULT 'recibida'
    CHECK (status IN ('recibida', 'en_analisis', 'en_investigacion', 'cerrada')),
  -- The reporter asked, on the follow-up page, for a content-free notice of new messages at the
  -- e-mail they gave.
  ADD COLUMN notify_reporter boolean NOT NULL DEFAULT false,
  ADD COLUMN acknowledged_at timestamptz,
  ADD COLUMN closed_at timestamptz,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX denuncias_open ON denuncias (created_at) WHERE status <> 'cerrada';
CREATE INDEX denuncias_closed ON denuncias (closed_at) WHERE status = 'cerrada';

-- The two-way follow-up: messages of the reporter (through the receipt code) and of compliance,
-- and compliance's internal notes. Bodies sealed; an attachment is an upload whose bytes are
-- sealed in storage.
CREATE TABLE denuncia_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  denuncia_id bigint NOT NULL REFERENCES denuncias (id) ON DELETE CASCADE,
  author text NOT NULL CHECK (author IN ('reporter', 'compliance', 'note')),
  body text NOT NULL,
  attachment_upload_id uuid REFERENCES uploads (id),
  admin_id uuid REFERENCES admins (id) ON DELETE SET NULL,
  admin_name text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX denuncia_messages_denuncia ON denuncia_messages (denuncia_id, id);

-- The compliance trail: every view and action on the desk, read by compliance only. Denuncias
-- never appear in audit_log, which every administrator reads.
CREATE TABLE compliance_trail (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  admin_id uuid REFERENCES admins (id) ON DELETE SET NULL,
  admin_email text NOT NULL,
  action text NOT NULL CHECK (action IN ('view', 'list', 'download', 'status', 'reply', 'note', 'grant', 'withdraw')),
  denuncia_reference text,
  summary text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX compliance_trail_recent ON compliance_trail (id DESC);

-- Failed receipt codes, for the throttle: per client (a keyed hash of its address) and in total.
CREATE TABLE receipt_failures (
  client text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX receipt_failures_recent ON receipt_failures (failed_at, client);

-- Content-free reminders to the compliance mailbox, one per denuncia and deadline.
CREATE TABLE denuncia_reminders (
  denuncia_id bigint NOT NULL REFERENCES denuncias (id) ON DELETE CASCADE,
  deadline text NOT NULL CHECK (deadline IN ('acknowledgement', 'feedback', 'investigation')),
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (denuncia_id, deadline)
);
