-- Cortes de agua published by staff (src/server/outages/, src/shared/outages.ts).

-- The utility's towns, in the order /cortes lists them; staff may add one later. The coordinates
-- place the town's marker on the map.
CREATE TABLE outage_towns (
  slug text PRIMARY KEY CHECK (slug ~ '^[a-z0-9-]+$'),
  name text NOT NULL UNIQUE,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  position integer NOT NULL DEFAULT 100
);
INSERT INTO outage_towns (slug, name, latitude, longitude, position) VALUES
  ('coyhaique', 'Coyhaique', -45.5712, -72.0685, 1),
  ('puerto-aysen', 'Puerto Aysén', -45.4030, -72.6918, 2),
  ('puerto-chacabuco', 'Puerto Chacabuco', -45.4667, -72.8167, 3),
  ('puerto-cisnes', 'Puerto Cisnes', -44.7290, -72.6830, 4),
  ('balmaceda', 'Balmaceda', -45.9167, -71.6939, 5),
  ('puerto-ibanez', 'Puerto Ibáñez', -46.2939, -71.9375, 6),
  ('chile-chico', 'Chile Chico', -46.5411, -71.7247, 7),
  ('cochrane', 'Cochrane', -47.2543, -72.5739, 8);

-- An outage. `borrador` until published; then Publicado (announced), En curso, and closed as
-- Restablecido or Cancelado. A planned one published less than 48 hours before it starts keeps
-- why (`short_notice_reason`).
CREATE TABLE outages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('programado', 'emergencia')),
  town text NOT NULL REFERENCES outage_towns (slug),
  sectors text NOT NULL,
  streets text NOT NULL DEFAULT '',
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL CHECK (ends_at > starts_at),
  cause text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'borrador'
    CHECK (status IN ('borrador', 'publicado', 'en_curso', 'restablecido', 'cancelado')),
  short_notice_reason text,
  published_at timestamptz,
  closed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outages_current ON outages (town, starts_at) WHERE status IN ('publicado', 'en_curso');

-- Time-stamped notes shown to the public under the outage.
CREATE TABLE outage_updates (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  outage_id bigint NOT NULL REFERENCES outages (id) ON DELETE CASCADE,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outage_updates_outage ON outage_updates (outage_id, id);

-- Where people get water while it lasts.
CREATE TABLE outage_supply_points (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  outage_id bigint NOT NULL REFERENCES outages (id) ON DELETE CASCADE,
  name text NOT NULL,
  address text NOT NULL,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  hours text NOT NULL DEFAULT ''
);
CREATE INDEX outage_supply_points_outage ON outage_supply_points (outage_id, id);

-- What subscribers are told: the publication of an outage and each of its updates, written in the
-- transaction that publishes or updates; the alerts function mails each to the town's confirmed
-- subscribers in batches (outage_alerts keeps who got which, so nobody gets one twice).
CREATE TABLE outage_notices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  outage_id bigint NOT NULL REFERENCES outages (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('published', 'update', 'closed')),
  update_id bigint REFERENCES outage_updates (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Every subscriber of its town has been queued a mail.
  done_at timestamptz
);
CREATE INDEX outage_notices_pending ON outage_notices (id) WHERE done_at IS NULL;

-- E-mail alerts by town: double opt-in, no account. Tokens are stored as SHA-256 hashes, one per
-- purpose (confirm, unsubscribe), so neither a database dump nor one token gives the other.
CREATE TABLE outage_subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  towns text[] NOT NULL CHECK (cardinality(towns) > 0),
  confirm_token_hash text NOT NULL UNIQUE,
  unsubscribe_token_hash text NOT NULL UNIQUE,
  confirmed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX outage_subscriptions_email ON outage_subscriptions (lower(email));

CREATE TABLE outage_alerts (
  notice_id bigint NOT NULL REFERENCES outage_notices (id) ON DELETE CASCADE,
  subscription_id uuid NOT NULL REFERENCES outage_subscriptions (id) ON DELETE CASCADE,
  queued_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (notice_id, subscription_id)
);

-- "¿Me afecta?": a service's town, from the billing import (a column `locality`, optional).
ALTER TABLE accounts ADD COLUMN locality text REFERENCES outage_towns (slug);

-- Audit: outages and towns. After 0022, which set these lists last.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_entity_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_entity_check CHECK (
  entity IN ('admin', 'document', 'report', 'education', 'file', 'accounts', 'session', 'payment', 'payments', 'mail', 'case', 'case_settings', 'outage', 'outage_town')
);
ALTER TABLE audit_log DROP CONSTRAINT audit_log_action_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check CHECK (
  action IN ('create', 'update', 'delete', 'password', 'import', 'sign_in', 'sign_in_failed', 'sign_out', 'renew', 'view', 'export', 'retry', 'verify', 'reply', 'publish')
);
