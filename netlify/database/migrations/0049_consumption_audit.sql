-- Mi consumo at Cuentas: staff looking at a service's readings is an access the log keeps
-- (netlify/functions/admin-consumption.ts).
ALTER TABLE audit_log DROP CONSTRAINT audit_log_entity_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_check CHECK (
  entity IN ('admin', 'document', 'report', 'education', 'file', 'accounts', 'session', 'payment', 'payments', 'mail', 'case', 'case_settings', 'outage', 'outage_town', 'rights_request', 'advisory', 'consumption')
);
