-- The staff filter's pages at 64 concurrent requests (issue 8). invoices_checkout_idx (0007) serves a
-- page newest first by testing status, method and department on each entry it passes: for a rare
-- combination (refunded, one department: about 1 invoice in 600) a page of 50 passes tens of thousands
-- of entries, and the department test reads a jsonb value on each (EXPLAIN ANALYZE: 20 to 40 ms).
-- Now every filter starts its scan among the matching invoices and tests at most one more column:
-- status or method lead an index of their own, and a department leads the index of a table that
-- lists, per checkout invoice, each department it has lines of.

CREATE INDEX invoices_checkout_status_idx ON invoices (status, created_at DESC, id DESC)
  INCLUDE (payment_method) WHERE purpose = 'checkout';
CREATE INDEX invoices_checkout_method_idx ON invoices (payment_method, created_at DESC, id DESC)
  INCLUDE (status) WHERE purpose = 'checkout';
-- Superseded by the two above (status, and method, each with the creation time).
DROP INDEX invoices_status_created_idx;
DROP INDEX invoices_method_created_idx;

-- One row per checkout invoice and department it has lines of, with what the filters test. Kept by the
-- database from the invoice's department totals (0007), status, method and date.
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

INSERT INTO invoice_departments (department, invoice_id, created_at, status, payment_method)
SELECT d.key, i.id, i.created_at, i.status, i.payment_method
FROM invoices i CROSS JOIN LATERAL jsonb_object_keys(i.department_totals) AS d(key)
WHERE i.purpose = 'checkout';

-- Plans for the first pages should know the table from the start.
ANALYZE invoice_departments;
