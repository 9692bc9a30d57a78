-- What staff do about payments: confirm direct bank transfers (an agent's over-payment waits for an
-- admin's approval), refund (with a super admin's approval above a configured amount), resolve gateway
-- payments paid short, and an append-only audit log of all of it.

-- A confirmation settles nothing until it is settled. A rejected one frees the invoice and the bank
-- reference for a correct one, so only live (not rejected) confirmations are unique per invoice and per
-- bank reference: the same transfer cannot pay twice.
CREATE TABLE transfer_confirmations (
  invoice_id bigint NOT NULL REFERENCES invoices (id),
  transfer_reference text NOT NULL,
  amount_received_kobo bigint NOT NULL CHECK (amount_received_kobo > 0),
  confirmed_by bigint NOT NULL REFERENCES users (id),
  confirmed_at timestamptz NOT NULL DEFAULT now(),
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  status text NOT NULL DEFAULT 'settled' CHECK (status IN ('awaiting_approval', 'settled', 'rejected')),
  decided_by bigint REFERENCES users (id),
  decision_note text,
  decided_at timestamptz
);
CREATE UNIQUE INDEX transfer_confirmations_live_invoice_idx ON transfer_confirmations (invoice_id) WHERE status <> 'rejected';
CREATE UNIQUE INDEX transfer_confirmations_live_reference_idx ON transfer_confirmations (transfer_reference)
  WHERE status <> 'rejected';
CREATE INDEX transfer_confirmations_status_idx ON transfer_confirmations (status, confirmed_at DESC);

CREATE TABLE refunds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  invoice_id bigint NOT NULL REFERENCES invoices (id),
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  reason text NOT NULL,
  status text NOT NULL CHECK (status IN ('awaiting_approval', 'completed', 'rejected')),
  destination text NOT NULL CHECK (destination IN ('wallet', 'original_method')),
  requested_by bigint NOT NULL REFERENCES users (id),
  decided_by bigint REFERENCES users (id),
  decision_note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz
);
-- At most one live refund per invoice (a rejected one may be followed by a new request).
CREATE UNIQUE INDEX refunds_live_invoice_idx ON refunds (invoice_id) WHERE status <> 'rejected';
CREATE INDEX refunds_status_idx ON refunds (status, created_at DESC);

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

-- Every staff action, written in the transaction that does it. Rows are never changed or removed.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor_id bigint NOT NULL REFERENCES users (id),
  actor_role text NOT NULL,
  action text NOT NULL,
  target_type text NOT NULL,
  target_id text NOT NULL,
  summary text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action, created_at DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, created_at DESC);

CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
