-- Gateway settlements reconciled (issue 37): what Paystack and Monnify report paying out to the hospital's bank,
-- each settlement with the transactions it holds, matched to the payments the ledger counted in each gateway's
-- clearing account. Importing a settlement moves its matched transactions out of clearing: the net to the bank,
-- the fees to their expense; a transaction no payment of ours names waits in suspense. What does not match (a
-- payment never settled, a transaction nobody paid here) is a difference: explained by an officer, or written off
-- with another officer's sign-off. A month is closed when none of its differences is left open.

INSERT INTO ledger_accounts (code, kind, name) VALUES
  ('asset:bank:gateway_settlements', 'asset', 'Hospital bank account: payouts of the payment gateways'),
  ('expense:gateway_fees', 'expense', 'Fees the payment gateways kept from their settlements'),
  ('expense:settlement_write_offs', 'expense', 'Gateway payments never settled, written off with sign-off'),
  ('suspense:unmatched_settlements', 'liability', 'Settled transactions that name no payment of ours'),
  ('income:unmatched_settlements', 'revenue', 'Settled transactions that name no payment of ours, written off with sign-off');

CREATE TABLE gateway_settlements (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  gateway text NOT NULL CHECK (gateway IN ('paystack', 'monnify')),
  -- The gateway's own name for it: Paystack's settlement id, Monnify's settlementReference.
  settlement_ref text NOT NULL CHECK (settlement_ref <> ''),
  -- The day the money reached the bank (WAT).
  settled_on date NOT NULL,
  gross_kobo bigint NOT NULL CHECK (gross_kobo >= 0),
  fees_kobo bigint NOT NULL CHECK (fees_kobo >= 0),
  net_kobo bigint NOT NULL,
  imported_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  CHECK (net_kobo = gross_kobo - fees_kobo),
  UNIQUE (gateway, settlement_ref)
);

CREATE TABLE gateway_settlement_lines (
  settlement_id bigint NOT NULL REFERENCES gateway_settlements (id),
  -- The transaction as the gateway names it (Paystack's reference, Monnify's transactionReference).
  gateway_reference text NOT NULL,
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  fee_kobo bigint NOT NULL CHECK (fee_kobo >= 0 AND fee_kobo <= amount_kobo),
  -- The payment of ours it settles; null when it names none.
  invoice_id bigint REFERENCES invoices (id),
  PRIMARY KEY (settlement_id, gateway_reference)
);
-- A payment is settled once.
CREATE UNIQUE INDEX gateway_settlement_lines_invoice_key ON gateway_settlement_lines (invoice_id) WHERE invoice_id IS NOT NULL;

-- An officer's account of a difference: a payment of ours not settled (`missing`, by its invoice), or a settled
-- transaction that names no payment (`unmatched`, by its settlement line). A write-off of it waits for another
-- officer's sign-off.
CREATE TABLE settlement_differences (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  gateway text NOT NULL CHECK (gateway IN ('paystack', 'monnify')),
  kind text NOT NULL CHECK (kind IN ('missing', 'unmatched')),
  invoice_id bigint REFERENCES invoices (id),
  settlement_id bigint,
  gateway_reference text,
  -- The WAT day the difference counts in: the payment's (missing) or the settlement's (unmatched).
  day date NOT NULL,
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  explanation text NOT NULL CHECK (explanation <> ''),
  explained_by bigint NOT NULL REFERENCES users (id),
  explained_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  status text NOT NULL CHECK (status IN ('explained', 'write_off_pending', 'written_off')),
  decided_by bigint REFERENCES users (id),
  decided_at timestamptz,
  decision_note text,
  CHECK ((kind = 'missing') = (invoice_id IS NOT NULL)),
  CHECK ((kind = 'unmatched') = (settlement_id IS NOT NULL AND gateway_reference IS NOT NULL)),
  CHECK ((status = 'written_off') = (decided_at IS NOT NULL) AND (decided_at IS NULL) = (decided_by IS NULL)),
  CHECK (decided_by IS NULL OR decided_by <> explained_by),
  FOREIGN KEY (settlement_id, gateway_reference) REFERENCES gateway_settlement_lines (settlement_id, gateway_reference)
);
CREATE UNIQUE INDEX settlement_differences_missing_key ON settlement_differences (invoice_id) WHERE kind = 'missing';
CREATE UNIQUE INDEX settlement_differences_unmatched_key ON settlement_differences (settlement_id, gateway_reference)
  WHERE kind = 'unmatched';
CREATE INDEX settlement_differences_day_idx ON settlement_differences (day);

CREATE TABLE settlement_months (
  month date PRIMARY KEY CHECK (month = date_trunc('month', month)::date),
  closed_by bigint NOT NULL REFERENCES users (id),
  closed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  note text NOT NULL CHECK (note <> '')
);
