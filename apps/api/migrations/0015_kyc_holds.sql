-- KYC tiers (issue 22, second half): a reserved-account transfer that would break the customer's tier cap
-- cannot be refused (the money has arrived), so it is held in suspense (clearing:monnify → suspense:kyc_holds)
-- until the tier allows it (released: suspense → the wallet, through a completed top-up invoice) or staff
-- refund it to the sender (suspense → clearing:monnify). Release and refund lock the row and check its status.
INSERT INTO ledger_accounts (code, kind, name) VALUES
  ('suspense:kyc_holds', 'liability', 'Reserved-account transfers held over a KYC tier cap');

CREATE TABLE kyc_holds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The transfer's claim (unique by Monnify's transaction reference): one hold per transfer.
  credit_id bigint NOT NULL UNIQUE REFERENCES reserved_account_credits (id),
  user_id bigint NOT NULL REFERENCES users (id),
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  sender_name text,
  -- The cap it broke when it arrived, and the tier then.
  cap text NOT NULL CHECK (cap IN ('single_credit', 'balance')),
  cap_kobo bigint NOT NULL,
  tier_level integer NOT NULL CHECK (tier_level BETWEEN 1 AND 3),
  status text NOT NULL DEFAULT 'held' CHECK (status IN ('held', 'released', 'refunded')),
  -- The top-up invoice that credited the wallet on release.
  invoice_id bigint UNIQUE REFERENCES invoices (id),
  -- Staff who released or refunded it (null for a release the tier allowed by itself).
  decided_by bigint REFERENCES users (id),
  refund_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  CHECK (status <> 'released' OR invoice_id IS NOT NULL),
  CHECK (status <> 'refunded' OR (decided_by IS NOT NULL AND refund_reason IS NOT NULL))
);
CREATE INDEX kyc_holds_user_idx ON kyc_holds (user_id, created_at);
CREATE INDEX kyc_holds_held_idx ON kyc_holds (created_at) WHERE status = 'held';
CREATE INDEX kyc_holds_status_idx ON kyc_holds (status, created_at DESC);
