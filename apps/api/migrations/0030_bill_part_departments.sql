-- Department revenue includes bills (issue 36): a bill's part counts under its lines' departments. When a
-- part is added to its bill (BillParts, behind the bill's row lock, in the transaction that settles the
-- part), it is split over the bill's lines by cumulative largest remainder (bills/bill-part-shares.ts): one
-- row per line it gives to. The staff dashboards then count and list the part as one line per department of
-- those shares instead of its one line: its item totals and staff items (0002) are computed from the shares,
-- so its day totals, department rows and change counts (0004), which the statistics, the department filter
-- and the CSV read, follow as for any invoice. The part's own item (what was charged, on its receipts) stays
-- as it is. A part that never fitted its bill (failed, or held for a refund) has no shares and no department.
CREATE TABLE bill_part_lines (
  invoice_id bigint NOT NULL REFERENCES invoices (id),
  bill_id bigint NOT NULL,
  position integer NOT NULL,
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  PRIMARY KEY (invoice_id, position),
  FOREIGN KEY (bill_id, position) REFERENCES bill_items (bill_id, position)
);
-- What a bill's parts gave each of its lines so far.
CREATE INDEX bill_part_lines_bill_idx ON bill_part_lines (bill_id, position) INCLUDE (amount_kobo);

-- What a bill's parts paid before parts were split: they count under no department, and the later parts'
-- shares take it as one part paid first, so that each line still ends at its total.
ALTER TABLE bills ADD COLUMN unsplit_kobo bigint NOT NULL DEFAULT 0;
UPDATE bills SET unsplit_kobo = paid_kobo WHERE paid_kobo > 0;
ALTER TABLE bills ADD CONSTRAINT bills_unsplit_kobo_check CHECK (unsplit_kobo >= 0 AND unsplit_kobo <= paid_kobo);

-- An invoice's lines as the staff dashboards count and list them: its items; or, for a bill's part once it
-- has shares, one line per department of its shares (in the order of the bill's lines), named as its one
-- item is (after the bill's lines, never its link).
CREATE VIEW invoice_staff_lines AS
SELECT it.invoice_id, it.position, it.service_name, it.description, it.department_name, it.qty, it.line_total_kobo AS kobo
FROM invoice_items it
WHERE NOT EXISTS (SELECT 1 FROM bill_part_lines s WHERE s.invoice_id = it.invoice_id)
UNION ALL
SELECT s.invoice_id, min(s.position), it.service_name, it.description, b.department_name, 1, sum(s.amount_kobo)::bigint
FROM bill_part_lines s
JOIN bill_items b ON b.bill_id = s.bill_id AND b.position = s.position
JOIN invoice_items it ON it.invoice_id = s.invoice_id AND it.position = 1
GROUP BY s.invoice_id, b.department_name, it.service_name, it.description;

-- The views of 0002, over those lines (the same columns).
CREATE OR REPLACE VIEW invoice_item_totals AS
SELECT invoice_id, sum(n)::int AS item_count, sum(kobo)::bigint AS items_kobo,
  coalesce(jsonb_object_agg(department_name, jsonb_build_object('n', n, 'kobo', kobo)) FILTER (WHERE department_name IS NOT NULL), '{}')
    AS department_totals
FROM (SELECT invoice_id, department_name, count(*) AS n, sum(kobo) AS kobo FROM invoice_staff_lines GROUP BY invoice_id, department_name) d
GROUP BY invoice_id;

CREATE OR REPLACE VIEW invoice_staff_items AS
SELECT l.invoice_id,
  jsonb_agg(jsonb_build_object(
    'amount', (l.kobo::numeric / 100)::numeric(20, 2)::text,
    'qty', l.qty,
    'service', jsonb_build_object(
      'name', l.service_name,
      'description', l.description,
      'department', CASE WHEN l.department_name <> '' THEN jsonb_build_object('name', l.department_name) END
    )
  ) ORDER BY l.position) AS staff_items
FROM invoice_staff_lines l
GROUP BY l.invoice_id;

-- A part's shares computed its invoice's totals and staff items again, as its items did (0002's function
-- reads the new rows' invoice ids from the transition table it names).
CREATE TRIGGER bill_part_lines_totals AFTER INSERT ON bill_part_lines REFERENCING NEW TABLE AS added_items
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_items_totals();

-- A part's shares are counted once: never changed or removed.
CREATE FUNCTION bill_part_lines_unchanging() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'bill part shares are never changed or removed';
END
$$;
CREATE TRIGGER bill_part_lines_unchanging BEFORE UPDATE OR DELETE ON bill_part_lines
  FOR EACH ROW EXECUTE FUNCTION bill_part_lines_unchanging();
