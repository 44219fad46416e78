-- The billing CSV import in the admin area (docs/reference/admin-api.md) and the first
-- administrator's one-time bootstrap.

-- The export travels as an upload of its own purpose (admins only, like publications), deleted
-- once imported.
ALTER TABLE uploads DROP CONSTRAINT uploads_purpose_check;
ALTER TABLE uploads ADD CONSTRAINT uploads_purpose_check CHECK (purpose IN ('cv', 'denuncia', 'publication', 'accounts'));

-- An import is one audit row with its counts (never the data).
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (action IN ('create', 'update', 'delete', 'password', 'import'));
ALTER TABLE audit_log DROP CONSTRAINT audit_log_entity_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_check CHECK (entity IN ('admin', 'document', 'report', 'education', 'file', 'accounts'));

-- The import keeps the balance of every account paid online after the export was taken
-- (src/server/accounts-import.ts): it looks up the bills paid since a moment.
CREATE INDEX bills_paid_at ON bills (paid_at) WHERE status = 'paid';
