-- The admin area (docs/reference/admin-api.md).

-- Every access token carries the version it was issued with (src/server/auth/tokens.ts); signing
-- out or changing the password bumps it, so every token issued before stops working.
ALTER TABLE admins ADD COLUMN session_version integer NOT NULL DEFAULT 0;

-- Every change an admin makes, written by the same statement as the change (src/server/audit.ts).
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Kept when the admin is deleted: the e-mail still says who it was.
  admin_id uuid REFERENCES admins (id) ON DELETE SET NULL,
  admin_email text NOT NULL,
  action text NOT NULL CHECK (action IN ('create', 'update', 'delete', 'password')),
  entity text NOT NULL CHECK (entity IN ('admin', 'document', 'report', 'education', 'file')),
  entity_id text NOT NULL,
  -- In words (a title, an e-mail, a type and year); never a password.
  summary text NOT NULL
);

-- Files staff publish for the public pages (src/server/published-files.ts), up to 20 MB.
ALTER TABLE uploads DROP CONSTRAINT uploads_purpose_check;
ALTER TABLE uploads ADD CONSTRAINT uploads_purpose_check CHECK (purpose IN ('cv', 'denuncia', 'publication'));
ALTER TABLE uploads DROP CONSTRAINT uploads_declared_size_check;
ALTER TABLE uploads ADD CONSTRAINT uploads_declared_size_check CHECK (declared_size BETWEEN 1 AND 20000000);

-- The lists staff edit say when each row last changed, whichever statement changes it (one that
-- sets updated_at itself, such as a data import, keeps its value).
CREATE FUNCTION set_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER documents_updated_at BEFORE UPDATE ON documents FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER reports_updated_at BEFORE UPDATE ON reports FOR EACH ROW EXECUTE FUNCTION set_updated_at();
CREATE TRIGGER education_documents_updated_at BEFORE UPDATE ON education_documents FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- Pagos Webpay lists bills newest first (src/server/payments.ts).
CREATE INDEX bills_newest ON bills (created_at DESC, id DESC);
