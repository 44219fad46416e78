-- The outbox never gives up on a mail it has not sent (src/server/mail/outbox.ts): no
-- terminal 'failed'. A mail the provider refuses for itself (an invalid recipient) is 'held' for
-- staff (Correo saliente) and does not block the rest; every other failure retries, at most an
-- hour apart, until it is sent.

ALTER TABLE outbox DROP CONSTRAINT outbox_status_check;
UPDATE outbox SET status = 'pending', next_attempt_at = now() WHERE status = 'failed';
ALTER TABLE outbox ADD CONSTRAINT outbox_status_check CHECK (status IN ('pending', 'sending', 'sent', 'held'));

-- Why the last attempt failed, classified (src/shared/outbox.ts): 'rejected' (this mail: held),
-- 'configuration' (the key or the sender: every mail waits for the operator), 'provider' (down,
-- over quota, unreachable: it passes).
ALTER TABLE outbox ADD COLUMN problem text CHECK (problem IN ('rejected', 'configuration', 'provider'));

-- Correo saliente lists what is not sent yet, oldest first.
CREATE INDEX outbox_unsent ON outbox (created_at) WHERE status <> 'sent';

-- Staff retry a mail by hand ("Reintentar ahora"), with its audit row.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (
  action IN ('create', 'update', 'delete', 'password', 'import', 'sign_in', 'sign_in_failed', 'sign_out', 'renew', 'view', 'export', 'retry')
);
ALTER TABLE audit_log DROP CONSTRAINT audit_log_entity_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_check CHECK (
  entity IN ('admin', 'document', 'report', 'education', 'file', 'accounts', 'session', 'payment', 'payments', 'mail')
);
