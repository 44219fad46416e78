-- Mail (src/server/mail/outbox.ts; docs/security.md "Mail").

-- The deploy context that wrote each mail (production, deploy-preview, branch-deploy, dev). A run
-- sends only its own context's mail: a deploy preview's database branch is a copy of production's,
-- production's unsent mail included, and must never send it. NULL is mail written before this
-- migration (or inserted by hand): production's in production's database and in its copies, local
-- mode's own in a local one; so production and local mode send it, previews and branch deploys
-- never do.
ALTER TABLE outbox ADD COLUMN context text;

-- The alerts of one fan-out batch share a batch_id and go to the provider in one request (Resend's
-- batch endpoint, up to 100 mails), claimed together so that a retry repeats the same request.
ALTER TABLE outbox ADD COLUMN batch_id uuid;
CREATE INDEX outbox_due_batch ON outbox (batch_id) WHERE batch_id IS NOT NULL AND status IN ('pending', 'sending');

-- The provider's rate limit is per team, not per run: every run takes its turn from this one row,
-- and a 429's Retry-After moves it for all of them.
CREATE TABLE mail_pace (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  next_slot timestamptz NOT NULL DEFAULT '-infinity'
);
INSERT INTO mail_pace DEFAULT VALUES;

-- The acknowledgements mailed to one address on one day in Aysén (a visitor can type anyone's
-- address into a public form): counted atomically, past the cap the submission is stored but not
-- acknowledged. The address is kept as a SHA-256 of its normalised form; past days are deleted by
-- outbox-retry.
CREATE TABLE mail_acknowledgements (
  recipient_hash text NOT NULL,
  day date NOT NULL,
  mails integer NOT NULL CHECK (mails > 0),
  PRIMARY KEY (recipient_hash, day)
);
CREATE INDEX mail_acknowledgements_day ON mail_acknowledgements (day);
