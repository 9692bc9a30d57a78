-- Issue 33: every credit to a wallet respects the KYC tier caps, not only reserved-account transfers. A top-up
-- paid after it was cancelled or expired, and a refund into a wallet, that would break a cap are held in
-- suspense:kyc_holds like an over-cap transfer. From now on every hold belongs to its invoice (the top-up, the
-- reserved-account transfer's top-up invoice, or the refunded payment), whose wallet movement shows 'held' until
-- the hold is released (suspense → the wallet, entry 'kyc_hold_release' on the invoice) or, for money that came
-- through a gateway, refunded to the payer. Holds made before (a transfer's claim only) keep a null invoice_id.
ALTER TABLE kyc_holds ALTER COLUMN credit_id DROP NOT NULL;
ALTER TABLE kyc_holds
  ADD COLUMN source text NOT NULL DEFAULT 'reserved_transfer' CHECK (source IN ('reserved_transfer', 'top_up', 'refund'));
ALTER TABLE kyc_holds ADD CONSTRAINT kyc_holds_source_credit_check CHECK ((source = 'reserved_transfer') = (credit_id IS NOT NULL));
-- A held top-up or refund names its invoice from the start (the one its release credits).
ALTER TABLE kyc_holds ADD CONSTRAINT kyc_holds_source_invoice_check CHECK (source = 'reserved_transfer' OR invoice_id IS NOT NULL);

ALTER TABLE sms_outbox DROP CONSTRAINT sms_outbox_kind_check;
ALTER TABLE sms_outbox ADD CONSTRAINT sms_outbox_kind_check
  CHECK (kind IN ('receipt', 'bill_link', 'verification_code', 'refund', 'held_credit'));

ALTER TABLE wallet_transactions DROP CONSTRAINT wallet_transactions_status_check;
ALTER TABLE wallet_transactions ADD CONSTRAINT wallet_transactions_status_check
  CHECK (status IN ('pending', 'completed', 'failed', 'held'));
