-- Bills raised by staff for a patient, paid from their link (/pay/{token}) in parts by one or more payers.
-- Each part is an ordinary payment (an invoice) linked to its bill. While the bill is open, what its parts
-- paid is held in liability:bill_deposits; the settlement that pays the bill in full moves the bill's total
-- to revenue:hospital in the same transaction. paid_kobo is changed only by a settlement holding the bill's
-- row lock, and never passes total_kobo: a part that no longer fits goes to the staff review queue instead.

CREATE TABLE bills (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The link's secret: 20 base32 characters (100 random bits), lower-case.
  token text NOT NULL UNIQUE CHECK (token ~ '^[a-z2-7]{20}$'),
  hospital_number text NOT NULL,
  patient_name text NOT NULL,
  patient_phone text NOT NULL,
  -- The last six digits of the phone, for the staff search.
  patient_phone_digits text NOT NULL,
  patient_email text CHECK (patient_email = lower(patient_email)),
  note text NOT NULL DEFAULT '',
  due_date date,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'cancelled')),
  total_kobo bigint NOT NULL CHECK (total_kobo > 0),
  paid_kobo bigint NOT NULL DEFAULT 0 CHECK (paid_kobo >= 0 AND paid_kobo <= total_kobo),
  created_by bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  cancelled_by bigint REFERENCES users (id),
  cancelled_at timestamptz,
  cancel_reason text,
  -- Paid exactly when paid in full; cancelled exactly when someone cancelled it, with a reason.
  CHECK ((status = 'paid') = (paid_kobo = total_kobo)),
  CHECK ((status = 'paid') = (paid_at IS NOT NULL)),
  CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL)),
  CHECK ((cancelled_at IS NULL) = (cancelled_by IS NULL) AND (cancelled_at IS NULL) = (cancel_reason IS NULL))
);
-- The staff list (newest first) and its searches.
CREATE INDEX bills_created_idx ON bills (created_at DESC, id DESC);
CREATE INDEX bills_hospital_number_idx ON bills (lower(hospital_number));
CREATE INDEX bills_phone_idx ON bills (patient_phone_digits);
CREATE INDEX bills_email_idx ON bills (patient_email) WHERE patient_email IS NOT NULL;

-- A bill's lines, from the catalogue: a fixed-price service at the provider's price, or an open-price one
-- at the price staff typed, with a note saying why.
CREATE TABLE bill_items (
  bill_id bigint NOT NULL REFERENCES bills (id),
  position integer NOT NULL,
  service_id text NOT NULL,
  service_name text NOT NULL,
  department_name text,
  quantity integer NOT NULL CHECK (quantity > 0),
  unit_price_kobo bigint NOT NULL CHECK (unit_price_kobo > 0),
  line_total_kobo bigint NOT NULL CHECK (line_total_kobo = unit_price_kobo * quantity),
  open_price boolean NOT NULL,
  price_note text,
  CHECK (open_price = (price_note IS NOT NULL)),
  PRIMARY KEY (bill_id, position)
);

-- A payment that pays a part of a bill.
ALTER TABLE invoices ADD COLUMN bill_id bigint REFERENCES bills (id);
CREATE INDEX invoices_bill_idx ON invoices (bill_id, created_at) WHERE bill_id IS NOT NULL;

-- A review holds either a gateway payment paid short, or a bill's part that settled when it no longer fit
-- the bill (paid in full, or cancelled, meanwhile): all of it received, all of it owed back.
ALTER TABLE payment_reviews ADD COLUMN reason text NOT NULL DEFAULT 'underpaid'
  CHECK (reason IN ('underpaid', 'bill_part_unfit'));
-- The check it replaces has a generated name: found by what it checks.
DO $$
DECLARE
  name text;
BEGIN
  SELECT conname INTO STRICT name FROM pg_constraint
  WHERE conrelid = 'payment_reviews'::regclass AND contype = 'c'
    AND pg_get_constraintdef(oid) LIKE '%amount_received_kobo < amount_due_kobo%';
  EXECUTE format('ALTER TABLE payment_reviews DROP CONSTRAINT %I', name);
END
$$;
ALTER TABLE payment_reviews ADD CONSTRAINT payment_reviews_amount_received_kobo_check CHECK (
  amount_received_kobo > 0
  AND (amount_received_kobo < amount_due_kobo OR (reason = 'bill_part_unfit' AND amount_received_kobo >= amount_due_kobo))
);

INSERT INTO ledger_accounts (code, kind, name) VALUES
  ('liability:bill_deposits', 'liability', 'Parts of open bills paid, held until the bill is paid in full or refunded');
