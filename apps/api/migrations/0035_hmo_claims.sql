-- Claims and remittances (issue 37): a claim batch per HMO and month holds, as its lines, the HMO parts of the
-- lines of that HMO's enrollees' bills that became final in that month (WAT); each bill line is claimed once.
-- A remittance (amount, bank reference, day) is allocated over the batch's lines in proportion to what each
-- still asks for (a line the HMO rejected, with its reason, gets none); what is left short is written off only
-- when an officer other than the one who asked signs it off. Remittances and write-offs move the HMO's receivable account: the ledger's HMO receivable is always
-- the claimable lines not yet paid or written off.

CREATE TABLE hmo_claims (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  hmo_id bigint NOT NULL REFERENCES hmos (id),
  -- The month's first day.
  month date NOT NULL CHECK (month = date_trunc('month', month)::date),
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'submitted', 'part_paid', 'paid')),
  total_kobo bigint NOT NULL CHECK (total_kobo > 0),
  remitted_kobo bigint NOT NULL DEFAULT 0 CHECK (remitted_kobo >= 0),
  written_off_kobo bigint NOT NULL DEFAULT 0 CHECK (written_off_kobo >= 0),
  created_by bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  submitted_by bigint REFERENCES users (id),
  submitted_at timestamptz,
  CHECK (remitted_kobo + written_off_kobo <= total_kobo),
  CHECK ((status = 'draft') = (submitted_at IS NULL) AND (submitted_at IS NULL) = (submitted_by IS NULL)),
  -- Paid when nothing is left to remit or write off.
  CHECK ((status = 'paid') = (remitted_kobo + written_off_kobo = total_kobo)),
  UNIQUE (hmo_id, month)
);

CREATE TABLE hmo_claim_lines (
  claim_id bigint NOT NULL REFERENCES hmo_claims (id),
  bill_id bigint NOT NULL,
  position integer NOT NULL,
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  paid_kobo bigint NOT NULL DEFAULT 0 CHECK (paid_kobo >= 0),
  written_off_kobo bigint NOT NULL DEFAULT 0 CHECK (written_off_kobo >= 0),
  -- The HMO's rejection of the line, with its reason: it pays nothing of it, which stays owed until written off.
  rejected_reason text CHECK (rejected_reason <> ''),
  rejected_by bigint REFERENCES users (id),
  rejected_at timestamptz,
  CHECK ((rejected_reason IS NULL) = (rejected_at IS NULL) AND (rejected_at IS NULL) = (rejected_by IS NULL)),
  CHECK (rejected_reason IS NULL OR paid_kobo = 0),
  CHECK (paid_kobo + written_off_kobo <= amount_kobo),
  PRIMARY KEY (bill_id, position),
  FOREIGN KEY (bill_id, position) REFERENCES bill_items (bill_id, position)
);
CREATE INDEX hmo_claim_lines_claim_idx ON hmo_claim_lines (claim_id, bill_id, position);

CREATE TABLE hmo_remittances (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  claim_id bigint NOT NULL REFERENCES hmo_claims (id),
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  bank_reference text NOT NULL CHECK (bank_reference <> ''),
  received_on date NOT NULL,
  created_by bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
-- A bank reference is recorded once.
CREATE UNIQUE INDEX hmo_remittances_reference_key ON hmo_remittances (upper(bank_reference));

CREATE TABLE hmo_claim_write_offs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  claim_id bigint NOT NULL REFERENCES hmo_claims (id),
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  reason text NOT NULL CHECK (reason <> ''),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  requested_by bigint NOT NULL REFERENCES users (id),
  requested_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  decided_by bigint REFERENCES users (id),
  decided_at timestamptz,
  decision_note text,
  CHECK ((status = 'pending') = (decided_at IS NULL) AND (decided_at IS NULL) = (decided_by IS NULL)),
  -- The sign-off is someone else's.
  CHECK (decided_by IS NULL OR decided_by <> requested_by)
);
-- One write-off waiting per claim at a time.
CREATE UNIQUE INDEX hmo_claim_write_offs_pending_key ON hmo_claim_write_offs (claim_id) WHERE status = 'pending';

INSERT INTO ledger_accounts (code, kind, name) VALUES
  ('asset:bank:hmo_remittances', 'asset', 'HMO remittances received in the hospital''s bank account'),
  ('expense:hmo_short_payments', 'expense', 'HMO claims paid short and written off with sign-off');
