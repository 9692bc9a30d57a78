import { CHARGE_FEE_KOBO, nairaToKobo } from "@hospipay/contract";
import { buildCatalogue } from "@hospipay/sandbox";
import type { Database, Queryable } from "../../db/database";
import { newReceiptCode } from "../../lib/receipt-code";
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
 * The derived-data triggers whose effect the seeder writes itself, set-based, for a whole batch: per row
 * each is a statement of its own (an invoice's day-total deltas and department rows, 0004) or an UPDATE
 * of every invoice of the statement (the items' totals, 0002), which made a million invoices take a
 * quarter of an hour. The staff head's BEFORE INSERT trigger stays on.
 */
const DERIVED_TRIGGERS: Record<string, readonly string[]> = {
  invoices: ["invoice_day_totals_insert", "invoice_departments_insert"],
  invoice_items: ["invoice_items_totals"],
};
/** The tables the seeder writes many rows to, whose secondary indexes and foreign keys a large load builds after its rows. */
const LOADED_TABLES = ["invoices", "invoice_items", "invoice_departments", "receipt_codes"];

function setDerivedTriggers(tx: Queryable, state: "ENABLE" | "DISABLE"): Promise<void> {
  return tx.exec(
    Object.entries(DERIVED_TRIGGERS)
      .map(([table, triggers]) => `ALTER TABLE ${table} ${triggers.map((t) => `${state} TRIGGER ${t}`).join(", ")};`)
      .join("\n"),
  );
}

/**
 * Drops the loaded tables' indexes that back no constraint and their foreign keys, and returns the
 * statements that make them again, as the catalogue defines them (pg_get_indexdef, pg_get_constraintdef):
 * PostgreSQL's own advice for a bulk load ("Populating a Database"). One sorted build of each index after
 * the rows, and one set-based check of each foreign key, cost a fraction of a million rows' entries each
 * put in its place and each row's key looked up on its own.
 */
async function dropForLoad(tx: Queryable): Promise<string[]> {
  const tables = LOADED_TABLES.map((t) => `'${t}'::regclass`).join(", ");
  const { rows: indexes } = await tx.query<{ name: string; def: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def FROM pg_index i
     WHERE i.indrelid IN (${tables}) AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
     ORDER BY 1`,
  );
  const { rows: keys } = await tx.query<{ table: string; name: string; def: string }>(
    `SELECT conrelid::regclass::text AS table, quote_ident(conname) AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
     WHERE contype = 'f' AND conrelid IN (${tables}) ORDER BY 1, 2`,
  );
  await tx.exec(
    [
      ...keys.map((k) => `ALTER TABLE ${k.table} DROP CONSTRAINT ${k.name};`),
      ...indexes.map((i) => `DROP INDEX ${i.name};`),
    ].join("\n"),
  );
  return [...indexes.map((i) => `${i.def};`), ...keys.map((k) => `ALTER TABLE ${k.table} ADD CONSTRAINT ${k.name} ${k.def};`)];
}

/**
 * Generates `count` realistic invoices (1–3 items from the hospital catalogue, methods, statuses and
 * dates over the last year) with set-based SQL, for load tests and benchmarks. They carry no ledger
 * entries and references starting with BULK- (SEEDED_REFERENCE_PREFIX): never run this on a real hospital's
 * database (the command refuses one holding payments it did not make: countRealPayments).
 *
 * All of it is one transaction, written in batches of `batch` invoices: each batch's lines and invoices
 * are drawn into temporary tables, then written with what the database keeps from them, as the triggers
 * of 0002 and 0004 would write it (DERIVED_TRIGGERS, disabled meanwhile): each invoice's item totals and
 * staff items (as the views invoice_item_totals and invoice_staff_items compute them), its department
 * rows, and the day-total deltas of its insert (invoice_day_contribution). Paid invoices get their receipt
 * codes, made as the API makes them (newReceiptCode). When the load at least doubles the invoices, the
 * tables' secondary indexes and foreign keys are built after the rows (dropForLoad). The triggers are
 * enabled again before the commit, and ALTER TABLE's locks keep every other session away from the tables
 * until then, so no other write ever goes without them or sees the tables without their indexes. At the
 * end the day totals' deltas are folded, as the next housekeeping pass would.
 */
export async function seedBulkInvoices(
  db: Database,
  count: number,
  onProgress: (done: number) => void = () => undefined,
  batch = 100_000,
) {
  const services = buildCatalogue("0").services.filter((s) => s.fixed_price === "yes" && (nairaToKobo(s.price) ?? 0) > 0);
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  await db.transaction(async (tx) => {
    const { rows: held } = await tx.query<{ n: number }>("SELECT count(*)::bigint AS n FROM invoices");
    await setDerivedTriggers(tx, "DISABLE");
    const rebuild = count >= Number(held[0]!.n) ? await dropForLoad(tx) : [];
    // A batch's aggregates and the index builds fit in memory, not in spill files.
    if (db.kind === "postgres") await tx.exec("SET LOCAL work_mem = '64MB'; SET LOCAL maintenance_work_mem = '256MB'");
    await tx.exec(
      `CREATE TEMP TABLE bulk_services (idx int PRIMARY KEY, service_id text, name text, department text, price bigint) ON COMMIT DROP;
       CREATE TEMP TABLE bulk_lines (g int, position int, idx int, qty int) ON COMMIT DROP;
       CREATE TEMP TABLE bulk_invoices (id bigint PRIMARY KEY, g int, first text, last text, method text, status text,
         at timestamptz, digits text, item_count int, items_kobo bigint, department_totals jsonb, staff_items jsonb) ON COMMIT DROP;`,
    );
    await tx.query(
      `INSERT INTO bulk_services (idx, service_id, name, department, price)
       SELECT ord, id, name, department, price FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[])
         WITH ORDINALITY AS s (id, name, department, price, ord)`,
      [
        services.map((s) => String(s.id)),
        services.map((s) => s.name),
        services.map((s) => s.department.name),
        services.map((s) => nairaToKobo(s.price)!),
      ],
    );
    for (let start = 1; start <= count; start += batch) {
      const end = Math.min(count, start + batch - 1);
      await tx.exec("TRUNCATE bulk_lines, bulk_invoices");
      await tx.query(
        `INSERT INTO bulk_lines (g, position, idx, qty)
         SELECT s.g, n, 1 + floor(random() * $3::int)::int, 1 + floor(random() * 2)::int
         FROM (SELECT g, 1 + floor(random() * 3)::int AS k FROM generate_series($1::int, $2::int) AS g) s
         CROSS JOIN LATERAL generate_series(1, s.k) AS n`,
        [start, end, services.length],
      );
      // The totals as invoice_item_totals and the items as invoice_staff_items compute them (0002).
      await tx.query(
        `WITH lines AS (
           SELECT l.g, l.position, l.qty, s.name, s.department, s.price * l.qty AS line_total
           FROM bulk_lines l JOIN bulk_services s USING (idx)
         ),
         departments AS (SELECT g, department, count(*) AS n, sum(line_total) AS kobo FROM lines GROUP BY g, department),
         totals AS (
           SELECT g, sum(n)::int AS item_count, sum(kobo)::bigint AS items_kobo,
             coalesce(jsonb_object_agg(department, jsonb_build_object('n', n, 'kobo', kobo)) FILTER (WHERE department IS NOT NULL), '{}')
               AS department_totals
           FROM departments GROUP BY g
         ),
         staff AS (
           SELECT g, jsonb_agg(jsonb_build_object(
               'amount', (line_total::numeric / 100)::numeric(20, 2)::text,
               'qty', qty,
               'service', jsonb_build_object(
                 'name', name,
                 'description', '',
                 'department', CASE WHEN department <> '' THEN jsonb_build_object('name', department) END
               )
             ) ORDER BY position) AS staff_items
           FROM lines GROUP BY g
         )
         INSERT INTO bulk_invoices (id, g, first, last, method, status, at, digits, item_count, items_kobo, department_totals, staff_items)
         SELECT nextval(pg_get_serial_sequence('invoices', 'id')), t.g,
           ($1::text[])[1 + floor(random() * array_length($1::text[], 1))::int],
           ($2::text[])[1 + floor(random() * array_length($2::text[], 1))::int],
           ($3::text[])[1 + floor(random() * array_length($3::text[], 1))::int],
           ($4::text[])[1 + floor(random() * array_length($4::text[], 1))::int],
           now() - random() * interval '365 days',
           lpad((floor(random() * 1000000))::int::text, 6, '0'),
           t.item_count, t.items_kobo, t.department_totals, s.staff_items
         FROM totals t JOIN staff s USING (g)
         ORDER BY t.g`,
        [FIRST, LAST, METHODS, STATUSES],
      );
      await tx.query(
        `INSERT INTO invoices (id, reference, purpose, payment_method, status, subtotal_kobo, charge_fee_kobo, total_kobo,
           customer_name, customer_email, customer_phone, customer_phone_digits, customer_meta, created_at, paid_at,
           item_count, items_kobo, department_totals, staff_items)
         OVERRIDING SYSTEM VALUE
         SELECT id, $1 || g, 'checkout', method, status, items_kobo, $2::bigint, items_kobo + $2::bigint,
           first || ' ' || last, lower(first || '.' || last || g || '@example.ng'), '0803' || digits, digits,
           jsonb_build_object('name', first || ' ' || last), at, CASE WHEN status IN ('completed', 'refunded') THEN at END,
           item_count, items_kobo, department_totals, staff_items
         FROM bulk_invoices ORDER BY id`,
        [`${SEEDED_REFERENCE_PREFIX}${run}-`, CHARGE_FEE_KOBO],
      );
      // The n-th code goes to the invoice of the batch's n-th number, if it is paid.
      await tx.query(
        `INSERT INTO receipt_codes (invoice_id, code)
         SELECT b.id, c.code FROM bulk_invoices b JOIN unnest($1::text[]) WITH ORDINALITY AS c (code, n) ON c.n = b.g - $2::int + 1
         WHERE b.status IN ('completed', 'refunded') ORDER BY b.id`,
        [Array.from({ length: end - start + 1 }, newReceiptCode), start],
      );
      await tx.exec(
        `INSERT INTO invoice_items (invoice_id, position, service_id, service_name, description, department_name, fixed_price,
           unit_price_kobo, qty, line_total_kobo)
         SELECT b.id, l.position, s.service_id, s.name, '', s.department, true, s.price, l.qty, s.price * l.qty
         FROM bulk_lines l JOIN bulk_invoices b USING (g) JOIN bulk_services s USING (idx)
         ORDER BY b.id, l.position;

         -- invoice_departments_track for an inserted checkout invoice (0004).
         INSERT INTO invoice_departments (department, invoice_id, created_at, status, payment_method)
         SELECT d.key, b.id, b.at, b.status, b.method FROM bulk_invoices b CROSS JOIN jsonb_object_keys(b.department_totals) AS d(key)
         ORDER BY b.id;

         -- invoice_day_totals_track for each inserted invoice (0004), the batch's deltas of a key summed into one:
         -- its contribution, and a change for each day and department it enters.
         WITH c AS (
           SELECT c.* FROM invoices i JOIN bulk_invoices b ON b.id = i.id CROSS JOIN LATERAL invoice_day_contribution(i, 1) c
         )
         INSERT INTO invoice_day_totals (day, status, payment_method, department, invoices, rows, kobo, changes)
         SELECT c.day, c.status, c.payment_method, c.department, sum(c.invoices), sum(c.rows), sum(c.kobo), 0
         FROM c
         GROUP BY c.day, c.status, c.payment_method, c.department
         HAVING sum(c.invoices) <> 0 OR sum(c.rows) <> 0 OR sum(c.kobo) <> 0
         UNION ALL
         SELECT c.day, '', '', c.department, 0, 0, 0, count(*)
         FROM c
         GROUP BY c.day, c.department;`,
      );
      onProgress(end);
    }
    if (rebuild.length > 0) await tx.exec(rebuild.join("\n"));
    await setDerivedTriggers(tx, "ENABLE");
  });
  await db.query("ANALYZE invoices, invoice_items, invoice_departments, invoice_day_totals, receipt_codes");
  await new StaffInvoicesRepository(db).foldDayTotals();
}
