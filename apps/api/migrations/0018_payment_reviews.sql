-- Gateway payments paid short: the gateway says paid, but for less than the amount due. The invoice stays
-- pending (SPEC's statuses are unchanged); the review beside it says what arrived, and staff resolve it by
-- refunding what arrived or by settling once the balance has arrived. Until then the worker asks the
-- gateway about it no more (its next check is NULL).
CREATE TABLE payment_reviews (
  invoice_id bigint PRIMARY KEY REFERENCES invoices (id),
  amount_due_kobo bigint NOT NULL CHECK (amount_due_kobo > 0),
  -- What the gateway's verified status said was paid; it sits in suspense:underpayments until resolved.
  amount_received_kobo bigint NOT NULL CHECK (amount_received_kobo > 0 AND amount_received_kobo < amount_due_kobo),
  gateway_status text NOT NULL,
  needs_review_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  resolution text CHECK (resolution IN ('refunded', 'settled')),
  resolved_by bigint REFERENCES users (id),
  -- A settlement's balance, received in the hospital's account, and the bank's reference for it.
  balance_kobo bigint CHECK (balance_kobo > 0),
  balance_reference text UNIQUE,
  CHECK ((resolved_at IS NULL) = (resolution IS NULL) AND (resolved_at IS NULL) = (resolved_by IS NULL)),
  CHECK ((resolution = 'settled') = (balance_kobo IS NOT NULL AND balance_reference IS NOT NULL))
);
-- The queue: open reviews, oldest first.
CREATE INDEX payment_reviews_open_idx ON payment_reviews (needs_review_at, invoice_id) WHERE resolved_at IS NULL;

INSERT INTO ledger_accounts (code, kind, name) VALUES
  ('suspense:underpayments', 'liability', 'Short payments awaiting staff review (refund or settlement)');
