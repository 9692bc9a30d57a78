-- A stay's excess deposit owed back by refund (0036) is paid out by bank transfer, recorded by an officer with its
-- reference: the deposit refunds account is cleared against the hospital's bank account.
ALTER TABLE admissions ADD COLUMN refund_paid_by bigint REFERENCES users (id);
ALTER TABLE admissions ADD COLUMN refund_paid_at timestamptz;
ALTER TABLE admissions ADD COLUMN refund_reference text CHECK (refund_reference <> '');
ALTER TABLE admissions ADD CONSTRAINT admissions_refund_paid_check CHECK (
  (refund_paid_at IS NULL) = (refund_paid_by IS NULL) AND (refund_paid_at IS NULL) = (refund_reference IS NULL)
  AND (refund_paid_at IS NULL OR to_refund_kobo > 0)
);
