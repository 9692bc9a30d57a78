-- A fully paid bill has its own receipt code (beyond SPEC, issue 21): the code the point of care redeems,
-- against the bill's lines. Its parts keep their own codes (each payer's receipt), but a part's one line is
-- a payment, not a service: nothing is given against it. A bill's code is written by the settlement that
-- pays the bill in full (BillParts.recognise), in that settlement's transaction.

-- A code belongs to a payment or to a bill, never both; the code stays unique over both.
ALTER TABLE receipt_codes DROP CONSTRAINT receipt_codes_pkey;
ALTER TABLE receipt_codes ALTER COLUMN invoice_id DROP NOT NULL;
ALTER TABLE receipt_codes ADD CONSTRAINT receipt_codes_invoice_id_key UNIQUE (invoice_id);
ALTER TABLE receipt_codes ADD COLUMN bill_id bigint REFERENCES bills (id);
ALTER TABLE receipt_codes ADD CONSTRAINT receipt_codes_bill_id_key UNIQUE (bill_id);
ALTER TABLE receipt_codes ADD CONSTRAINT receipt_codes_one_owner CHECK (num_nonnulls(invoice_id, bill_id) = 1);

-- Bills paid in full before this migration get their code now.
INSERT INTO receipt_codes (bill_id, code) SELECT id, random_receipt_code() FROM bills WHERE status = 'paid' ORDER BY id;

-- A giving is against a payment's item or a bill's line (named by its position), never both.
ALTER TABLE receipt_redemptions ALTER COLUMN invoice_id DROP NOT NULL;
ALTER TABLE receipt_redemptions ALTER COLUMN invoice_item_id DROP NOT NULL;
ALTER TABLE receipt_redemptions ADD COLUMN bill_id bigint REFERENCES bills (id);
ALTER TABLE receipt_redemptions ADD COLUMN bill_item_position integer;
ALTER TABLE receipt_redemptions ADD CONSTRAINT receipt_redemptions_bill_item_fkey
  FOREIGN KEY (bill_id, bill_item_position) REFERENCES bill_items (bill_id, position);
ALTER TABLE receipt_redemptions ADD CONSTRAINT receipt_redemptions_one_target CHECK (
  (invoice_id IS NOT NULL AND invoice_item_id IS NOT NULL AND bill_id IS NULL AND bill_item_position IS NULL)
  OR (invoice_id IS NULL AND invoice_item_id IS NULL AND bill_id IS NOT NULL AND bill_item_position IS NOT NULL)
);
CREATE INDEX receipt_redemptions_bill_idx ON receipt_redemptions (bill_id, given_at, id) WHERE bill_id IS NOT NULL;

-- The staff search of a patient's money (GET /api/staff/search/) finds payments by hospital number, phone
-- (its last six digits), the start of the payer's name, e-mail, reference and RRR: each of these reads an
-- index (the e-mail leads invoices_lookup_idx, the reference and the RRR have unique ones), never the whole
-- table.
CREATE INDEX invoices_hospital_number_idx ON invoices (lower(hospital_number));
CREATE INDEX invoices_phone_digits_idx ON invoices (customer_phone_digits);
CREATE INDEX invoices_name_prefix_idx ON invoices (lower(customer_name) text_pattern_ops);
