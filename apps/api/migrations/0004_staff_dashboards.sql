-- What the staff dashboards read besides the invoices (0002): day totals per status, method and
-- department, so that a range's statistics and the filter's count are a sum of a few hundred rows, not a
-- scan of every invoice of the range; and, per checkout invoice, each department it has lines of, so that
-- a department's filter starts its scan among that department's invoices.

-- The totals are kept by appending signed changes (deltas), never by updating a shared row: payments made
-- at the same moment would otherwise queue on the same day's row lock. A housekeeping pass (the staff
-- day-totals worker) folds the deltas of a key into one row now and then; a reader sums whatever rows
-- there are, folded or not, so it is always exact.
--
-- The table is a queue in part (deltas appended for today's keys, deleted when folded), and each deleted
-- delta leaves an index entry that every request over today crosses until a vacuum removes it: it is
-- vacuumed after a fixed number of dead rows, not a fraction of the table, and its indexes always cleaned.
CREATE TABLE invoice_day_totals (
  -- The West Africa Time day (UTC+1, no daylight saving) of the invoice's creation, as the filters use.
  day date NOT NULL,
  status text NOT NULL,
  payment_method text NOT NULL,
  -- '' for whole invoices; else the invoice's lines of that department.
  department text NOT NULL,
  invoices bigint NOT NULL,
  rows bigint NOT NULL,
  kobo bigint NOT NULL,
  -- False for a delta appended by the trigger, true for a row folded by housekeeping.
  folded boolean NOT NULL DEFAULT false,
  -- Change keys (status and method ''; no invoices, rows or kobo, so every sum of the totals is the same
  -- with or without them): how many changes of the invoices each day and department has seen. Every
  -- change of an invoice a staff page shows (its status, method, date, purpose, items, or any field of
  -- its staff JSON) appends 1 to each day and department the invoice had before and has after, in the
  -- same transaction. The sum over a filter's days and department so goes up, at the moment the change
  -- commits, whenever anything a page of that filter lists could have changed: the API keeps a page it
  -- read (staff-page-cache.ts) for as long as that sum is the same. One key per day and department, not
  -- per status and method too, keeps that check to one row a day.
  changes bigint NOT NULL DEFAULT 0
) WITH (
  autovacuum_vacuum_scale_factor = 0,
  autovacuum_vacuum_threshold = 2000,
  autovacuum_analyze_scale_factor = 0,
  autovacuum_analyze_threshold = 20000,
  vacuum_index_cleanup = on
);
CREATE INDEX invoice_day_totals_idx ON invoice_day_totals (department, day)
  INCLUDE (status, payment_method, invoices, rows, kobo);
CREATE INDEX invoice_day_totals_deltas_idx ON invoice_day_totals (day) WHERE NOT folded;
-- The change keys alone, read from the index.
CREATE INDEX invoice_day_changes_idx ON invoice_day_totals (department, day) INCLUDE (changes) WHERE status = '';

-- What one checkout invoice adds to the totals (times sign): one row for the invoice, one per department.
CREATE FUNCTION invoice_day_contribution(i invoices, sign integer)
RETURNS TABLE (day date, status text, payment_method text, department text, invoices bigint, rows bigint, kobo bigint)
LANGUAGE sql IMMUTABLE AS $$
  SELECT ((i.created_at AT TIME ZONE 'UTC') + interval '1 hour')::date, i.status, i.payment_method, '',
    sign::bigint, (sign * i.item_count)::bigint, sign * i.items_kobo
  WHERE i.purpose = 'checkout'
  UNION ALL
  SELECT ((i.created_at AT TIME ZONE 'UTC') + interval '1 hour')::date, i.status, i.payment_method, d.key,
    sign::bigint, sign * (d.value ->> 'n')::bigint, sign * (d.value ->> 'kobo')::bigint
  FROM jsonb_each(i.department_totals) d
  WHERE i.purpose = 'checkout'
$$;

-- After an invoice is added, changed or removed: its new contribution minus its old one, net, as deltas;
-- and a change key for every day and department the invoice leaves or enters, even when its totals net to
-- zero (a change of the payer's name, say, changes no total but the page).
CREATE FUNCTION invoice_day_totals_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH c AS (
    SELECT * FROM invoice_day_contribution(NEW, 1) WHERE TG_OP <> 'DELETE'
    UNION ALL
    SELECT * FROM invoice_day_contribution(OLD, -1) WHERE TG_OP <> 'INSERT'
  )
  INSERT INTO invoice_day_totals (day, status, payment_method, department, invoices, rows, kobo, changes)
  SELECT c.day, c.status, c.payment_method, c.department, sum(c.invoices), sum(c.rows), sum(c.kobo), 0
  FROM c
  GROUP BY c.day, c.status, c.payment_method, c.department
  HAVING sum(c.invoices) <> 0 OR sum(c.rows) <> 0 OR sum(c.kobo) <> 0
  UNION ALL
  SELECT c.day, '', '', c.department, 0, 0, 0, 1
  FROM c
  GROUP BY c.day, c.department;
  RETURN NULL;
END
$$;
CREATE TRIGGER invoice_day_totals_insert AFTER INSERT ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoice_day_totals_track();
CREATE TRIGGER invoice_day_totals_delete AFTER DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoice_day_totals_track();
-- Also when only what a page shows of the invoice changes (staff_head is rewritten before the row is, so
-- it is NEW's here).
CREATE TRIGGER invoice_day_totals_update AFTER UPDATE ON invoices
  FOR EACH ROW WHEN (
    (OLD.purpose, OLD.created_at, OLD.status, OLD.payment_method, OLD.item_count, OLD.items_kobo, OLD.department_totals,
      OLD.staff_head, OLD.staff_items)
    IS DISTINCT FROM (NEW.purpose, NEW.created_at, NEW.status, NEW.payment_method, NEW.item_count, NEW.items_kobo,
      NEW.department_totals, NEW.staff_head, NEW.staff_items)
  ) EXECUTE FUNCTION invoice_day_totals_track();

-- One row per checkout invoice and department it has lines of, with what the filters test, kept by the
-- database from the invoice's department totals, status, method and date. Each index leads with the
-- department and what a filter names besides (status, method, both), so every combination is one range.
CREATE TABLE invoice_departments (
  department text NOT NULL,
  invoice_id bigint NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  status text NOT NULL,
  payment_method text NOT NULL,
  PRIMARY KEY (invoice_id, department)
);
CREATE INDEX invoice_departments_page_idx ON invoice_departments (department, created_at DESC, invoice_id DESC)
  INCLUDE (status, payment_method);
CREATE INDEX invoice_departments_status_idx ON invoice_departments (department, status, created_at DESC, invoice_id DESC)
  INCLUDE (payment_method);
CREATE INDEX invoice_departments_method_idx ON invoice_departments (department, payment_method, created_at DESC, invoice_id DESC)
  INCLUDE (status);
CREATE INDEX invoice_departments_status_method_idx ON invoice_departments (department, status, payment_method, created_at DESC, invoice_id DESC);

CREATE FUNCTION invoice_departments_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.department_totals = NEW.department_totals AND OLD.purpose = NEW.purpose THEN
    UPDATE invoice_departments SET created_at = NEW.created_at, status = NEW.status, payment_method = NEW.payment_method
    WHERE invoice_id = NEW.id;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM invoice_departments WHERE invoice_id = NEW.id;
  END IF;
  IF NEW.purpose = 'checkout' THEN
    INSERT INTO invoice_departments (department, invoice_id, created_at, status, payment_method)
    SELECT d.key, NEW.id, NEW.created_at, NEW.status, NEW.payment_method FROM jsonb_object_keys(NEW.department_totals) AS d(key);
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER invoice_departments_insert AFTER INSERT ON invoices
  FOR EACH ROW WHEN (NEW.purpose = 'checkout' AND NEW.department_totals <> '{}') EXECUTE FUNCTION invoice_departments_track();
CREATE TRIGGER invoice_departments_update AFTER UPDATE ON invoices
  FOR EACH ROW WHEN (
    (OLD.purpose, OLD.created_at, OLD.status, OLD.payment_method, OLD.department_totals)
    IS DISTINCT FROM (NEW.purpose, NEW.created_at, NEW.status, NEW.payment_method, NEW.department_totals)
  ) EXECUTE FUNCTION invoice_departments_track();

-- Plans for the first pages should know these tables from the start.
ANALYZE invoice_day_totals;
ANALYZE invoice_departments;
