-- The audit log records access as well as changes (OWASP ASVS 5.0 §16): sign-ins and
-- failed attempts, sign-outs, token renewals, a payment's detail being read and the payments
-- export (every payer's e-mail). A failed attempt for an unknown e-mail has no admin.

ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (
  action IN ('create', 'update', 'delete', 'password', 'import', 'sign_in', 'sign_in_failed', 'sign_out', 'renew', 'view', 'export')
);
ALTER TABLE audit_log DROP CONSTRAINT audit_log_entity_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_check CHECK (
  entity IN ('admin', 'document', 'report', 'education', 'file', 'accounts', 'session', 'payment', 'payments')
);
