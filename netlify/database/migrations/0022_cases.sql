-- Atención ciudadana (src/server/cases/): every contact message, complaint, job
-- application and motorhome registration is a case staff work on. The submission's own row keeps
-- what the citizen sent; the case is joined to it by the reference both carry.
CREATE TABLE cases (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('reclamo', 'mensaje', 'postulacion', 'motorhome')),
  reference text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'recibido' CHECK (status IN ('recibido', 'en_revision', 'respondido', 'cerrado')),
  citizen_name text NOT NULL,
  -- The e-mail given in the form: /seguimiento asks for it with the reference.
  citizen_email text NOT NULL,
  locality text NOT NULL DEFAULT '',
  received_at timestamptz NOT NULL DEFAULT now(),
  -- The last day to answer in Chile's calendar (business days, src/server/business-days.ts);
  -- NULL for the kinds without a deadline.
  due_on date,
  assignee_id uuid REFERENCES admins (id) ON DELETE SET NULL,
  answered_at timestamptz,
  closed_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cases_due ON cases (due_on NULLS LAST, received_at);
CREATE INDEX cases_open_due ON cases (due_on) WHERE status IN ('recibido', 'en_revision') AND due_on IS NOT NULL;
CREATE INDEX cases_closed ON cases (closed_at) WHERE status = 'cerrado';

-- Internal notes (staff only) and replies (mailed to the citizen, shown on /seguimiento).
CREATE TABLE case_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  case_id bigint NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('note', 'reply')),
  body text NOT NULL,
  admin_id uuid REFERENCES admins (id) ON DELETE SET NULL,
  -- Kept as written: the entry still says who wrote it after that admin is deleted.
  admin_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX case_entries_case ON case_entries (case_id, created_at);

-- The desk's settings: one row. The service target of a contact message, in business days.
CREATE TABLE case_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  message_business_days integer NOT NULL DEFAULT 5 CHECK (message_business_days BETWEEN 1 AND 30),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO case_settings DEFAULT VALUES;

-- /seguimiento's lookups that found nothing, per client (a salted hash of its address), for its
-- throttle; rows older than a day are pruned as new ones are written.
CREATE TABLE follow_up_failures (
  client text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX follow_up_failures_recent ON follow_up_failures (client, failed_at);
CREATE INDEX follow_up_failures_age ON follow_up_failures (failed_at);

-- The staff digest goes once a Chilean day, whichever run of the schedule sends it.
CREATE TABLE case_digests (
  day date PRIMARY KEY,
  cases integer NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now()
);

-- What was received before this migration becomes a case too. Its due date is left unset: the
-- business-day calendar lives in the server, not in SQL, and a wrong date is worse than none.
INSERT INTO cases (kind, reference, citizen_name, citizen_email, locality, received_at)
SELECT 'reclamo', reference, name || ' ' || surname, email, city, created_at FROM complaints
UNION ALL
SELECT 'mensaje', reference, name || ' ' || surname, email, city, created_at FROM contact_messages
UNION ALL
SELECT 'postulacion', reference, name, email, '', created_at FROM job_applications
UNION ALL
SELECT 'motorhome', reference, name || ' ' || surname, email, city, created_at FROM motorhome_registrations;

-- Audit: replies to citizens (action `reply`), cases and the desk's settings. After 0021 (actions) and 0020
-- (entities), which set these lists last, so nothing is lost.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (
  action IN ('create', 'update', 'delete', 'password', 'import', 'sign_in', 'sign_in_failed', 'sign_out', 'renew', 'view', 'export', 'retry', 'verify', 'reply')
);
ALTER TABLE audit_log DROP CONSTRAINT audit_log_entity_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_check CHECK (
  entity IN ('admin', 'document', 'report', 'education', 'file', 'accounts', 'session', 'payment', 'payments', 'mail', 'case', 'case_settings')
);
