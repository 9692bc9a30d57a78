-- The staff statistics and the filter's count at 64 concurrent requests (issue 8). Even as index-only
-- scans (0007), they read every invoice of the range: a month at 1,000,000 invoices a year is 83,000
-- index entries, about 40 ms of a core per request, so 64 at once wait seconds. Now the database keeps
-- day totals per status, method and department, and a month's figures are a sum of at most a few
-- hundred rows.
--
-- The totals are kept by appending signed changes (deltas), never by updating a shared row: payments
-- made at the same moment would otherwise queue on the same day's row lock. A housekeeping pass (the
-- payments worker) folds the deltas of a key into one row now and then; a reader sums whatever rows
-- there are, folded or not, so it is always exact.

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
  folded boolean NOT NULL DEFAULT false
);
CREATE INDEX invoice_day_totals_idx ON invoice_day_totals (department, day)
  INCLUDE (status, payment_method, invoices, rows, kobo);
CREATE INDEX invoice_day_totals_deltas_idx ON invoice_day_totals (day) WHERE NOT folded;

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

-- After an invoice is added, changed or removed: its new contribution minus its old one, net, as deltas.
CREATE FUNCTION invoice_day_totals_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO invoice_day_totals (day, status, payment_method, department, invoices, rows, kobo)
  SELECT c.day, c.status, c.payment_method, c.department, sum(c.invoices), sum(c.rows), sum(c.kobo)
  FROM (
    SELECT * FROM invoice_day_contribution(NEW, 1) WHERE TG_OP <> 'DELETE'
    UNION ALL
    SELECT * FROM invoice_day_contribution(OLD, -1) WHERE TG_OP <> 'INSERT'
  ) c
  GROUP BY c.day, c.status, c.payment_method, c.department
  HAVING sum(c.invoices) <> 0 OR sum(c.rows) <> 0 OR sum(c.kobo) <> 0;
  RETURN NULL;
END
$$;
CREATE TRIGGER invoice_day_totals_insert AFTER INSERT ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoice_day_totals_track();
CREATE TRIGGER invoice_day_totals_delete AFTER DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoice_day_totals_track();
CREATE TRIGGER invoice_day_totals_update AFTER UPDATE ON invoices
  FOR EACH ROW WHEN (
    (OLD.purpose, OLD.created_at, OLD.status, OLD.payment_method, OLD.item_count, OLD.items_kobo, OLD.department_totals)
    IS DISTINCT FROM (NEW.purpose, NEW.created_at, NEW.status, NEW.payment_method, NEW.item_count, NEW.items_kobo, NEW.department_totals)
  ) EXECUTE FUNCTION invoice_day_totals_track();

-- The invoices already there, folded.
INSERT INTO invoice_day_totals (day, status, payment_method, department, invoices, rows, kobo, folded)
SELECT c.day, c.status, c.payment_method, c.department, sum(c.invoices), sum(c.rows), sum(c.kobo), true
FROM invoices i CROSS JOIN LATERAL invoice_day_contribution(i, 1) c
GROUP BY c.day, c.status, c.payment_method, c.department;

ANALYZE invoice_day_totals;
