import { CHARGE_FEE_KOBO, nairaToKobo } from "@hospipay/contract";
import { buildCatalogue } from "@hospipay/sandbox";
import type { Database } from "../../db/database";
import { StaffInvoicesRepository } from "../../modules/staff-invoices";
import { BulkSeedRepository } from "./bulk-seed.repository";

const FIRST = [
  "Adaeze",
  "Tunde",
  "Ngozi",
  "Ibrahim",
  "Chinedu",
  "Funke",
  "Emeka",
  "Aisha",
  "Kemi",
  "Yusuf",
  "Bola",
  "Ifeoma",
  "Segun",
  "Halima",
  "Obinna",
];
const LAST = [
  "Okafor",
  "Bakare",
  "Eze",
  "Musa",
  "Okeke",
  "Adebayo",
  "Nwosu",
  "Bello",
  "Balogun",
  "Abubakar",
  "Ige",
  "Nnaji",
  "Ojo",
  "Sani",
  "Obi",
];
const METHODS = ["remita", "remita", "remita", "monnify", "monnify", "paystack", "wallet", "wallet", "bank_transfer"];
// Weighted: mostly completed, as at a real cashier.
const STATUSES = [...Array(16).fill("completed"), "pending", "pending", "failed", "refunded"];

/** Every invoice the seeder writes has a reference starting with this (bulk-seed.repository.ts); it writes nothing else. */
export const SEEDED_REFERENCE_PREFIX = "BULK-";

/**
 * How many payments the database holds that the seeder did not make: invoices whose reference does not
 * start with SEEDED_REFERENCE_PREFIX (a checkout's or top-up's is HSP-…), and journal entries (the seeder
 * writes none; every real movement of money has one).
 */
export async function countRealPayments(db: Database): Promise<{ invoices: number; journalEntries: number }> {
  return new BulkSeedRepository(db).countOthers(SEEDED_REFERENCE_PREFIX);
}

/**
 * Generates `count` realistic invoices (1–3 items from the hospital catalogue, methods, statuses and
 * dates over the last year) in batches of set-based SQL, for load tests and benchmarks. They carry
 * no ledger entries and references starting with BULK- (SEEDED_REFERENCE_PREFIX): never run this on a real hospital's
 * database (the command refuses one holding payments it did not make: countRealPayments).
 * At the end the day totals' deltas are folded, as the next housekeeping pass would.
 */
export async function seedBulkInvoices(
  db: Database,
  count: number,
  onProgress: (done: number) => void = () => undefined,
  batch = 20_000,
) {
  const services = buildCatalogue("0").services.filter((s) => s.fixed_price === "yes" && (nairaToKobo(s.price) ?? 0) > 0);
  const names = services.map((s) => s.name);
  const departments = services.map((s) => s.department.name);
  const prices = services.map((s) => nairaToKobo(s.price)!);
  const ids = services.map((s) => String(s.id));
  const seeds = new BulkSeedRepository(db);
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  // The first batch is small, so that the tables have statistics (see below) before the big ones.
  for (let start = 1, size = Math.min(batch, 1_000); start <= count; start += size, size = batch) {
    const end = Math.min(count, start + size - 1);
    await db.transaction(async (tx) => {
      await seeds.insertBatch(tx, {
        names,
        departments,
        prices,
        ids,
        run,
        start,
        end,
        firstNames: FIRST,
        lastNames: LAST,
        methods: METHODS,
        statuses: STATUSES,
        chargeFeeKobo: CHARGE_FEE_KOBO,
      });
    });
    // The triggers' statements (0002, 0004) are planned from the tables' statistics: planned while a table
    // is nearly empty, a lookup by invoice becomes a scan of the whole table for every invoice of the
    // batch, slower with each batch. Fresh statistics keep them on their indexes.
    await seeds.analyze();
    onProgress(end);
  }
  await new StaffInvoicesRepository(db).foldDayTotals();
}
