-- Split bills (issue 37): a bill for a patient enrolled with an HMO on the day it is raised splits each line
-- into the HMO's part (its covered share) and the patient's (the co-payment and whatever is not covered).
-- The patient's part is paid in parts and waived like any bill's; once it is covered the bill is paid (final):
-- its total becomes revenue, the patient's part from the bill deposits and the HMO's part as a receivable on
-- the HMO's own account, which its claims and remittances settle.

-- Each HMO's receivable account (asset:hmo_receivable:{id}), made when the HMO is registered.
INSERT INTO ledger_accounts (code, kind, name)
  SELECT 'asset:hmo_receivable:' || id, 'asset', 'Owed by HMO ' || name FROM hmos;

-- The enrolment a bill was split by, and the HMO's part of its total (the sum of its lines' HMO parts).
ALTER TABLE bills ADD COLUMN enrolment_id bigint REFERENCES patient_enrolments (id);
ALTER TABLE bills ADD COLUMN hmo_kobo bigint NOT NULL DEFAULT 0 CHECK (hmo_kobo >= 0);
ALTER TABLE bills ADD CONSTRAINT bills_hmo_enrolled CHECK (hmo_kobo = 0 OR enrolment_id IS NOT NULL);
CREATE INDEX bills_enrolment_idx ON bills (enrolment_id) WHERE enrolment_id IS NOT NULL;

-- Paid in full now means the patient's part covered: parts and waivers add up to the total less the HMO's part.
ALTER TABLE bills DROP CONSTRAINT bills_covered_check;
ALTER TABLE bills DROP CONSTRAINT bills_paid_when_covered;
ALTER TABLE bills ADD CONSTRAINT bills_covered_check CHECK (paid_kobo >= 0 AND paid_kobo + waived_kobo + hmo_kobo <= total_kobo);
ALTER TABLE bills ADD CONSTRAINT bills_paid_when_covered CHECK ((status = 'paid') = (paid_kobo + waived_kobo + hmo_kobo = total_kobo));

-- A line's HMO part and the patient's co-payment (what is left of the line, not covered, is the patient's too),
-- and the HMO's pre-authorisation code the line was charged to it with.
ALTER TABLE bill_items ADD COLUMN hmo_kobo bigint NOT NULL DEFAULT 0 CHECK (hmo_kobo >= 0);
ALTER TABLE bill_items ADD COLUMN copay_kobo bigint NOT NULL DEFAULT 0 CHECK (copay_kobo >= 0);
ALTER TABLE bill_items ADD COLUMN preauth_code text CHECK (preauth_code <> '');
ALTER TABLE bill_items ADD CONSTRAINT bill_items_split_check CHECK (hmo_kobo + copay_kobo <= line_total_kobo);
