-- Derechos ARCO+ (Ley 19.628 as amended by Ley 21.719, src/server/rights/): a person asks for
-- access, rectification, erasure, objection, portability or blocking of their data from
-- /privacidad/derechos. Each request is a case of Atención ciudadana (kind 'derechos': its status,
-- due date, notes, replies, /seguimiento and the digest are the desk's); what only a rights
-- request has lives here, joined by the reference both carry.
ALTER TABLE cases DROP CONSTRAINT cases_kind_check;
ALTER TABLE cases ADD CONSTRAINT cases_kind_check CHECK (kind IN ('reclamo', 'mensaje', 'postulacion', 'motorhome', 'derechos'));

CREATE TABLE rights_requests (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reference text NOT NULL UNIQUE,
  type text NOT NULL CHECK (type IN ('acceso', 'rectificacion', 'supresion', 'oposicion', 'portabilidad', 'bloqueo')),
  name text NOT NULL,
  email text NOT NULL,
  rut text NOT NULL DEFAULT '',
  service_number text NOT NULL DEFAULT '',
  details text NOT NULL,
  -- The e-mail is confirmed through a link mailed to it: only the token's SHA-256 hash is kept,
  -- cleared when it is used, so one link confirms once.
  confirm_token_hash text UNIQUE,
  confirm_expires_at timestamptz NOT NULL,
  email_confirmed_at timestamptz,
  -- More proof of identity staff asked for, and what the person sent (the desk's record of it).
  proof_requested text,
  proof_requested_at timestamptz,
  proof_received text,
  proof_received_at timestamptz,
  -- The one extension the law allows (15 more business days), with the reason mailed to the person.
  extended_at timestamptz,
  extension_reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rights_requests_email ON rights_requests (lower(email));

-- A download of what the site holds about a person (acceso, portabilidad): a ZIP kept in the
-- uploads store under exports/{id} until it is downloaded once or its link expires. The link's
-- token is stored hashed.
CREATE TABLE rights_exports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  request_id bigint NOT NULL REFERENCES rights_requests (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  file_name text NOT NULL,
  size integer NOT NULL,
  expires_at timestamptz NOT NULL,
  downloaded_at timestamptz,
  bytes_deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rights_exports_pending ON rights_exports (expires_at) WHERE bytes_deleted_at IS NULL;

-- Bloqueo and oposición: a person's e-mail, RUT or service number no mail, alert or processing
-- other than legal retention may touch. Kept after the request itself is deleted by retention.
CREATE TABLE data_blocks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reference text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('bloqueo', 'oposicion')),
  email text NOT NULL DEFAULT '',
  rut text NOT NULL DEFAULT '',
  service_number text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX data_blocks_email ON data_blocks (lower(email)) WHERE email <> '';

-- The privacy mailbox's digest of requests due soon goes once a Chilean day.
CREATE TABLE rights_digests (
  day date PRIMARY KEY,
  requests integer NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now()
);

-- Audit: rights requests and their one extension. After 0025, which set these lists last.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_entity_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_check CHECK (
  entity IN ('admin', 'document', 'report', 'education', 'file', 'accounts', 'session', 'payment', 'payments', 'mail', 'case', 'case_settings', 'outage', 'outage_town', 'rights_request')
);
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (
  action IN ('create', 'update', 'delete', 'password', 'import', 'sign_in', 'sign_in_failed', 'sign_out', 'renew', 'view', 'export', 'retry', 'verify', 'reply', 'publish', 'extend')
);
