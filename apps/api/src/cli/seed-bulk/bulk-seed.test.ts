import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/test-app";
import type { Database } from "../../db/database";
import { countRealPayments, seedBulkInvoices } from "./bulk-seed";

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(async () => {
  await drop();
});

describe("seed:bulk", () => {
  it("writes the asked number of consistent invoices, in batches", async () => {
    const progress: number[] = [];
    await seedBulkInvoices(db, 2_500, (done) => progress.push(done), 1_000);
    expect(progress).toEqual([1_000, 2_000, 2_500]);
    const { rows } = await db.query<{ invoices: number; broken: number; methods: number; statuses: number; oldest_days: number }>(
      `SELECT count(*)::int AS invoices,
         count(*) FILTER (WHERE i.subtotal_kobo <> (SELECT sum(line_total_kobo) FROM invoice_items it WHERE it.invoice_id = i.id))::int AS broken,
         count(DISTINCT payment_method)::int AS methods, count(DISTINCT status)::int AS statuses,
         extract(day FROM now() - min(created_at))::int AS oldest_days
       FROM invoices i WHERE reference LIKE 'BULK-%'`,
    );
    expect(rows[0]).toMatchObject({ invoices: 2_500, broken: 0, methods: 5, statuses: 4 });
    expect(rows[0]!.oldest_days).toBeGreaterThan(300);
  });

  it("writes what the database's triggers keep from the invoices and items, and leaves the triggers on", async () => {
    const { rows } = await db.query<Record<string, number>>(
      `SELECT
         (SELECT count(*) FROM invoices i
            LEFT JOIN invoice_item_totals t ON t.invoice_id = i.id LEFT JOIN invoice_staff_items s ON s.invoice_id = i.id
          WHERE (i.item_count, i.items_kobo, i.department_totals, i.staff_items, i.staff_head)
            IS DISTINCT FROM (t.item_count, t.items_kobo, t.department_totals, s.staff_items, invoice_staff_head(i)))::int AS totals_differ,
         (SELECT count(*) FROM (
            SELECT d.key, i.id, i.created_at, i.status, i.payment_method FROM invoices i, jsonb_object_keys(i.department_totals) d(key)
            WHERE i.purpose = 'checkout'
            EXCEPT SELECT department, invoice_id, created_at, status, payment_method FROM invoice_departments) x)::int AS departments_missing,
         (SELECT count(*) FROM invoice_departments)::int AS department_rows,
         (SELECT count(*) FROM invoices i, jsonb_object_keys(i.department_totals) d WHERE i.purpose = 'checkout')::int AS department_keys,
         (SELECT count(*) FROM (
            SELECT day, status, payment_method, department, sum(invoices) AS invoices, sum(rows) AS rows, sum(kobo) AS kobo
            FROM invoice_day_totals WHERE status <> '' GROUP BY 1, 2, 3, 4
            EXCEPT ALL
            SELECT c.day, c.status, c.payment_method, c.department, sum(c.invoices), sum(c.rows), sum(c.kobo)
            FROM invoices i CROSS JOIN LATERAL invoice_day_contribution(i, 1) c GROUP BY 1, 2, 3, 4) x)::int AS day_totals_differ,
         (SELECT count(*) FROM invoice_day_totals WHERE NOT folded)::int AS unfolded,
         (SELECT count(*) FROM (
            SELECT day, department FROM invoice_day_totals WHERE status <> ''
            EXCEPT SELECT day, department FROM invoice_day_totals WHERE status = '' AND changes > 0) x)::int AS keys_without_changes,
         (SELECT count(*) FROM invoices i LEFT JOIN receipt_codes r ON r.invoice_id = i.id
          WHERE (r.code IS NOT NULL) <> (i.status IN ('completed', 'refunded')))::int AS codes_wrong,
         (SELECT count(*) FROM pg_trigger
          WHERE tgname IN ('invoice_day_totals_insert', 'invoice_departments_insert', 'invoice_items_totals') AND tgenabled = 'O')::int AS triggers_on`,
    );
    expect(rows[0]).toEqual({
      totals_differ: 0,
      departments_missing: 0,
      department_rows: rows[0]!.department_keys,
      department_keys: rows[0]!.department_keys,
      day_totals_differ: 0,
      unfolded: 0,
      keys_without_changes: 0,
      codes_wrong: 0,
      triggers_on: 3,
    });
    expect(rows[0]!.department_keys).toBeGreaterThan(2_500);
  });
});

describe("countRealPayments", () => {
  it("counts what the seeder did not make: invoices of other references and any ledger entry", async () => {
    // The invoices of the test above are the seeder's.
    expect(await countRealPayments(db)).toEqual({ invoices: 0, journalEntries: 0 });
    await db.query("INSERT INTO journal_entries (kind, description) VALUES ('adjustment', 'made by hand')");
    expect(await countRealPayments(db)).toEqual({ invoices: 0, journalEntries: 1 });
  });
});
