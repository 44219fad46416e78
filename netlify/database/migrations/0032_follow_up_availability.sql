-- No stranger locks the right code out of a follow-up page or silences someone's alerts.
--
-- The throttles of /seguimiento and /denuncias/seguimiento (src/server/failure-throttle.ts): one
-- row per client group (a keyed hash of an IPv4 address or of an IPv6 /64, never the address) with
-- its run of failures and the time of its last attempt, so that checking and counting an attempt is
-- one INSERT ... ON CONFLICT DO UPDATE on that row: concurrent attempts of one client queue on it
-- and cannot all pass a count read beforehand. A row past its retention (a day after its last
-- attempt) is deleted by the hourly clean-up, as the rows of the tables it replaces were.
CREATE TABLE receipt_throttle (
  client text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 1 CHECK (failures >= 0),
  failed_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO receipt_throttle (client, failures, failed_at)
  SELECT client, count(*), max(failed_at) FROM receipt_failures GROUP BY client;
DROP TABLE receipt_failures;
ALTER TABLE receipt_throttle RENAME TO receipt_failures;
ALTER INDEX receipt_throttle_pkey RENAME TO receipt_failures_pkey;
CREATE INDEX receipt_failures_age ON receipt_failures (failed_at);

CREATE TABLE follow_up_throttle (
  client text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 1 CHECK (failures >= 0),
  failed_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO follow_up_throttle (client, failures, failed_at)
  SELECT client, count(*), max(failed_at) FROM follow_up_failures GROUP BY client;
DROP TABLE follow_up_failures;
ALTER TABLE follow_up_throttle RENAME TO follow_up_failures;
ALTER INDEX follow_up_throttle_pkey RENAME TO follow_up_failures_pkey;
CREATE INDEX follow_up_failures_age ON follow_up_failures (failed_at);

-- Alerts of cortes: a new request for an e-mail whose subscription is confirmed never touches
-- that subscription (it kept being replaced and unconfirmed, so anyone could silence another's
-- alerts). The requested towns wait beside it with their own confirmation token and their own
-- token to discard them, until that link is opened (outage-alerts/subscriptions.ts); a change
-- never confirmed is cleared after the confirmation period like an unconfirmed subscription.
ALTER TABLE outage_subscriptions
  ADD COLUMN change_towns text[] CHECK (cardinality(change_towns) > 0),
  ADD COLUMN change_token_hash text UNIQUE,
  ADD COLUMN change_discard_token_hash text UNIQUE,
  ADD COLUMN change_requested_at timestamptz,
  ADD CONSTRAINT outage_subscriptions_change_whole CHECK (
    (change_towns IS NULL) = (change_token_hash IS NULL)
    AND (change_towns IS NULL) = (change_discard_token_hash IS NULL)
    AND (change_towns IS NULL) = (change_requested_at IS NULL)
  );
CREATE INDEX outage_subscriptions_change_age ON outage_subscriptions (change_requested_at)
  WHERE change_requested_at IS NOT NULL;
