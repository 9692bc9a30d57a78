import { CHARGE_FEE_KOBO, nairaToKobo } from "@hospipay/contract";
import { buildCatalogue } from "@hospipay/sandbox";
import type { Database } from "../../db/database";
import { StaffInvoicesRepository } from "../../modules/staff-invoices";

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

/** Every invoice the seeder writes has a reference starting with this (as written in its SQL below); it writes nothing else. */
export const SEEDED_REFERENCE_PREFIX = "BULK-";

/**
 * How many payments the database holds that the seeder did not make: invoices whose reference does not
 * start with SEEDED_REFERENCE_PREFIX (a checkout's or top-up's is HSP-…), and journal entries (the seeder
 * writes none; every real movement of money has one).
 */
export async function countRealPayments(db: Database): Promise<{ invoices: number; journalEntries: number }> {
  const { rows } = await db.query<{ invoices: number; journal_entries: number }>(
    `SELECT (SELECT count(*) FROM invoices WHERE NOT starts_with(reference, $1))::int AS invoices,
       (SELECT count(*) FROM journal_entries)::int AS journal_entries`,
    [SEEDED_REFERENCE_PREFIX],
  );
  return { invoices: Number(rows[0]!.invoices), journalEntries: Number(rows[0]!.journal_entries) };
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
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  // The first batch is small, so that the tables have statistics (see below) before the big ones.
  for (let start = 1, size = Math.min(batch, 1_000); start <= count; start += size, size = batch) {
    const end = Math.min(count, start + size - 1);
    await db.transaction(async (tx) => {
      await tx.query(
        `WITH series AS (SELECT g, 1 + floor(random() * 3)::int AS k FROM generate_series($6::int, $7::int) AS g),
         picks AS (
           SELECT s.g, n, 1 + floor(random() * array_length($1::text[], 1))::int AS idx, 1 + floor(random() * 2)::int AS qty
           FROM series s CROSS JOIN LATERAL generate_series(1, s.k) AS n
         ),
         sums AS (SELECT g, sum(($3::bigint[])[idx] * qty)::bigint AS subtotal FROM picks GROUP BY g),
         people AS (
           SELECT g, subtotal,
             ($8::text[])[1 + floor(random() * array_length($8::text[], 1))::int] AS first,
             ($9::text[])[1 + floor(random() * array_length($9::text[], 1))::int] AS last,
             ($10::text[])[1 + floor(random() * array_length($10::text[], 1))::int] AS method,
             ($11::text[])[1 + floor(random() * array_length($11::text[], 1))::int] AS status,
             now() - random() * interval '365 days' AS at,
             lpad((floor(random() * 1000000))::int::text, 6, '0') AS digits
           FROM sums
         ),
         inserted AS (
           INSERT INTO invoices (reference, purpose, payment_method, status, subtotal_kobo, charge_fee_kobo, total_kobo,
             customer_name, customer_email, customer_phone, customer_phone_digits, customer_meta, created_at, paid_at)
           SELECT 'BULK-' || $5 || '-' || g, 'checkout', method, status, subtotal, $12::bigint, subtotal + $12::bigint,
             first || ' ' || last, lower(first || '.' || last || g || '@example.ng'), '0803' || digits, digits,
             jsonb_build_object('name', first || ' ' || last), at, CASE WHEN status IN ('completed', 'refunded') THEN at END
           FROM people
           RETURNING id, reference, status
         ),
         -- Paid ones have their receipt codes, as a settlement writes them (migration 0009).
         codes AS (
           INSERT INTO receipt_codes (invoice_id, code)
           SELECT id, random_receipt_code() FROM inserted WHERE status IN ('completed', 'refunded')
         )
         INSERT INTO invoice_items (invoice_id, position, service_id, service_name, description, department_name, fixed_price,
           unit_price_kobo, qty, line_total_kobo)
         SELECT i.id, p.n, ($4::text[])[p.idx], ($1::text[])[p.idx], '', ($2::text[])[p.idx], true,
           ($3::bigint[])[p.idx], p.qty, ($3::bigint[])[p.idx] * p.qty
         FROM picks p JOIN inserted i ON i.reference = 'BULK-' || $5 || '-' || p.g`,
        [names, departments, prices, ids, run, start, end, FIRST, LAST, METHODS, STATUSES, CHARGE_FEE_KOBO],
      );
    });
    // The triggers' statements (0002, 0004) are planned from the tables' statistics: planned while a table
    // is nearly empty, a lookup by invoice becomes a scan of the whole table for every invoice of the
    // batch, slower with each batch. Fresh statistics keep them on their indexes.
    await db.query("ANALYZE invoices, invoice_items, invoice_departments, invoice_day_totals");
    onProgress(end);
  }
  await new StaffInvoicesRepository(db).foldDayTotals();
}
