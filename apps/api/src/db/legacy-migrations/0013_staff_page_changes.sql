-- The staff filter's pages at 64 concurrent requests (issue 8). After 0011 a page is one statement, but
-- it still reads and sends 51 invoices with their items (about 40 KB) on every request, which the
-- dashboards ask again and again while nothing changed. The API now keeps the pages it read (see
-- staff-page-cache.ts), and needs to know, cheaply and exactly, whether anything a page shows changed.
--
-- changes: how many changes of the invoices each day and department has seen, kept in the day totals
-- as one more key per day and department, with status and method '' (and no invoices, rows or kobo, so
-- every sum of the totals is the same with or without them). Every change of an invoice a staff page
-- shows (its status, method, date, purpose, items, or any field of its JSON, 0011) appends a delta with
-- changes = 1 to the key of each day and department the invoice had before and has after: the whole
-- invoice's ('') and each of its departments'. Deltas are appended in the same transaction as the change
-- and folded by summing, so the sum over a filter's days and department never goes down, and it goes
-- up, at the moment the change commits, whenever anything a page of that filter lists could have
-- changed (a change of another status or method counts too: a page is then read once more than it
-- needed). A page read in the same statement as that sum is still right for as long as the sum is the
-- same, and so is its count: every delta of its totals comes with one of these.
--
-- One key per day and department, not per status and method too: a month's filter sums about 30 rows
-- from their own index to check a page, instead of about 600 (pgbench on the 1,000,000-invoice bench
-- database, 8 clients: 15,300 checks a second instead of 7,300).

ALTER TABLE invoice_day_totals ADD COLUMN changes bigint NOT NULL DEFAULT 0;

-- The change keys alone, read from the index.
CREATE INDEX invoice_day_changes_idx ON invoice_day_totals (department, day) INCLUDE (changes) WHERE status = '';

-- 0008's function, with the change keys: every day and department the invoice leaves or enters gets one,
-- even when its totals net to zero (a change of the payer's name, say, changes no total but the page).
CREATE OR REPLACE FUNCTION invoice_day_totals_track() RETURNS trigger LANGUAGE plpgsql AS $$
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

-- Now also when only what a page shows of the invoice changes (staff_head is rewritten before the row is,
-- 0011, so it is NEW's here).
DROP TRIGGER invoice_day_totals_update ON invoices;
CREATE TRIGGER invoice_day_totals_update AFTER UPDATE ON invoices
  FOR EACH ROW WHEN (
    (OLD.purpose, OLD.created_at, OLD.status, OLD.payment_method, OLD.item_count, OLD.items_kobo, OLD.department_totals,
      OLD.staff_head, OLD.staff_items)
    IS DISTINCT FROM (NEW.purpose, NEW.created_at, NEW.status, NEW.payment_method, NEW.item_count, NEW.items_kobo,
      NEW.department_totals, NEW.staff_head, NEW.staff_items)
  ) EXECUTE FUNCTION invoice_day_totals_track();
