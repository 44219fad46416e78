-- One mailbox, however its address is spelt: case and blanks, a `+tag` (sub-addressing, which most
-- providers deliver to the mailbox without it) and Gmail's dots do not make another. The one rule
-- of "same mailbox" (src/server/mail/mailbox.ts): the daily cap of acknowledgements, bloqueo in
-- mail and outage alerts, and the rights desk's search and erasure all compare mailbox_of().
CREATE FUNCTION mailbox_of(address text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN domain IN ('gmail.com', 'googlemail.com') THEN replace(local, '.', '') || '@gmail.com'
              ELSE local || '@' || domain END
  FROM (SELECT regexp_replace(coalesce(substring(a FROM '^(.*)@'), ''), '\+.*$', '') AS local,
               coalesce(substring(a FROM '@([^@]*)$'), a) AS domain
        FROM (SELECT lower(btrim(address)) AS a) spelt) parts
$$;

DROP INDEX data_blocks_email;
CREATE INDEX data_blocks_mailbox ON data_blocks (mailbox_of(email)) WHERE email <> '';

-- The records of other people that staff included, one by one, in the answer to a rights request:
-- found by the requester's RUT or service number, not by their confirmed e-mail, so never theirs
-- by themselves (src/server/rights/inclusions.ts). Only the export reads them; erasure and
-- rectification never touch a record that is not the requester's own. Who included it and when;
-- each inclusion is also in the audit log and the case's notes. Goes with its request.
CREATE TABLE rights_inclusions (
  request_id bigint NOT NULL REFERENCES rights_requests (id) ON DELETE CASCADE,
  source text NOT NULL,
  record_id text NOT NULL,
  admin_id uuid REFERENCES admins (id) ON DELETE SET NULL,
  admin_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (request_id, source, record_id)
);
