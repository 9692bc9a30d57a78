-- What staff do about payments: confirm direct bank transfers, refund (with a super admin's approval
-- above a configured amount), manage staff accounts, and an append-only audit log of all of it.

-- A deactivated account cannot sign in and its tokens stop working.
ALTER TABLE users ADD COLUMN is_active boolean NOT NULL DEFAULT true;

-- One confirmation per invoice, and one invoice per bank transfer: the same transfer cannot pay twice.
CREATE TABLE transfer_confirmations (
  invoice_id bigint PRIMARY KEY REFERENCES invoices (id),
  transfer_reference text NOT NULL UNIQUE,
  amount_received_kobo bigint NOT NULL CHECK (amount_received_kobo > 0),
  confirmed_by bigint NOT NULL REFERENCES users (id),
  confirmed_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE refunds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  invoice_id bigint NOT NULL REFERENCES invoices (id),
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  reason text NOT NULL,
  status text NOT NULL CHECK (status IN ('awaiting_approval', 'completed', 'rejected')),
  destination text NOT NULL CHECK (destination IN ('wallet', 'original_method')),
  requested_by bigint NOT NULL REFERENCES users (id),
  decided_by bigint REFERENCES users (id),
  decision_note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz
);
-- At most one live refund per invoice (a rejected one may be followed by a new request).
CREATE UNIQUE INDEX refunds_live_invoice_idx ON refunds (invoice_id) WHERE status <> 'rejected';
CREATE INDEX refunds_status_idx ON refunds (status, created_at DESC);

-- Every staff action, written in the transaction that does it. Rows are never changed or removed.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor_id bigint NOT NULL REFERENCES users (id),
  actor_role text NOT NULL,
  action text NOT NULL,
  target_type text NOT NULL,
  target_id text NOT NULL,
  summary text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action, created_at DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, created_at DESC);

CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
