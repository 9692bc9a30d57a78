-- Admissions and deposits (issue 37): an admission opens a running bill for a register patient. While the bill
-- runs, staff add lines to it (ward days, drugs, tests) and deposits are paid to it through any channel as its
-- parts: held in the bill deposits account like every open bill's parts, with no ceiling while it runs. Discharge
-- stops the bill running: the deposits are applied to it; an excess goes back (to the wallets the deposits came
-- from, else to the deposit refunds account for the refund path) and the bill is then paid; a shortfall is
-- collected as any open bill's rest. The bill's receipt code, once it is paid, is the discharge clearance code
-- the exit checks like any receipt.

-- A running bill has no total yet; its parts are not bounded by it. `returned_kobo` is the excess given back at discharge.
ALTER TABLE bills ADD COLUMN running boolean NOT NULL DEFAULT false;
ALTER TABLE bills ADD COLUMN returned_kobo bigint NOT NULL DEFAULT 0 CHECK (returned_kobo >= 0);
DO $$
DECLARE
  name text;
BEGIN
  FOR name IN
    SELECT conname FROM pg_constraint
    WHERE conrelid = 'bills'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%(total_kobo > 0)%'
  LOOP
    EXECUTE format('ALTER TABLE bills DROP CONSTRAINT %I', name);
  END LOOP;
END
$$;
ALTER TABLE bills ADD CONSTRAINT bills_total_check CHECK (total_kobo > 0 OR (running AND total_kobo = 0));
ALTER TABLE bills DROP CONSTRAINT bills_covered_check;
ALTER TABLE bills DROP CONSTRAINT bills_paid_when_covered;
ALTER TABLE bills ADD CONSTRAINT bills_covered_check CHECK (
  paid_kobo >= 0 AND returned_kobo <= paid_kobo AND (running OR paid_kobo - returned_kobo + waived_kobo + hmo_kobo <= total_kobo)
);
ALTER TABLE bills ADD CONSTRAINT bills_paid_when_covered CHECK (
  (status = 'paid') = (NOT running AND paid_kobo - returned_kobo + waived_kobo + hmo_kobo = total_kobo)
);
ALTER TABLE bills ADD CONSTRAINT bills_returned_at_discharge CHECK (returned_kobo = 0 OR NOT running);

INSERT INTO ledger_accounts (code, kind, name) VALUES
  ('liability:deposit_refunds', 'liability', 'Admission deposits in excess at discharge, owed back to their payers by refund');

CREATE TABLE admissions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  bill_id bigint NOT NULL UNIQUE REFERENCES bills (id),
  patient_id bigint NOT NULL REFERENCES patients (id),
  ward text NOT NULL CHECK (ward <> ''),
  -- The ward is warned when the deposit left after the charges so far falls below this.
  low_deposit_kobo bigint NOT NULL CHECK (low_deposit_kobo >= 0),
  admitted_by bigint NOT NULL REFERENCES users (id),
  admitted_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  discharged_by bigint REFERENCES users (id),
  discharged_at timestamptz,
  -- At discharge: what was returned to wallets, and what is owed back by refund.
  to_wallets_kobo bigint NOT NULL DEFAULT 0 CHECK (to_wallets_kobo >= 0),
  to_refund_kobo bigint NOT NULL DEFAULT 0 CHECK (to_refund_kobo >= 0),
  CHECK ((discharged_at IS NULL) = (discharged_by IS NULL)),
  CHECK (discharged_at IS NOT NULL OR to_wallets_kobo + to_refund_kobo = 0)
);
-- One stay at a time for a patient.
CREATE UNIQUE INDEX admissions_one_stay ON admissions (patient_id) WHERE discharged_at IS NULL;
CREATE INDEX admissions_current_idx ON admissions (admitted_at DESC, id DESC) WHERE discharged_at IS NULL;
