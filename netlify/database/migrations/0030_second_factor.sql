-- Staff sign-in to OWASP ASVS 5.0 L2 and denuncias closed to administrators (docs/security.md).

ALTER TABLE admins
  -- The TOTP secret (RFC 6238), sealed with TOTP_ENCRYPTION_KEY (src/server/auth/second-factor.ts);
  -- NULL until the account's owner enrols it at their first sign-in.
  ADD COLUMN totp_secret text,
  ADD COLUMN totp_enrolled_at timestamptz,
  -- The last 30-second step whose code was accepted: a code is accepted once (RFC 6238 §5.2).
  ADD COLUMN totp_last_step bigint,
  -- When the owner chose the password themselves (their own change, an invitation, the bootstrap);
  -- NULL while it is one an administrator typed (at creation or in a reset).
  ADD COLUMN password_chosen_at timestamptz,
  -- When `cumplimiento` was granted: the desk opens once the owner's own password is newer.
  ADD COLUMN compliance_granted_at timestamptz;

-- Today's compliance users got their passwords from whoever ran the command or the bootstrap:
-- each sets one of their own, and enrols a second factor, before the desk opens again.
UPDATE admins SET compliance_granted_at = now() WHERE 'cumplimiento' = ANY(roles);

-- Ten single-use recovery codes per account, each a SHA-256 of 80 random bits (never the code).
CREATE TABLE admin_recovery_codes (
  admin_id uuid NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (admin_id, code_hash)
);

-- One row per sign-in: its access tokens carry its id, and a token whose session went unused for
-- 30 minutes is refused, renewal included (src/server/auth/sessions.ts).
CREATE TABLE admin_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  admin_id uuid NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_sessions_admin ON admin_sessions (admin_id);
CREATE INDEX admin_sessions_age ON admin_sessions (last_used_at);

-- Invitations to a compliance account (src/server/auth/invitations.ts): the person opens the link,
-- chooses their own password and enrols TOTP. Only the SHA-256 of the token is kept.
CREATE TABLE admin_invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  name text NOT NULL,
  email text NOT NULL,
  roles text[] NOT NULL CHECK (cardinality(roles) > 0 AND roles <@ ARRAY['administrador', 'cumplimiento']),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- Each attempt is reserved before the password or code is checked (src/server/auth/throttle.ts),
-- and a right one removes its row by id.
ALTER TABLE login_failures ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY;
