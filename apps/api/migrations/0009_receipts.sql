-- Receipt codes and what the point of care gave against them (beyond SPEC: DESIGN.md "the hospital's side of
-- the loop"). Every completed hospital payment (purpose checkout; a wallet top-up buys nothing to give) has
-- one code, written by the statement that completes it (InvoicesRepository.markCompleted); a refunded
-- payment keeps its code, so a check of it says "refunded".

-- 16 Crockford base32 characters (80 random bits), kept without the dashes it is shown with (ABCD-EFGH-…).
CREATE TABLE receipt_codes (
  invoice_id bigint PRIMARY KEY REFERENCES invoices (id),
  code text NOT NULL UNIQUE CHECK (code ~ '^[0-9A-HJKMNP-TV-Z]{16}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A new code from the database's own strong random source: 80 of the 122 random bits of a version 4 UUID
-- (hex digits 1-12 and 18-25 are random; 13 is the version, 17 holds the variant). The API makes its codes
-- with Node's crypto (receipt-code.ts); this one is for rows written by SQL alone: the backfill below, and
-- load-test seeds.
CREATE FUNCTION random_receipt_code() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  hex text := replace(gen_random_uuid()::text, '-', '');
  bits bit(80) := ('x' || substr(hex, 1, 12) || substr(hex, 18, 8))::bit(80);
  code text := '';
BEGIN
  FOR n IN 0..15 LOOP
    code := code || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substring(bits FROM n * 5 + 1 FOR 5)::int + 1, 1);
  END LOOP;
  RETURN code;
END
$$;

-- Payments completed (or completed, then refunded) before this migration get their code now, so that no
-- receipt is without one and no read path has to make one up on the fly.
INSERT INTO receipt_codes (invoice_id, code)
SELECT id, random_receipt_code() FROM invoices WHERE purpose = 'checkout' AND status IN ('completed', 'refunded') ORDER BY id;

-- What was given at the point of care against a receipt: an item, how many of it, by which department,
-- by whom and when. The service checks, with the invoice's item rows locked, that an item is never given
-- beyond its quantity. Rows are never changed or removed.
CREATE TABLE receipt_redemptions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  invoice_id bigint NOT NULL REFERENCES invoices (id),
  invoice_item_id bigint NOT NULL REFERENCES invoice_items (id),
  quantity integer NOT NULL CHECK (quantity > 0),
  department text NOT NULL CHECK (department <> ''),
  given_by bigint NOT NULL REFERENCES users (id),
  given_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX receipt_redemptions_invoice_idx ON receipt_redemptions (invoice_id, given_at, id);
CREATE INDEX receipt_redemptions_item_idx ON receipt_redemptions (invoice_item_id);

CREATE TRIGGER receipt_redemptions_append_only BEFORE UPDATE OR DELETE ON receipt_redemptions
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER receipt_redemptions_no_truncate BEFORE TRUNCATE ON receipt_redemptions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER receipt_codes_append_only BEFORE UPDATE OR DELETE ON receipt_codes
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
