-- Cash and POS at the desk (issue 36): a member who collects money takes a bill's part or a Quick Pay cart
-- in cash or on a card terminal, inside their open shift; each shift has a cash drawer (an opening float, the
-- cash it should hold, a closing count by denomination and its variance, signed off by an admin beyond a set
-- amount); what the drawers hand to the bursary and what the POS acquirer settles to the bank are recorded.

-- Invoices paid at the desk carry their method like every other payment.
ALTER TABLE invoices DROP CONSTRAINT invoices_payment_method_check;
ALTER TABLE invoices ADD CONSTRAINT invoices_payment_method_check
  CHECK (payment_method IN ('wallet', 'remita', 'monnify', 'paystack', 'bank_transfer', 'cash', 'pos'));

-- A cash shortage is an expense of the hospital.
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check
  CHECK (kind IN ('asset', 'liability', 'revenue', 'equity', 'expense'));

-- Each drawer's cash is an account of its own (cash:drawer:<shift id>), made when its shift opens.
INSERT INTO ledger_accounts (code, kind, name) VALUES
  ('cash:bursary', 'asset', 'Cash held by the bursary (floats issued, drawers handed over)'),
  ('clearing:pos', 'asset', 'Card terminal payments awaiting the acquirer''s settlement'),
  ('expense:cash_shortages', 'expense', 'Cash drawers counted short'),
  ('income:cash_overages', 'revenue', 'Cash drawers counted over'),
  ('expense:pos_fees', 'expense', 'Card terminal acquirer fees');

-- A shift's drawer: its float (0 for a shift that takes no cash) and, once counted, the count and its
-- variance. A count beyond the allowed variance waits for an admin's sign-off before the shift closes; while
-- it waits the drawer takes no money.
CREATE TABLE shift_drawers (
  shift_id bigint PRIMARY KEY REFERENCES staff_shifts (id),
  float_kobo bigint NOT NULL CHECK (float_kobo >= 0),
  -- {"100000": 3, "50000": 1, ...}: how many of each note or coin (its value in kobo) were counted.
  denominations jsonb,
  counted_kobo bigint CHECK (counted_kobo >= 0),
  expected_kobo bigint,
  counted_by bigint REFERENCES users (id),
  counted_at timestamptz,
  -- What the member said when they counted (the shift's close note once it closes).
  count_note text,
  awaiting_signoff boolean NOT NULL DEFAULT false,
  signed_off_by bigint REFERENCES users (id),
  signed_off_at timestamptz,
  signoff_note text,
  CHECK ((counted_at IS NULL) = (counted_kobo IS NULL) AND (counted_at IS NULL) = (expected_kobo IS NULL)
    AND (counted_at IS NULL) = (denominations IS NULL) AND (counted_at IS NULL) = (counted_by IS NULL)
    AND (counted_at IS NULL) = (count_note IS NULL)),
  CHECK (NOT awaiting_signoff OR counted_at IS NOT NULL),
  CHECK ((signed_off_at IS NULL) = (signed_off_by IS NULL))
);
-- The admins' queue of counts waiting for them.
CREATE INDEX shift_drawers_awaiting_idx ON shift_drawers (counted_at) WHERE awaiting_signoff;

-- Each payment taken at the desk: by whom, in which shift, and a card terminal's reference (its slip's
-- RRN), which is never recorded twice.
CREATE TABLE desk_payments (
  invoice_id bigint PRIMARY KEY REFERENCES invoices (id),
  shift_id bigint NOT NULL REFERENCES staff_shifts (id),
  staff_id bigint NOT NULL REFERENCES users (id),
  method text NOT NULL CHECK (method IN ('cash', 'pos')),
  terminal_reference text CHECK ((method = 'pos') = (terminal_reference IS NOT NULL)),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX desk_payments_shift_idx ON desk_payments (shift_id);
CREATE INDEX desk_payments_created_idx ON desk_payments (created_at);
CREATE UNIQUE INDEX desk_payments_terminal_reference_idx ON desk_payments (terminal_reference) WHERE method = 'pos';

-- What the acquirer settled to the hospital's bank from the card terminals: the amount paid in, its fee,
-- and the settlement's own reference (recorded once).
CREATE TABLE pos_settlements (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reference text NOT NULL UNIQUE,
  settled_on date NOT NULL,
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  fee_kobo bigint NOT NULL CHECK (fee_kobo >= 0),
  recorded_by bigint NOT NULL REFERENCES users (id),
  recorded_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
