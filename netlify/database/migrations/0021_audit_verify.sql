-- Staff run the reconciliation of one Webpay payment ("Verificar estado en Webpay";
-- src/server/payments/admin-verify.ts): audit action `verify`. After 0020, which set this list
-- last (with `retry`), so neither action is lost.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (
  action IN ('create', 'update', 'delete', 'password', 'import', 'sign_in', 'sign_in_failed', 'sign_out', 'renew', 'view', 'export', 'retry', 'verify')
);
