-- Gateway payments paid short: the gateway says paid, but for less than the amount due. The invoice stays
-- pending (SPEC's statuses are unchanged); the review beside it says what arrived, and staff resolve it by
-- refunding what arrived or by settling once the balance has arrived (in the hospital's account, or through
-- the gateway, which a callback or notification then shows). The worker asks the gateway about it no more
-- (its next check is NULL).
CREATE TABLE payment_reviews (
  invoice_id bigint PRIMARY KEY REFERENCES invoices (id),
  amount_due_kobo bigint NOT NULL CHECK (amount_due_kobo > 0),
  -- What the gateway's verified status said was paid; it sits in suspense:underpayments until resolved.
  amount_received_kobo bigint NOT NULL CHECK (amount_received_kobo > 0 AND amount_received_kobo < amount_due_kobo),
  gateway_status text NOT NULL,
  needs_review_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  resolution text CHECK (resolution IN ('refunded', 'settled')),
  -- The staff member who resolved it; NULL when the gateway itself later showed the full amount paid.
  resolved_by bigint REFERENCES users (id),
  -- A settlement's balance, and the bank's reference for it when it arrived in the hospital's account
  -- (NULL when it arrived through the gateway).
  balance_kobo bigint CHECK (balance_kobo > 0),
  balance_reference text UNIQUE,
  CHECK ((resolved_at IS NULL) = (resolution IS NULL)),
  CHECK (resolution <> 'refunded' OR resolved_by IS NOT NULL),
  CHECK (resolution = 'settled' OR (balance_kobo IS NULL AND balance_reference IS NULL)),
  CHECK (resolution <> 'settled' OR balance_kobo IS NOT NULL),
  CHECK (balance_reference IS NULL OR resolved_by IS NOT NULL)
);
-- The queue: open reviews, oldest first.
CREATE INDEX payment_reviews_open_idx ON payment_reviews (needs_review_at, invoice_id) WHERE resolved_at IS NULL;

INSERT INTO ledger_accounts (code, kind, name) VALUES
  ('suspense:underpayments', 'liability', 'Short payments awaiting staff review (refund or settlement)');
