-- The warning before a high bill (docs/features/consumption.md): one row per service and period
-- warned, written by the readings import's call to src/server/consumption/warnings.ts. The key is
-- the warning's "once": two imports of the same period, even at once on two connections, write one
-- row, and only the one that wrote it queues the mail (in the same statement). The row stays when
-- no mail could go, with the reason, so staff see every warned service at Cuentas.
-- No foreign key to consumption_periods: an import that replaces a period must not take its
-- warning with it (it would be warned again). The warning goes with its account, or after the
-- periods' 24 months (retention.consumptionWarnings).
CREATE TABLE consumption_warnings (
  service_number text NOT NULL REFERENCES accounts (service_number) ON DELETE CASCADE,
  period text NOT NULL CHECK (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  -- What was compared: the period's m³ against the average of the service's last real readings
  -- before it (at most six), and how many readings that average took.
  consumption_m3 integer NOT NULL CHECK (consumption_m3 >= 0),
  average_m3 numeric(10, 1) NOT NULL CHECK (average_m3 >= 0),
  readings integer NOT NULL CHECK (readings BETWEEN 1 AND 6),
  -- The address the mail was queued to, or why none was: no e-mail on file, the holder opted out,
  -- a bloqueo or oposición of the rights desk marks the mailbox. The phone alerts will add their
  -- own pair of columns beside these.
  email text,
  email_not_sent text CHECK (email_not_sent IN ('sin-correo', 'baja', 'bloqueo')),
  -- The SHA-256 of the mail's opt-out link (src/server/link-tokens.ts); none when no mail went.
  opt_out_token_hash text UNIQUE,
  warned_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (service_number, period),
  CHECK ((email IS NULL) = (email_not_sent IS NOT NULL)),
  CHECK ((email IS NULL) = (opt_out_token_hash IS NULL))
);

-- Cuentas lists them by import, the most recent first.
CREATE INDEX consumption_warnings_warned ON consumption_warnings (warned_at DESC, service_number);

-- The holder's "no more warnings" for a service, from a warning's link. A table, not a column of
-- accounts: accounts mirrors the billing system's export (each import upserts its columns), while
-- this is the holder's own choice made on the site; it must outlive every import, and the rights
-- desk reads it apart. It goes with the account.
CREATE TABLE consumption_warning_opt_outs (
  service_number text PRIMARY KEY REFERENCES accounts (service_number) ON DELETE CASCADE,
  opted_out_at timestamptz NOT NULL DEFAULT now()
);
