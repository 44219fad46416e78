-- Alerts by phone (src/server/phone-alerts/, src/server/outage-alerts/; docs/reference/outage-alerts-api.md).

-- One subscription table for every channel: a subscription is an e-mail's (double opt-in by its
-- links' tokens) or a phone's (confirmed by a code sent to it, or by a text from it), so one
-- fan-out and one table of alerts per kind of notice serve both. `code_hash` is the SHA-256 of the
-- 6-digit code last sent, single-use, valid until `code_expires_at`; it confirms the subscription,
-- or its pending change (change_towns, change_channel) once it is confirmed. `source`: the site's form, a text to
-- the utility's number (CORTES <LOCALIDAD>), or the billing export's contact phone.
ALTER TABLE outage_subscriptions
  ALTER COLUMN email DROP NOT NULL,
  ALTER COLUMN confirm_token_hash DROP NOT NULL,
  ALTER COLUMN unsubscribe_token_hash DROP NOT NULL,
  ADD COLUMN phone text CHECK (phone ~ '^\+56(9[0-9]{8}|67[0-9]{7})$'),
  ADD COLUMN channel text NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'sms', 'whatsapp', 'voz')),
  ADD COLUMN code_hash text,
  ADD COLUMN code_expires_at timestamptz,
  ADD COLUMN change_channel text CHECK (change_channel IN ('sms', 'whatsapp', 'voz')),
  ADD COLUMN source text NOT NULL DEFAULT 'web' CHECK (source IN ('web', 'sms', 'billing')),
  ADD CONSTRAINT outage_subscriptions_one_address CHECK (
    (email IS NULL) <> (phone IS NULL)
    AND (phone IS NULL) = (channel = 'email')
    AND (email IS NULL OR (confirm_token_hash IS NOT NULL AND unsubscribe_token_hash IS NOT NULL))
    -- A landline hears its alerts: it cannot read a text.
    AND (phone IS NULL OR phone LIKE '+569%' OR channel = 'voz')
  );
CREATE UNIQUE INDEX outage_subscriptions_phone ON outage_subscriptions (phone);
-- A pending change is whole: an e-mail's with its two links' tokens, a phone's with its channel
-- (its code is the row's own).
ALTER TABLE outage_subscriptions DROP CONSTRAINT outage_subscriptions_change_whole;
ALTER TABLE outage_subscriptions ADD CONSTRAINT outage_subscriptions_change_whole CHECK (
  (change_towns IS NULL) = (change_requested_at IS NULL)
  AND (change_towns IS NULL OR (phone IS NULL) = (change_token_hash IS NOT NULL AND change_discard_token_hash IS NOT NULL))
  AND (change_towns IS NULL OR (phone IS NULL) = (change_channel IS NULL))
  AND (change_towns IS NOT NULL OR (change_token_hash IS NULL AND change_discard_token_hash IS NULL AND change_channel IS NULL))
);

-- The outbox of every channel. `channel` says how a row goes (its recipient an e-mail or an
-- E.164); a phone's row keeps the provider's id of its message or call and the last status the
-- provider's callbacks told (queued, sent, delivered, undelivered, failed; a call's completed,
-- busy, no-answer…), so staff see what reached the phone.
ALTER TABLE outbox
  ADD COLUMN channel text NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'sms', 'whatsapp', 'voz')),
  ADD COLUMN provider_id text,
  ADD COLUMN provider_status text,
  ADD COLUMN provider_status_at timestamptz;
CREATE UNIQUE INDEX outbox_provider_id ON outbox (provider_id) WHERE provider_id IS NOT NULL;
-- Each channel's claim walks its own due rows: 20,000 queued texts never slow a mail's claim.
DROP INDEX outbox_due;
CREATE INDEX outbox_due ON outbox ((channel = 'email'), next_attempt_at, id) WHERE status IN ('pending', 'sending');

-- Each provider's rate limit is its own: one row per provider, taken in turns by every run.
ALTER TABLE mail_pace RENAME TO provider_pace;
ALTER TABLE provider_pace DROP CONSTRAINT mail_pace_pkey;
ALTER TABLE provider_pace DROP CONSTRAINT mail_pace_id_check;
ALTER TABLE provider_pace ALTER COLUMN id DROP DEFAULT;
ALTER TABLE provider_pace ALTER COLUMN id TYPE text USING 'email';
ALTER TABLE provider_pace RENAME COLUMN id TO channel;
ALTER TABLE provider_pace ADD PRIMARY KEY (channel);
ALTER TABLE provider_pace ADD CHECK (channel IN ('email', 'phone'));
INSERT INTO provider_pace (channel) VALUES ('phone');

-- Texts to the utility's number, by the provider's id: a request posted again (a retry of the
-- provider's, or a replay) is answered without acting twice. Kept 30 days (retention.ts).
CREATE TABLE phone_inbound (
  message_sid text PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX phone_inbound_received ON phone_inbound (received_at);

-- "SIGO SIN AGUA": a phone told after a restoration that the water has not come back. One per
-- phone and outage (a keyed hash of the E.164, not the phone: a BAJA takes the subscription, the
-- count stays), with the town of the subscription; staff mark them answered.
CREATE TABLE outage_water_reports (
  outage_id bigint NOT NULL REFERENCES outages (id) ON DELETE CASCADE,
  phone_hash text NOT NULL,
  town text NOT NULL REFERENCES outage_towns (slug) ON DELETE CASCADE,
  reported_at timestamptz NOT NULL DEFAULT now(),
  answered_at timestamptz,
  PRIMARY KEY (outage_id, phone_hash)
);

-- The phones of the billing export (accounts.contact_phone) subscribed to their services' towns
-- while staff have it on (phone-alerts/billing-phones.ts); a phone that answered BAJA is kept in
-- phone_opt_outs, the number itself (a suppression list has to hold what it suppresses), so no
-- later import subscribes it again.
CREATE TABLE phone_alert_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  billing_phones boolean NOT NULL DEFAULT false
);
INSERT INTO phone_alert_settings DEFAULT VALUES;
CREATE TABLE phone_opt_outs (
  phone text PRIMARY KEY,
  opted_out_at timestamptz NOT NULL DEFAULT now()
);

-- The one run at a time of the background sender of the phones' queue
-- (netlify/functions/phone-alerts-send-background.ts): a lease, taken by one statement.
CREATE TABLE phone_send_lease (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  held_until timestamptz NOT NULL DEFAULT '-infinity'
);
INSERT INTO phone_send_lease DEFAULT VALUES;
