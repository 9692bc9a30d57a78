-- Invoices (every payment, guest or customer), their items, the gateway side of each payment,
-- a double-entry ledger, and counters for rate limits that must hold across processes.

CREATE TABLE invoices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reference text NOT NULL UNIQUE,
  user_id bigint REFERENCES users (id),
  purpose text NOT NULL DEFAULT 'checkout' CHECK (purpose IN ('checkout', 'top_up')),
  payment_method text NOT NULL CHECK (payment_method IN ('wallet', 'remita', 'monnify', 'paystack', 'bank_transfer')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed', 'failed', 'refunded')),
  subtotal_kobo bigint NOT NULL CHECK (subtotal_kobo >= 0),
  charge_fee_kobo bigint NOT NULL CHECK (charge_fee_kobo >= 0),
  total_kobo bigint NOT NULL CHECK (total_kobo = subtotal_kobo + charge_fee_kobo AND total_kobo > 0),
  customer_name text NOT NULL,
  customer_email text NOT NULL CHECK (customer_email = lower(customer_email)),
  customer_phone text NOT NULL,
  -- The last six digits of the phone, for the public look-up.
  customer_phone_digits text NOT NULL,
  hospital_number text NOT NULL DEFAULT '',
  transaction_description text NOT NULL DEFAULT '',
  customer_meta jsonb NOT NULL,
  failure_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  expires_at timestamptz
);
CREATE INDEX invoices_lookup_idx ON invoices (customer_email, customer_phone_digits, created_at DESC);
CREATE INDEX invoices_created_idx ON invoices (created_at);
CREATE INDEX invoices_user_idx ON invoices (user_id, created_at DESC) WHERE user_id IS NOT NULL;

CREATE TABLE invoice_items (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  invoice_id bigint NOT NULL REFERENCES invoices (id),
  position integer NOT NULL,
  service_id text NOT NULL,
  service_name text NOT NULL,
  description text NOT NULL DEFAULT '',
  head_code text,
  service_type_id text,
  department_name text,
  category text,
  fixed_price boolean NOT NULL,
  unit_price_kobo bigint NOT NULL CHECK (unit_price_kobo > 0),
  qty integer NOT NULL CHECK (qty > 0),
  line_total_kobo bigint NOT NULL CHECK (line_total_kobo = unit_price_kobo * qty),
  UNIQUE (invoice_id, position)
);

-- The gateway's side of a payment: its own reference, what it last said, when to ask again.
CREATE TABLE gateway_payments (
  invoice_id bigint PRIMARY KEY REFERENCES invoices (id),
  gateway text NOT NULL CHECK (gateway IN ('remita', 'monnify', 'paystack')),
  gateway_reference text,
  access_code text,
  bank_account jsonb,
  gateway_status text,
  amount_paid_kobo bigint,
  note text,
  checks integer NOT NULL DEFAULT 0,
  last_checked_at timestamptz,
  next_check_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX gateway_payments_reference_idx ON gateway_payments (gateway, gateway_reference);
CREATE INDEX gateway_payments_due_idx ON gateway_payments (next_check_at);

-- Double-entry ledger. Debits are positive, credits negative; each entry's postings sum to zero.
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

-- Ledger rows are append-only: corrections are new entries.
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

INSERT INTO ledger_accounts (code, kind, name) VALUES
  ('clearing:remita', 'asset', 'Remita clearing'),
  ('clearing:monnify', 'asset', 'Monnify clearing'),
  ('clearing:paystack', 'asset', 'Paystack clearing'),
  ('clearing:bank_transfer', 'asset', 'Hospital bank account (direct transfers)'),
  ('revenue:hospital', 'revenue', 'Hospital service revenue'),
  ('income:fees', 'revenue', 'Charge fee income'),
  ('liability:overpayments', 'liability', 'Overpayments owed back to payers');

-- Fixed-window counters for limits shared by every API process (per e-mail look-ups).
CREATE TABLE rate_counters (
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (key, window_start)
);
