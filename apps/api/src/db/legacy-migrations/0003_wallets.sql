-- Customer wallets: a stored balance kept equal to the (negated) sum of the wallet's ledger postings,
-- the wallet movements customers see, and idempotency keys for retried payments.

CREATE TABLE wallets (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL UNIQUE REFERENCES users (id),
  ledger_account_id bigint NOT NULL UNIQUE REFERENCES ledger_accounts (id),
  -- Never negative: the last guard behind the conditional debit.
  balance_kobo bigint NOT NULL DEFAULT 0 CHECK (balance_kobo >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE wallet_transactions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  wallet_id bigint NOT NULL REFERENCES wallets (id),
  invoice_id bigint NOT NULL REFERENCES invoices (id),
  transaction_type text NOT NULL CHECK (transaction_type IN ('credit', 'debit')),
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  status text NOT NULL CHECK (status IN ('pending', 'completed', 'failed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (invoice_id, transaction_type)
);
CREATE INDEX wallet_transactions_wallet_idx ON wallet_transactions (wallet_id, created_at DESC, id DESC);

-- A retried request with the same key gets the first answer instead of acting twice.
CREATE TABLE idempotency_keys (
  user_id bigint NOT NULL REFERENCES users (id),
  key text NOT NULL,
  request_hash text NOT NULL,
  status_code integer,
  -- The answer as sent (text, not jsonb: a replay must be the same bytes, keys in the same order).
  response text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
