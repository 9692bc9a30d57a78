-- A double-entry ledger; customer wallets, whose stored balance is kept equal to the (negated) sum of
-- the wallet's ledger postings, and the wallet movements customers see; idempotency keys for retried
-- payments.

-- Debits are positive, credits negative; each entry's postings sum to zero.
CREATE TABLE ledger_accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('asset', 'liability', 'revenue', 'equity')),
  name text NOT NULL,
  user_id bigint REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE journal_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL,
  invoice_id bigint REFERENCES invoices (id),
  description text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- One settlement (or refund…) entry per invoice: the last guard against settling twice.
CREATE UNIQUE INDEX journal_entries_invoice_kind_idx ON journal_entries (invoice_id, kind) WHERE invoice_id IS NOT NULL;

CREATE TABLE postings (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  entry_id bigint NOT NULL REFERENCES journal_entries (id),
  account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  amount_kobo bigint NOT NULL CHECK (amount_kobo <> 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX postings_account_idx ON postings (account_id);
CREATE INDEX postings_entry_idx ON postings (entry_id);

-- Ledger rows are append-only: corrections are new entries. (The audit log, 0006, is kept so too.)
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;
CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER postings_append_only BEFORE UPDATE OR DELETE ON postings
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER journal_entries_no_truncate BEFORE TRUNCATE ON journal_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER postings_no_truncate BEFORE TRUNCATE ON postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();

-- Every entry balances, checked when the transaction commits.
CREATE FUNCTION ledger_entry_balances() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
BEGIN
  SELECT coalesce(sum(amount_kobo), 0) INTO total FROM postings WHERE entry_id = NEW.entry_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'journal entry % does not balance (sum %)', NEW.entry_id, total USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER postings_balance AFTER INSERT ON postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entry_balances();

-- suspense:underpayments holds what a gateway payment paid short brought in until staff resolve its
-- review (payment_reviews, 0006).
INSERT INTO ledger_accounts (code, kind, name) VALUES
  ('clearing:remita', 'asset', 'Remita clearing'),
  ('clearing:monnify', 'asset', 'Monnify clearing'),
  ('clearing:paystack', 'asset', 'Paystack clearing'),
  ('clearing:bank_transfer', 'asset', 'Hospital bank account (direct transfers)'),
  ('revenue:hospital', 'revenue', 'Hospital service revenue'),
  ('income:fees', 'revenue', 'Charge fee income'),
  ('liability:overpayments', 'liability', 'Overpayments owed back to payers'),
  ('suspense:underpayments', 'liability', 'Short payments awaiting staff review (refund or settlement)');

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
