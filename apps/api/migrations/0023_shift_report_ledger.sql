-- The shift reports read the bank transfers a staff member booked (a confirmation settled at once by its
-- confirmer, or approved by an admin) by who decided it and when: the time its ledger entry was posted.
CREATE INDEX transfer_confirmations_decided_by_idx ON transfer_confirmations (decided_by, decided_at) WHERE status = 'settled';
CREATE INDEX transfer_confirmations_decided_at_idx ON transfer_confirmations (decided_at) WHERE status = 'settled';
