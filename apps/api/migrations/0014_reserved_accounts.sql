-- A permanent bank account number per customer that funds the wallet (issue 22): reserved at Monnify once
-- the customer's KYC carries a NIN, and every transfer into it credited to the wallet once.

-- One reserved account per customer. Its accountReference is derived from the user id, so asking Monnify
-- again (a retry after a lost answer, a second process) names the same account. 'pending' until Monnify
-- has answered with the number; the worker asks again at next_attempt_at while it is pending.
CREATE TABLE reserved_accounts (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  account_reference text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active')),
  account_number text,
  bank_name text,
  bank_code text,
  account_name text,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  activated_at timestamptz,
  CHECK (status = 'pending' OR (account_number IS NOT NULL AND bank_name IS NOT NULL AND account_name IS NOT NULL))
);
CREATE UNIQUE INDEX reserved_accounts_number_idx ON reserved_accounts (account_number) WHERE account_number IS NOT NULL;
CREATE INDEX reserved_accounts_due_idx ON reserved_accounts (next_attempt_at) WHERE status = 'pending';

-- Each transfer into a reserved account, credited once: the unique transaction reference is what makes
-- concurrent duplicate webhooks credit once (the second insert waits for the first and then does nothing).
-- The credit itself is a completed top-up invoice through the ledger (clearing:monnify → the wallet).
CREATE TABLE reserved_account_credits (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_reference text NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id),
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  sender_name text,
  invoice_id bigint UNIQUE REFERENCES invoices (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX reserved_account_credits_reference_idx ON reserved_account_credits (transaction_reference);
CREATE INDEX reserved_account_credits_user_idx ON reserved_account_credits (user_id, created_at DESC);
