-- Staff who sign in to the admin area (spec §6), and failed sign-ins, to slow down guessing.
CREATE TABLE admins (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  email text NOT NULL,
  avatar text,
  -- scrypt (src/server/auth/passwords.ts); never the password.
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX admins_email ON admins (lower(email));

CREATE TABLE login_failures (
  email text NOT NULL,
  failed_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX login_failures_recent ON login_failures (lower(email), failed_at);
