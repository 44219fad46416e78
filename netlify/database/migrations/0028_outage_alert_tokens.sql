-- Cortes: e-mail alerts (src/server/outage-alerts/). Every alert mail carries a link to
-- unsubscribe, but only a token's SHA-256 hash is stored, so the alerts function cannot put the
-- subscription's own unsubscribe token into a mail: it never has it. Each alert gets a fresh
-- random token instead, its hash kept with the alert row written in the same statement as the
-- mail; unsubscribing accepts the subscription's token (its confirmation mail) or any of its alerts'.
ALTER TABLE outage_alerts ADD COLUMN unsubscribe_token_hash text UNIQUE;
