-- Where an invitation came from (src/server/auth/invitations.ts): the operator's command, or the
-- bootstrap token of the first compliance user. Accepting one of the bootstrap re-checks that
-- nobody holds `cumplimiento` and spends every other open one of the bootstrap, in one statement.
ALTER TABLE admin_invitations
  ADD COLUMN origin text NOT NULL DEFAULT 'operator' CHECK (origin IN ('operator', 'bootstrap'));
