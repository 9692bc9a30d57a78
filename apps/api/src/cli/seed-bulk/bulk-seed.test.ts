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
});

describe("countRealPayments", () => {
  it("counts what the seeder did not make: invoices of other references and any ledger entry", async () => {
    // The invoices of the test above are the seeder's.
    expect(await countRealPayments(db)).toEqual({ invoices: 0, journalEntries: 0 });
    await db.query("INSERT INTO journal_entries (kind, description) VALUES ('adjustment', 'made by hand')");
    expect(await countRealPayments(db)).toEqual({ invoices: 0, journalEntries: 1 });
  });
});
