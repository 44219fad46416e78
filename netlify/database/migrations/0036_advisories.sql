-- Avisos: health and service notices by town (src/server/advisories/, src/shared/advisories/schema.ts),
-- published, updated and lifted by staff as outages are, told to the towns' alert subscribers, and
-- published as CAP 1.2 with the outages (src/server/cap/).

-- A notice. `borrador` until published; `publicado` while it holds; `levantado` once lifted (the
-- lift message says what people may do again). A restriction carries its level (1 to 4).
CREATE TABLE advisories (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('hervir', 'no-beber', 'no-usar', 'turbiedad', 'restriccion', 'congelamiento')),
  restriction_level smallint CHECK (restriction_level BETWEEN 1 AND 4),
  sectors text NOT NULL DEFAULT '',
  starts_at timestamptz NOT NULL,
  -- Expected end; a health notice often has none until the samples are clean.
  ends_at timestamptz CHECK (ends_at > starts_at),
  instructions text NOT NULL,
  lift_message text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'borrador' CHECK (status IN ('borrador', 'publicado', 'levantado')),
  published_at timestamptz,
  lifted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'restriccion') = (restriction_level IS NOT NULL))
);
CREATE INDEX advisories_current ON advisories (starts_at) WHERE status = 'publicado';
CREATE INDEX advisories_lifted ON advisories (lifted_at) WHERE status = 'levantado';

-- The towns a notice covers (one or more, of the outages' towns).
CREATE TABLE advisory_towns (
  advisory_id bigint NOT NULL REFERENCES advisories (id) ON DELETE CASCADE,
  town text NOT NULL REFERENCES outage_towns (slug),
  PRIMARY KEY (advisory_id, town)
);
CREATE INDEX advisory_towns_town ON advisory_towns (town);

-- Where people get safe water while it holds (optional), as an outage's supply points.
CREATE TABLE advisory_supply_points (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  advisory_id bigint NOT NULL REFERENCES advisories (id) ON DELETE CASCADE,
  name text NOT NULL,
  address text NOT NULL,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  hours text NOT NULL DEFAULT ''
);
CREATE INDEX advisory_supply_points_advisory ON advisory_supply_points (advisory_id, id);

-- Time-stamped notes shown to the public under the notice.
CREATE TABLE advisory_updates (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  advisory_id bigint NOT NULL REFERENCES advisories (id) ON DELETE CASCADE,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX advisory_updates_advisory ON advisory_updates (advisory_id, id);

-- What subscribers and CAP are told, as outage_notices: the publication, each update and the lift,
-- written in the transaction of the step. Each row is one CAP message (Alert, Update, Cancel); the
-- alerts function mails it to the confirmed subscribers of any of the notice's towns.
CREATE TABLE advisory_notices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  advisory_id bigint NOT NULL REFERENCES advisories (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('published', 'update', 'lifted')),
  update_id bigint REFERENCES advisory_updates (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  done_at timestamptz
);
CREATE INDEX advisory_notices_pending ON advisory_notices (id) WHERE done_at IS NULL;
CREATE INDEX advisory_notices_advisory ON advisory_notices (advisory_id, id);
CREATE INDEX outage_notices_outage ON outage_notices (outage_id, id);

CREATE TABLE advisory_alerts (
  notice_id bigint NOT NULL REFERENCES advisory_notices (id) ON DELETE CASCADE,
  subscription_id uuid NOT NULL REFERENCES outage_subscriptions (id) ON DELETE CASCADE,
  unsubscribe_token_hash text UNIQUE,
  queued_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (notice_id, subscription_id)
);

-- Audit: notices. After 0035, which set these lists last.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_entity_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_check CHECK (
  entity IN ('admin', 'document', 'report', 'education', 'file', 'accounts', 'session', 'payment', 'payments', 'mail', 'case', 'case_settings', 'outage', 'outage_town', 'rights_request', 'advisory')
);
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (
  action IN ('create', 'update', 'delete', 'password', 'import', 'sign_in', 'sign_in_failed', 'sign_out', 'renew', 'view', 'export', 'retry', 'verify', 'reply', 'publish', 'extend', 'lift')
);
