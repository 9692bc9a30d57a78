-- The staff dashboards at a million invoices (issue 6). EXPLAIN (ANALYZE, BUFFERS) on the bench database
-- showed the statistics joining every item of the range (a month: 88,000 invoices, 175,000 items, about
-- 550 ms), a department filter reading all of that department's items of every year (up to 416,000 index
-- entries, about 200 ms), and status and method tested on invoice rows. Now each invoice carries its
-- item totals, over all its items and per department, and one index holds everything the filters and
-- the statistics read: they are index-only scans of the range.

ALTER TABLE invoices
  ADD COLUMN item_count integer NOT NULL DEFAULT 0,
  ADD COLUMN items_kobo bigint NOT NULL DEFAULT 0,
  -- {"<department>": {"n": <items>, "kobo": <their sum>}}
  ADD COLUMN department_totals jsonb NOT NULL DEFAULT '{}';

-- What those columns hold, computed from the items.
CREATE VIEW invoice_item_totals AS
SELECT invoice_id, sum(n)::int AS item_count, sum(kobo)::bigint AS items_kobo,
  coalesce(jsonb_object_agg(department_name, jsonb_build_object('n', n, 'kobo', kobo)) FILTER (WHERE department_name IS NOT NULL), '{}')
    AS department_totals
FROM (SELECT invoice_id, department_name, count(*) AS n, sum(line_total_kobo) AS kobo FROM invoice_items GROUP BY invoice_id, department_name) d
GROUP BY invoice_id;

UPDATE invoices i SET item_count = t.item_count, items_kobo = t.items_kobo, department_totals = t.department_totals
FROM invoice_item_totals t WHERE i.id = t.invoice_id;

-- Kept by the database: after items are added, their invoices' totals are computed again from all their
-- items (the condition on the view's key reads only those invoices' items).
CREATE FUNCTION invoice_items_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
BEGIN
  ids := ARRAY(SELECT DISTINCT invoice_id FROM added_items);
  UPDATE invoices i SET item_count = t.item_count, items_kobo = t.items_kobo, department_totals = t.department_totals
  FROM invoice_item_totals t WHERE t.invoice_id = ANY (ids) AND i.id = t.invoice_id;
  RETURN NULL;
END
$$;
CREATE TRIGGER invoice_items_totals AFTER INSERT ON invoice_items REFERENCING NEW TABLE AS added_items
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_items_totals();

-- Items are what was charged: they are never changed or removed, which keeps those totals true.
CREATE FUNCTION invoice_items_unchanging() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'invoice items are never changed or removed';
END
$$;
CREATE TRIGGER invoice_items_unchanging BEFORE UPDATE OR DELETE ON invoice_items
  FOR EACH ROW EXECUTE FUNCTION invoice_items_unchanging();

-- Checkout invoices newest first (pages, export batches) with all that the filters and the statistics
-- read. It replaces invoices_purpose_created_idx; no query reads items by department any more.
CREATE INDEX invoices_checkout_idx ON invoices (created_at DESC, id DESC)
  INCLUDE (payment_method, status, item_count, items_kobo, department_totals) WHERE purpose = 'checkout';
DROP INDEX invoices_purpose_created_idx;
DROP INDEX invoice_items_department_idx;
