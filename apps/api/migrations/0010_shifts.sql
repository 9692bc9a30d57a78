-- Staff shifts and their close-out (beyond SPEC: issue 21). A staff member opens a shift, works, and closes
-- it with a note; the report of what they did between opening and closing (bills raised, money received
-- against them by method, bank transfers confirmed, items given) is stored as it stood at the close, so a
-- closed shift's report never changes when later payments or refunds arrive.

CREATE TABLE staff_shifts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES users (id),
  opened_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  closed_at timestamptz,
  closed_by bigint REFERENCES users (id),
  close_note text,
  -- The report as it stood at the close (the API's shift report JSON, money as decimal strings).
  report jsonb,
  CHECK (closed_at IS NULL OR closed_at >= opened_at),
  CHECK ((closed_at IS NULL) = (closed_by IS NULL) AND (closed_at IS NULL) = (close_note IS NULL)
    AND (closed_at IS NULL) = (report IS NULL))
);
-- One open shift per staff member: a second open, however concurrent, fails on this index.
CREATE UNIQUE INDEX staff_shifts_one_open_idx ON staff_shifts (staff_id) WHERE closed_at IS NULL;
-- The admins' list (newest first), by day and by staff member.
CREATE INDEX staff_shifts_opened_idx ON staff_shifts (opened_at DESC, id DESC);
CREATE INDEX staff_shifts_staff_idx ON staff_shifts (staff_id, opened_at DESC);

-- A closed shift is locked: its row is never changed or removed; an open one may only be closed.
CREATE FUNCTION staff_shifts_locked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD.closed_at IS NOT NULL THEN
    RAISE EXCEPTION 'staff shift % is closed: it cannot be changed', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  IF (NEW.id, NEW.staff_id, NEW.opened_at) IS DISTINCT FROM (OLD.id, OLD.staff_id, OLD.opened_at) THEN
    RAISE EXCEPTION 'staff shift %: only its close may be written', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER staff_shifts_locked BEFORE UPDATE OR DELETE ON staff_shifts
  FOR EACH ROW EXECUTE FUNCTION staff_shifts_locked();

-- What a shift's report reads, by the staff member who did it and when.
CREATE INDEX bills_created_by_idx ON bills (created_by, created_at);
CREATE INDEX invoices_bill_paid_idx ON invoices (paid_at) WHERE bill_id IS NOT NULL;
CREATE INDEX transfer_confirmations_confirmed_by_idx ON transfer_confirmations (confirmed_by, confirmed_at);
CREATE INDEX receipt_redemptions_given_by_idx ON receipt_redemptions (given_by, given_at);
CREATE INDEX receipt_redemptions_given_at_idx ON receipt_redemptions (given_at);
