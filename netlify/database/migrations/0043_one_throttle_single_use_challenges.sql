-- Staff sign-in joins the one throttle of every secret typed (src/server/throttle/): a row per
-- counter, a keyed hash of an e-mail and client group (an IPv4 address or an IPv6 /64), of a
-- client group, or of an account's second factor, never an e-mail or an address, with its run of
-- failures and the time of its last attempt. The rows of the old per-failure count hold no more
-- than 15 minutes' worth and are dropped with it.
DROP TABLE login_failures;
CREATE TABLE login_failures (
  client text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 1 CHECK (failures >= 0),
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_age ON login_failures (failed_at);

-- A password step's challenge, single-use and bound to the client group that typed the password
-- (a keyed hash): the second step is accepted only from that group, and the sign-in it starts
-- deletes the row, so one password step yields at most one session. A row never redeemed is
-- pruned by a later password step once expired.
CREATE TABLE sign_in_challenges (
  id uuid PRIMARY KEY,
  admin_id uuid NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
  client text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX sign_in_challenges_age ON sign_in_challenges (expires_at);
