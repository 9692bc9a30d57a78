-- Discounts and waivers on bills (issue 36): the desk asks for one on a bill (an amount or a percentage of its
-- total, with a reason); a named officer with the right approves it within their waiver limit, or rejects it.
-- An approved waiver lowers what the bill still asks for: it is held in the bill deposits like a part, from
-- the discounts-and-waivers account, so that the bill's total becomes revenue once parts and waivers cover it.

ALTER TABLE bills ADD COLUMN waived_kobo bigint NOT NULL DEFAULT 0 CHECK (waived_kobo >= 0);

-- The checks that read "paid in full" as paid_kobo = total_kobo now count the waivers too. Their names were
-- generated: found by what they check.
DO $$
DECLARE
  name text;
BEGIN
  FOR name IN
    SELECT conname FROM pg_constraint
    WHERE conrelid = 'bills'::regclass AND contype = 'c'
      AND (pg_get_constraintdef(oid) LIKE '%paid_kobo <= total_kobo%' OR pg_get_constraintdef(oid) LIKE '%(paid_kobo = total_kobo)%')
  LOOP
    EXECUTE format('ALTER TABLE bills DROP CONSTRAINT %I', name);
  END LOOP;
END
$$;
ALTER TABLE bills ADD CONSTRAINT bills_covered_check CHECK (paid_kobo >= 0 AND paid_kobo + waived_kobo <= total_kobo);
ALTER TABLE bills ADD CONSTRAINT bills_paid_when_covered CHECK ((status = 'paid') = (paid_kobo + waived_kobo = total_kobo));

INSERT INTO ledger_accounts (code, kind, name) VALUES
  ('expense:discounts_waivers', 'expense', 'Discounts and waivers approved on bills');

CREATE TABLE bill_waivers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bill_id bigint NOT NULL REFERENCES bills (id),
  -- What was asked: an amount, or a percentage of the bill's total in basis points (1000 = 10%).
  percent_bp integer CHECK (percent_bp > 0 AND percent_bp <= 10000),
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  reason text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'withdrawn')),
  requested_by bigint NOT NULL REFERENCES users (id),
  requested_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  decided_by bigint REFERENCES users (id),
  decided_at timestamptz,
  decision_note text,
  CHECK ((status = 'pending') = (decided_at IS NULL) AND (decided_at IS NULL) = (decided_by IS NULL)),
  -- Nobody decides their own request (a bill's cancellation withdraws what is pending, whoever asked).
  CHECK (decided_by IS NULL OR decided_by <> requested_by OR status = 'withdrawn')
);
CREATE INDEX bill_waivers_bill_idx ON bill_waivers (bill_id, requested_at);
CREATE INDEX bill_waivers_pending_idx ON bill_waivers (requested_at) WHERE status = 'pending';
CREATE INDEX bill_waivers_decided_idx ON bill_waivers (decided_at) WHERE status = 'approved';
