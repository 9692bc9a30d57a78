-- Accounts, e-mail verification, password resets, the mail outbox and app secrets.

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
  account_type text NOT NULL DEFAULT 'INDIVIDUAL' CHECK (account_type IN ('INDIVIDUAL', 'CORPORATE')),
  is_demo boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
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

-- Per-address send throttle, kept whether or not the address has an account, so a refusal reveals nothing.
CREATE TABLE email_throttle (
  email text NOT NULL,
  purpose text NOT NULL,
  last_sent_at timestamptz NOT NULL,
  PRIMARY KEY (email, purpose)
);

-- Mail is written here in the same transaction as the change it reports, and sent by the worker.
CREATE TABLE mail_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  transport text,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'pending';
CREATE INDEX mail_outbox_sent_idx ON mail_outbox (sent_at DESC) WHERE status = 'sent';
