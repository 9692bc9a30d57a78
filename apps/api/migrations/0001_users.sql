-- Accounts and signing in: users, e-mail verification codes, password resets, and the app's own secrets.

CREATE TABLE app_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL UNIQUE,
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  first_name text NOT NULL,
  last_name text NOT NULL,
  phone_number text NOT NULL,
  role text NOT NULL CHECK (role IN ('CUSTOMER', 'ADMIN', 'AGENT', 'SUPERADMIN')),
  password_hash text NOT NULL,
  email_verified_at timestamptz,
  -- Bumped on logout and password change: tokens carrying an older version are refused.
  token_version integer NOT NULL DEFAULT 0,
  hospital_number text NOT NULL DEFAULT '',
  next_of_kin_name text NOT NULL DEFAULT '',
  next_of_kin_phone text NOT NULL DEFAULT '',
  next_of_kin_address text NOT NULL DEFAULT '',
  -- CORPORATE only through the corporate upgrade with its three documents (SPEC §4).
  account_type text NOT NULL DEFAULT 'INDIVIDUAL' CHECK (account_type IN ('INDIVIDUAL', 'CORPORATE')),
  is_demo boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- A deactivated account cannot sign in and its tokens stop working.
  is_active boolean NOT NULL DEFAULT true
);
CREATE INDEX users_role_idx ON users (role);

-- One live code per account; a new code replaces the old one.
CREATE TABLE verification_codes (
  user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE password_resets (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id);
