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
 * The triggers whose effect the seeder writes itself, set-based, for a whole batch: per row each is a
 * statement or function call of its own (an invoice's staff head, 0002; its day-total deltas and
 * department rows, 0004) or an UPDATE of every invoice of the statement (the items' totals, 0002).
 */
const DERIVED_TRIGGERS: Record<string, readonly string[]> = {
  invoices: ["invoice_staff_head_insert", "invoice_day_totals_insert", "invoice_departments_insert"],
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
 * What every invoice the seeder writes holds in the columns partial indexes are made on: a checkout with
 * no user and no bill (the other columns NULL here). An index whose condition is false for it never takes a
 * seeded row.
 */
const SEEDED_INVOICE = { purpose: "checkout", user_id: null, bill_id: null };

/**
 * Drops the loaded tables' indexes that back no constraint and their foreign keys, and returns the
 * statements that make them again, as the catalogue defines them (pg_get_indexdef, pg_get_constraintdef):
 * PostgreSQL's own advice for a bulk load ("Populating a Database"). One sorted build of each index after
 * the rows, and one set-based check of each foreign key, cost a fraction of a million rows' entries each
 * put in its place and each row's key looked up on its own. A partial index of the invoices that no
 * seeded invoice enters (SEEDED_INVOICE) stays: it takes nothing during the load, where a build would read
 * the whole table.
 */
async function dropForLoad(tx: Queryable): Promise<string[]> {
  const tables = LOADED_TABLES.map((t) => `'${t}'::regclass`).join(", ");
  const { rows: candidates } = await tx.query<{ name: string; def: string; invoicesWhere: string | null }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def,
       CASE WHEN i.indrelid = 'invoices'::regclass THEN pg_get_expr(i.indpred, i.indrelid) END AS "invoicesWhere"
     FROM pg_index i
     WHERE i.indrelid IN (${tables}) AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
     ORDER BY 1`,
  );
  const indexes: typeof candidates = [];
  for (const index of candidates) {
    if (index.invoicesWhere) {
      const { rows } = await tx.query<{ never: boolean }>(
        `SELECT (${index.invoicesWhere}) IS FALSE AS never FROM jsonb_populate_record(NULL::invoices, $1::jsonb) AS invoices`,
        [JSON.stringify(SEEDED_INVOICE)],
      );
      if (rows[0]!.never) continue;
    }
    indexes.push(index);
  }
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

/** An invoice's day as the day totals count it (invoice_day_contribution, 0004): its WAT calendar day. */
const DAY = "((h.at AT TIME ZONE 'UTC') + interval '1 hour')::date";

/**
 * Generates `count` realistic invoices (1–3 items from the hospital catalogue, methods, statuses and
 * dates over the last year) with set-based SQL, for load tests and benchmarks. They carry no ledger
 * entries and references starting with BULK- (SEEDED_REFERENCE_PREFIX): never run this on a real hospital's
 * database (the command refuses one holding payments it did not make: countRealPayments).
 *
 * All of it is one transaction, written in batches of `batch` invoices. The invoices' ids are taken from
 * their sequence as one block at the start, so every row of an invoice is written knowing its id, with no
 * join to find it. Each batch's lines, their sums by department and the invoices are drawn into temporary
 * tables, then written with what the database keeps from them, as the triggers of 0002 and 0004 would
 * write it (DERIVED_TRIGGERS, disabled meanwhile): each invoice's staff head (invoice_staff_head), item
 * totals and staff items (as the views invoice_item_totals and invoice_staff_items compute them; each
 * catalogue line's staff item is made once, for each quantity), and its department rows. The day totals'
 * deltas of all the inserts (invoice_day_contribution) are summed over the batches and written once at the
 * end, then folded, as the next housekeeping pass would. Paid invoices get their receipt codes, made as
 * the API makes them (newReceiptCode). When the load at least doubles the invoices, the tables' secondary
 * indexes and foreign keys are built after the rows (dropForLoad). The triggers are enabled again before
 * the commit, and ALTER TABLE's locks keep every other session away from the tables until then, so no
 * other write ever goes without them or sees the tables without their indexes.
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
    // A batch's sorts and aggregates and the index builds in memory, not in spill files; no plan of these
    // statements gains from compiling (the server's JIT, priced on the temporary tables' guessed sizes); the
    // server builds each index with up to 4 workers, as many as a million invoices' table gives one.
    await tx.exec(
      db.kind === "postgres"
        ? "SET LOCAL work_mem = '256MB'; SET LOCAL maintenance_work_mem = '1GB'; SET LOCAL jit = off; SET LOCAL max_parallel_maintenance_workers = 4"
        : "SET LOCAL work_mem = '64MB'; SET LOCAL maintenance_work_mem = '256MB'",
    );
    // A batch's temporary tables in the session's memory (8 MB by default: each scan of them would go to
    // their files). A session that has used temporary tables before keeps its size.
    await tx.exec("SAVEPOINT bulk_temp_buffers");
    try {
      await tx.exec(`SET LOCAL temp_buffers = '${db.kind === "postgres" ? "256MB" : "128MB"}'`);
      await tx.exec("RELEASE SAVEPOINT bulk_temp_buffers");
    } catch {
      await tx.exec("ROLLBACK TO SAVEPOINT bulk_temp_buffers");
    }
    // The block of ids: invoice g (1…count) is invoice first + g - 1.
    const { rows: block } = await tx.query<{ first: string }>(
      `SELECT setval(pg_get_serial_sequence('invoices', 'id'), nextval(pg_get_serial_sequence('invoices', 'id')) + $1::bigint - 1)
         - $1::bigint + 1 AS first`,
      [count],
    );
    const first = String(block[0]!.first);
    await tx.exec(
      `CREATE TEMP TABLE bulk_lines (g int, position int, idx int, qty int) ON COMMIT DROP;
       CREATE TEMP TABLE bulk_departments (g int, department text, n int, kobo bigint) ON COMMIT DROP;
       CREATE TEMP TABLE bulk_invoices (g int, first text, last text, method text, status text, at timestamptz, digits text,
         item_count int, items_kobo bigint, department_totals jsonb, staff_items jsonb) ON COMMIT DROP;
       CREATE TEMP TABLE bulk_day_totals (day date, status text, payment_method text, department text, invoices bigint,
         rows bigint, kobo bigint) ON COMMIT DROP;`,
    );
    // Each catalogue line as the view invoice_staff_items lists it (0002), for each quantity drawn.
    await tx.query(
      `CREATE TEMP TABLE bulk_services ON COMMIT DROP AS
       SELECT s.ord::int AS idx, q.qty, s.id AS service_id, s.name, s.department, s.price, s.price * q.qty AS line_total,
         jsonb_build_object(
           'amount', ((s.price * q.qty)::numeric / 100)::numeric(20, 2)::text,
           'qty', q.qty,
           'service', jsonb_build_object(
             'name', s.name,
             'description', '',
             'department', CASE WHEN s.department <> '' THEN jsonb_build_object('name', s.department) END
           )
         ) AS staff_item
       FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[]) WITH ORDINALITY AS s (id, name, department, price, ord)
       CROSS JOIN generate_series(1, 2) AS q (qty)`,
      [
        services.map((s) => String(s.id)),
        services.map((s) => s.name),
        services.map((s) => s.department.name),
        services.map((s) => nairaToKobo(s.price)!),
      ],
    );
    await tx.exec("ALTER TABLE bulk_services ADD PRIMARY KEY (idx, qty)");
    for (let start = 1; start <= count; start += batch) {
      const end = Math.min(count, start + batch - 1);
      await tx.exec("TRUNCATE bulk_lines, bulk_departments, bulk_invoices");
      await tx.query(
        `INSERT INTO bulk_lines (g, position, idx, qty)
         SELECT s.g, n, 1 + floor(random() * $3::int)::int, 1 + floor(random() * 2)::int
         FROM (SELECT g, 1 + floor(random() * 3)::int AS k FROM generate_series($1::int, $2::int) AS g) s
         CROSS JOIN LATERAL generate_series(1, s.k) AS n`,
        [start, end, services.length],
      );
      // The lines by invoice and department: invoice_item_totals's inner query (0002), and the department rows (0004).
      await tx.exec(
        `INSERT INTO bulk_departments (g, department, n, kobo)
         SELECT g, department, count(*), sum(line_total) FROM (
           SELECT l.g, s.department, s.line_total FROM bulk_lines l JOIN bulk_services s USING (idx, qty) ORDER BY l.g, s.department
         ) l
         GROUP BY g, department`,
      );
      // The totals as invoice_item_totals and the items as invoice_staff_items compute them (0002), each
      // invoice's items in the order of their positions, as the sorted input of its group. The batch's rows
      // are written in the order of their ids, and so are all the other rows below.
      await tx.query(
        `INSERT INTO bulk_invoices (g, first, last, method, status, at, digits, item_count, items_kobo, department_totals, staff_items)
         SELECT d.g,
           ($1::text[])[1 + floor(random() * array_length($1::text[], 1))::int],
           ($2::text[])[1 + floor(random() * array_length($2::text[], 1))::int],
           ($3::text[])[1 + floor(random() * array_length($3::text[], 1))::int],
           ($4::text[])[1 + floor(random() * array_length($4::text[], 1))::int],
           now() - random() * interval '365 days',
           lpad((floor(random() * 1000000))::int::text, 6, '0'),
           d.item_count, d.items_kobo, d.department_totals, i.staff_items
         FROM (
           SELECT g, sum(n)::int AS item_count, sum(kobo)::bigint AS items_kobo,
             coalesce(jsonb_object_agg(department, jsonb_build_object('n', n, 'kobo', kobo)) FILTER (WHERE department IS NOT NULL), '{}')
               AS department_totals
           FROM (SELECT * FROM bulk_departments ORDER BY g) d GROUP BY g
         ) d
         JOIN (
           SELECT g, jsonb_agg(staff_item) AS staff_items
           FROM (SELECT l.g, s.staff_item FROM bulk_lines l JOIN bulk_services s USING (idx, qty) ORDER BY l.g, l.position) l
           GROUP BY g
         ) i USING (g)
         ORDER BY d.g`,
        [FIRST, LAST, METHODS, STATUSES],
      );
      // The staff head as invoice_staff_head writes it (0002), from the row's own values.
      await tx.query(
        `INSERT INTO invoices (id, reference, purpose, payment_method, status, subtotal_kobo, charge_fee_kobo, total_kobo,
           customer_name, customer_email, customer_phone, customer_phone_digits, customer_meta, created_at, paid_at,
           item_count, items_kobo, department_totals, staff_items, staff_head)
         OVERRIDING SYSTEM VALUE
         SELECT i.*, json_build_object(
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
         FROM (
           SELECT $3::bigint + h.g - 1 AS id, $1 || h.g AS reference, 'checkout' AS purpose, h.method AS payment_method, h.status,
             h.items_kobo AS subtotal_kobo, $2::bigint AS charge_fee_kobo, h.items_kobo + $2::bigint AS total_kobo,
             h.first || ' ' || h.last AS customer_name, lower(h.first || '.' || h.last || h.g || '@example.ng') AS customer_email,
             '0803' || h.digits AS customer_phone, h.digits AS customer_phone_digits,
             jsonb_build_object('name', h.first || ' ' || h.last) AS customer_meta, h.at AS created_at,
             CASE WHEN h.status IN ('completed', 'refunded') THEN h.at END AS paid_at,
             h.item_count, h.items_kobo, h.department_totals, h.staff_items
           FROM bulk_invoices h
         ) i`,
        [`${SEEDED_REFERENCE_PREFIX}${run}-`, CHARGE_FEE_KOBO, first],
      );
      // The n-th code goes to the batch's n-th invoice, if it is paid.
      await tx.query(
        `INSERT INTO receipt_codes (invoice_id, code)
         SELECT $3::bigint + h.g - 1, c.code FROM bulk_invoices h JOIN unnest($1::text[]) WITH ORDINALITY AS c (code, n) ON c.n = h.g - $2::int + 1
         WHERE h.status IN ('completed', 'refunded') ORDER BY h.g`,
        [Array.from({ length: end - start + 1 }, newReceiptCode), start, first],
      );
      await tx.exec(
        `INSERT INTO invoice_items (invoice_id, position, service_id, service_name, description, department_name, fixed_price,
           unit_price_kobo, qty, line_total_kobo)
         SELECT ${first}::bigint + l.g - 1, l.position, s.service_id, s.name, '', s.department, true, s.price, l.qty, s.line_total
         FROM bulk_lines l JOIN bulk_services s USING (idx, qty);

         -- invoice_departments_track for an inserted checkout invoice (0004).
         INSERT INTO invoice_departments (department, invoice_id, created_at, status, payment_method)
         SELECT d.department, ${first}::bigint + d.g - 1, h.at, h.status, h.method FROM bulk_departments d JOIN bulk_invoices h USING (g);

         -- invoice_day_totals_track for each inserted invoice (0004): its contribution (invoice_day_contribution),
         -- the batch's of each key summed into one.
         INSERT INTO bulk_day_totals (day, status, payment_method, department, invoices, rows, kobo)
         SELECT day, status, method, department, count(*), sum(n), sum(kobo) FROM (
           SELECT ${DAY} AS day, h.status, h.method, '' AS department, h.item_count AS n, h.items_kobo AS kobo FROM bulk_invoices h
           UNION ALL
           SELECT ${DAY}, h.status, h.method, d.department, d.n, d.kobo FROM bulk_departments d JOIN bulk_invoices h USING (g)
         ) c
         GROUP BY day, status, method, department;`,
      );
      onProgress(end);
    }
    // The inserts' day-total deltas, each key's summed into one, and a change for each day and department an
    // invoice entered (one per invoice of the day in the department's contributions).
    await tx.exec(
      `INSERT INTO invoice_day_totals (day, status, payment_method, department, invoices, rows, kobo, changes)
       SELECT day, status, payment_method, department, sum(invoices), sum(rows), sum(kobo), 0
       FROM bulk_day_totals GROUP BY day, status, payment_method, department
       UNION ALL
       SELECT day, '', '', department, 0, 0, 0, sum(invoices)
       FROM bulk_day_totals GROUP BY day, department`,
    );
    if (rebuild.length > 0) await tx.exec(rebuild.join("\n"));
    await setDerivedTriggers(tx, "ENABLE");
  });
  await db.query("ANALYZE invoices, invoice_items, invoice_departments, invoice_day_totals, receipt_codes");
  await new StaffInvoicesRepository(db).foldDayTotals();
}
