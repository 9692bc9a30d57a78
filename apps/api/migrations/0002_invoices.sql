-- Invoices (every payment, guest or customer), their items, and the gateway side of each payment. Each
-- invoice also carries what the staff dashboards read of it (its item totals, and its JSON as the staff
-- endpoints list it), kept by the database, so that a filter or a page reads invoice rows and index
-- entries only, never the items.

CREATE TABLE invoices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reference text NOT NULL UNIQUE,
  user_id bigint REFERENCES users (id),
  purpose text NOT NULL DEFAULT 'checkout' CHECK (purpose IN ('checkout', 'top_up')),
  payment_method text NOT NULL CHECK (payment_method IN ('wallet', 'remita', 'monnify', 'paystack', 'bank_transfer')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed', 'failed', 'refunded')),
  subtotal_kobo bigint NOT NULL CHECK (subtotal_kobo >= 0),
  charge_fee_kobo bigint NOT NULL CHECK (charge_fee_kobo >= 0),
  total_kobo bigint NOT NULL CHECK (total_kobo = subtotal_kobo + charge_fee_kobo AND total_kobo > 0),
  customer_name text NOT NULL,
  customer_email text NOT NULL CHECK (customer_email = lower(customer_email)),
  customer_phone text NOT NULL,
  -- The last six digits of the phone, for the public look-up.
  customer_phone_digits text NOT NULL,
  hospital_number text NOT NULL DEFAULT '',
  transaction_description text NOT NULL DEFAULT '',
  customer_meta jsonb NOT NULL,
  failure_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  expires_at timestamptz,
  -- The item totals, over all the invoice's items and per department, kept by the items' trigger.
  item_count integer NOT NULL DEFAULT 0,
  items_kobo bigint NOT NULL DEFAULT 0,
  -- {"<department>": {"n": <items>, "kobo": <their sum>}}
  department_totals jsonb NOT NULL DEFAULT '{}',
  -- The invoice as the staff endpoints list it (the contract's invoiceSchema) without its items, a JSON
  -- object, kept by a trigger whenever a field it shows changes: a staff page is its rows' text put together.
  staff_head text NOT NULL,
  -- Its items in the same shape, in order, written once by the items' trigger (items never change).
  staff_items jsonb NOT NULL DEFAULT '[]'
);
CREATE INDEX invoices_lookup_idx ON invoices (customer_email, customer_phone_digits, created_at DESC);
CREATE INDEX invoices_created_idx ON invoices (created_at);
CREATE INDEX invoices_user_idx ON invoices (user_id, created_at DESC) WHERE user_id IS NOT NULL;
-- The staff filter: checkout invoices newest first (pages, export batches) with all that the filters and
-- the statistics read, as index-only scans; and, so that every combination of status and method starts
-- its scan among the matching invoices, one index led by each and one led by both. A department's
-- invoices have their own table (invoice_departments, 0004).
CREATE INDEX invoices_checkout_idx ON invoices (created_at DESC, id DESC)
  INCLUDE (payment_method, status, item_count, items_kobo, department_totals) WHERE purpose = 'checkout';
CREATE INDEX invoices_checkout_status_idx ON invoices (status, created_at DESC, id DESC)
  INCLUDE (payment_method) WHERE purpose = 'checkout';
CREATE INDEX invoices_checkout_method_idx ON invoices (payment_method, created_at DESC, id DESC)
  INCLUDE (status) WHERE purpose = 'checkout';
CREATE INDEX invoices_checkout_status_method_idx ON invoices (status, payment_method, created_at DESC, id DESC)
  WHERE purpose = 'checkout';

CREATE TABLE invoice_items (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  invoice_id bigint NOT NULL REFERENCES invoices (id),
  position integer NOT NULL,
  service_id text NOT NULL,
  service_name text NOT NULL,
  description text NOT NULL DEFAULT '',
  head_code text,
  service_type_id text,
  department_name text,
  category text,
  fixed_price boolean NOT NULL,
  unit_price_kobo bigint NOT NULL CHECK (unit_price_kobo > 0),
  qty integer NOT NULL CHECK (qty > 0),
  line_total_kobo bigint NOT NULL CHECK (line_total_kobo = unit_price_kobo * qty),
  UNIQUE (invoice_id, position)
);

-- What the invoice's item totals hold, computed from its items.
CREATE VIEW invoice_item_totals AS
SELECT invoice_id, sum(n)::int AS item_count, sum(kobo)::bigint AS items_kobo,
  coalesce(jsonb_object_agg(department_name, jsonb_build_object('n', n, 'kobo', kobo)) FILTER (WHERE department_name IS NOT NULL), '{}')
    AS department_totals
FROM (SELECT invoice_id, department_name, count(*) AS n, sum(line_total_kobo) AS kobo FROM invoice_items GROUP BY invoice_id, department_name) d
GROUP BY invoice_id;

-- The items of each invoice as the staff endpoints list them.
CREATE VIEW invoice_staff_items AS
SELECT it.invoice_id,
  jsonb_agg(jsonb_build_object(
    'amount', (it.line_total_kobo::numeric / 100)::numeric(20, 2)::text,
    'qty', it.qty,
    'service', jsonb_build_object(
      'name', it.service_name,
      'description', it.description,
      'department', CASE WHEN it.department_name <> '' THEN jsonb_build_object('name', it.department_name) END
    )
  ) ORDER BY it.position) AS staff_items
FROM invoice_items it
GROUP BY it.invoice_id;

-- After items are added, their invoices' totals and staff_items are computed again from all their items,
-- in one UPDATE of each invoice (the conditions on the views' key read only those invoices' items).
CREATE FUNCTION invoice_items_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
BEGIN
  ids := ARRAY(SELECT DISTINCT invoice_id FROM added_items);
  UPDATE invoices i SET item_count = t.item_count, items_kobo = t.items_kobo, department_totals = t.department_totals,
    staff_items = s.staff_items
  FROM invoice_item_totals t JOIN invoice_staff_items s ON s.invoice_id = t.invoice_id
  WHERE t.invoice_id = ANY (ids) AND s.invoice_id = ANY (ids) AND i.id = t.invoice_id;
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

-- The head of an invoice. Dates as Date.toISOString() writes them (UTC, milliseconds, Z), amounts as
-- koboToDecimal() does (exact naira, 2 decimals).
CREATE FUNCTION invoice_staff_head(i invoices) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    'id', i.id,
    'reference', i.reference,
    'created_at', to_char(i.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'paid_at', to_char(i.paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'status', i.status,
    'payment_method', i.payment_method,
    'customer_email', i.customer_email,
    'customer_meta', json_build_object('name', i.customer_name),
    'total_amount', (i.total_kobo::numeric / 100)::numeric(20, 2)::text
  )::text
$$;

CREATE FUNCTION invoice_staff_head_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.staff_head := invoice_staff_head(NEW);
  RETURN NEW;
END
$$;
CREATE TRIGGER invoice_staff_head_insert BEFORE INSERT ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoice_staff_head_track();
CREATE TRIGGER invoice_staff_head_update BEFORE UPDATE ON invoices
  FOR EACH ROW WHEN (
    (OLD.id, OLD.reference, OLD.created_at, OLD.paid_at, OLD.status, OLD.payment_method, OLD.customer_email,
      OLD.customer_name, OLD.total_kobo)
    IS DISTINCT FROM (NEW.id, NEW.reference, NEW.created_at, NEW.paid_at, NEW.status, NEW.payment_method,
      NEW.customer_email, NEW.customer_name, NEW.total_kobo)
  ) EXECUTE FUNCTION invoice_staff_head_track();

-- The gateway's side of a payment: its own reference, what it last said, when to ask again. The next
-- check is NULL (never) once the payment is settled or closed, so the worker's due index holds the
-- pending ones only.
CREATE TABLE gateway_payments (
  invoice_id bigint PRIMARY KEY REFERENCES invoices (id),
  gateway text NOT NULL CHECK (gateway IN ('remita', 'monnify', 'paystack')),
  gateway_reference text,
  access_code text,
  bank_account jsonb,
  gateway_status text,
  amount_paid_kobo bigint,
  note text,
  checks integer NOT NULL DEFAULT 0,
  last_checked_at timestamptz,
  next_check_at timestamptz DEFAULT now()
);
CREATE UNIQUE INDEX gateway_payments_reference_idx ON gateway_payments (gateway, gateway_reference);
CREATE INDEX gateway_payments_due_idx ON gateway_payments (next_check_at) WHERE next_check_at IS NOT NULL;
