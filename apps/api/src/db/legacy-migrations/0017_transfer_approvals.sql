-- A bank transfer confirmed with more money than is due by more than a tolerance waits for an admin's
-- approval when an agent confirmed it (as an admin's large refund waits for a super admin). Until then it
-- settles nothing. A rejected confirmation frees the invoice and the bank reference for a correct one,
-- so only live (not rejected) confirmations are unique per invoice and per bank reference.
ALTER TABLE transfer_confirmations DROP CONSTRAINT transfer_confirmations_pkey;
ALTER TABLE transfer_confirmations DROP CONSTRAINT transfer_confirmations_transfer_reference_key;
ALTER TABLE transfer_confirmations ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY;
ALTER TABLE transfer_confirmations
  ADD COLUMN status text NOT NULL DEFAULT 'settled' CHECK (status IN ('awaiting_approval', 'settled', 'rejected')),
  ADD COLUMN decided_by bigint REFERENCES users (id),
  ADD COLUMN decision_note text,
  ADD COLUMN decided_at timestamptz;

UPDATE transfer_confirmations SET decided_by = confirmed_by, decided_at = confirmed_at;

CREATE UNIQUE INDEX transfer_confirmations_live_invoice_idx ON transfer_confirmations (invoice_id) WHERE status <> 'rejected';
CREATE UNIQUE INDEX transfer_confirmations_live_reference_idx ON transfer_confirmations (transfer_reference)
  WHERE status <> 'rejected';
CREATE INDEX transfer_confirmations_status_idx ON transfer_confirmations (status, confirmed_at DESC);
