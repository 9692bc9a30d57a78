-- Mail and rate limits: the outbox, the per-address send throttle, and the counters of the limits shared
-- by every API process.

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

-- Per-address send throttle, kept whether or not the address has an account, so a refusal reveals nothing.
CREATE TABLE email_throttle (
  email text NOT NULL,
  purpose text NOT NULL,
  last_sent_at timestamptz NOT NULL,
  PRIMARY KEY (email, purpose)
);

-- Fixed-window counters of the rate limits (per e-mail look-ups…): a hit is one statement on one row per
-- key. UNLOGGED: counters are not worth a disk flush (after a crash they start again from zero), and
-- a transaction writing only such a table commits without waiting for one.
CREATE UNLOGGED TABLE rate_counters (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  count integer NOT NULL
);
CREATE INDEX rate_counters_window_idx ON rate_counters (window_start);
