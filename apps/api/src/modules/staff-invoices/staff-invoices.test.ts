import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { invoiceFilterResponseSchema, koboToDecimal } from "@hospipay/contract";
import { encodeCursor } from "../../lib/paging";
import { buildUser, call, createTestApp, type TestApp } from "../../test/test-app";
import pino from "pino";
import { DAY_TOTALS_VACUUM_AFTER_ROWS, StaffDayTotalsWorker } from "./staff-day-totals.worker";
import { StaffInvoicesRepository, type InvoiceFilter } from "./staff-invoices.repository";

let t: TestApp;
let staffToken: string;
let newestId: number;
let newestReference: string;

/** An invoice straight in the tables, dated as given (items: [department, line kobo]). */
async function invoice(createdAt: string, method: string, status: string, items: Array<[string, number]>) {
  const subtotal = items.reduce((sum, [, kobo]) => sum + kobo, 0);
  const reference = `HSP-TEST-${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
  const id = await t.db.transaction((tx) =>
    t.repositories.invoices.insert(
      tx,
      {
        reference,
        userId: null,
        purpose: "checkout",
        paymentMethod: method as "remita",
        subtotalKobo: subtotal,
        chargeFeeKobo: 10_000,
        customerName: "Staff View",
        customerEmail: "staff.view@example.ng",
        customerPhone: "08011112222",
        hospitalNumber: "H-1",
        transactionDescription: "",
        customerMeta: {},
        expiresAt: null,
        locale: "en",
      },
      items.map(([department, kobo], index) => ({
        serviceId: String(index + 1),
        serviceName: `Service ${index + 1}`,
        description: "",
        headCode: null,
        serviceTypeId: null,
        departmentName: department,
        category: null,
        fixedPrice: true,
        unitPriceKobo: kobo,
        qty: 1,
      })),
    ),
  );
  await t.db.query("UPDATE invoices SET created_at = $2, status = $3 WHERE id = $1", [id, createdAt, status]);
  return { id, reference };
}

const today = new Date();
const daysAgo = (n: number) => new Date(today.getTime() - n * 86_400_000).toISOString();
const dateOnly = (iso: string) => new Date(new Date(iso).getTime() + 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  staffToken = (await buildUser(t, { role: "AGENT" })).token;
  ({ id: newestId, reference: newestReference } = await invoice(daysAgo(1), "remita", "completed", [
    ["Laboratory", 400_000],
    ["Radiology", 850_000],
  ]));
  await invoice(daysAgo(2), "monnify", "pending", [["Laboratory", 150_000]]);
  await invoice(daysAgo(20), "remita", "failed", [["Pharmacy", 99_999]]);
  await invoice(daysAgo(200), "wallet", "completed", [["Dental", 1_000_000]]);
});
afterAll(async () => {
  await t.close();
});

describe("GET /invoices/invoices/statistics/", () => {
  it("sums each method's revenue (completed rows) and the summary cards in SQL, to the kobo", async () => {
    const res = await call(t, "GET", "/invoices/invoices/statistics/", undefined, staffToken);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      method_counts: {
        remita: { sum_amount: "12500.00", count: 2 },
        wallet: { sum_amount: "10000.00", count: 1 },
      },
      total_transactions: 5,
      completed_transactions: 3,
      total_revenue: "22500.00",
      average_transaction: "7500.00",
      refunded_transactions: 0,
      total_refunded: "0.00",
      recent_transactions: 3,
    });
  });

  it("applies the date range (end day inclusive), status, method and department", async () => {
    const from = dateOnly(daysAgo(30));
    const to = dateOnly(daysAgo(0));
    const ranged = await call(
      t,
      "GET",
      `/invoices/invoices/statistics/?start_date=${from}&end_date=${to}`,
      undefined,
      staffToken,
    );
    expect(ranged.json.total_transactions).toBe(4);
    const lab = await call(t, "GET", "/invoices/invoices/statistics/?department=Laboratory", undefined, staffToken);
    expect(lab.json).toMatchObject({ total_transactions: 2, completed_transactions: 1, total_revenue: "4000.00" });
    const done = await call(t, "GET", "/invoices/invoices/statistics/?status=completed&method=remita", undefined, staffToken);
    expect(done.json).toMatchObject({ total_transactions: 2, total_revenue: "12500.00", average_transaction: "6250.00" });
    const all = await call(t, "GET", "/invoices/invoices/statistics/?method=all&department=all", undefined, staffToken);
    expect(all.json.total_transactions).toBe(5);
  });
});

describe("GET /invoices/invoices/filter/", () => {
  it("pages newest first with a cursor, a total, and SPEC's invoice fields", async () => {
    const first = await call(t, "GET", "/invoices/invoices/filter/?page_size=2", undefined, staffToken);
    expect(first.status).toBe(200);
    expect(first.json.count).toBe(4);
    const results = first.json.results as Array<Record<string, unknown>>;
    expect(results).toHaveLength(2);
    // The database writes the page's JSON: it is the contract's shape, exactly.
    expect(invoiceFilterResponseSchema.strict().safeParse(first.json).error).toBeUndefined();
    const newest = await t.db.query<{ created_at: Date }>("SELECT created_at FROM invoices WHERE id = $1", [newestId]);
    expect(results[0]).toEqual({
      id: newestId,
      reference: newestReference,
      created_at: newest.rows[0]!.created_at.toISOString(),
      paid_at: null,
      status: "completed",
      payment_method: "remita",
      customer_email: "staff.view@example.ng",
      customer_meta: { name: "Staff View" },
      total_amount: "12600.00",
      items: [
        { amount: "4000.00", qty: 1, service: { name: "Service 1", description: "", department: { name: "Laboratory" } } },
        { amount: "8500.00", qty: 1, service: { name: "Service 2", description: "", department: { name: "Radiology" } } },
      ],
    });
    expect(results[1]).toMatchObject({ payment_method: "monnify", status: "pending", total_amount: "1600.00" });
    const next = String(first.json.next);
    expect(next).toMatch(/^\/invoices\/invoices\/filter\/\?cursor=.+&page_size=2$/);
    const second = await call(t, "GET", next, undefined, staffToken);
    const ids = [...results, ...(second.json.results as Array<Record<string, unknown>>)].map((r) => r.id);
    expect(new Set(ids).size).toBe(4);
    expect(second.json).toMatchObject({ count: 4, next: null });
    // Past the oldest invoice: no rows, and still the filter's count; a filter matching nothing: neither.
    const past = await call(
      t,
      "GET",
      `/invoices/invoices/filter/?cursor=${encodeCursor({ createdUs: 1, id: 1 })}`,
      undefined,
      staffToken,
    );
    expect(past.json).toEqual({ count: 4, next: null, results: [] });
    const none = await call(t, "GET", "/invoices/invoices/filter/?status=refunded", undefined, staffToken);
    expect(none.json).toEqual({ count: 0, next: null, results: [] });
  });

  it("filters like the statistics, and refuses a forged cursor", async () => {
    const lab = await call(t, "GET", "/invoices/invoices/filter/?department=Laboratory&status=pending", undefined, staffToken);
    expect((lab.json.results as Array<{ payment_method: string }>).map((r) => r.payment_method)).toEqual(["monnify"]);
    // An invoice with lines in two departments shows only the chosen department's line (a row is a line).
    const radiology = await call(t, "GET", "/invoices/invoices/filter/?department=Radiology", undefined, staffToken);
    const shown = radiology.json.results as Array<{
      total_amount: string;
      items: Array<{ amount: string; service: { department: { name: string } } }>;
    }>;
    expect(shown).toHaveLength(1);
    expect(shown[0]!.items).toEqual([
      expect.objectContaining({ amount: "8500.00", service: expect.objectContaining({ department: { name: "Radiology" } }) }),
    ]);
    expect(shown[0]!.total_amount).toBe("12600.00");
    const bad = await call(t, "GET", "/invoices/invoices/filter/?cursor=not-a-cursor", undefined, staffToken);
    expect(bad.status).toBe(400);
    expect(bad.json.cursor).toEqual(["Invalid cursor."]);
    expect((await call(t, "GET", "/invoices/invoices/filter/?start_date=2026-13-40", undefined, staffToken)).status).toBe(400);
    expect((await call(t, "GET", "/invoices/invoices/filter/?status=lost", undefined, staffToken)).status).toBe(400);
  });

  it("is for staff only", async () => {
    const customer = await buildUser(t);
    expect((await call(t, "GET", "/invoices/invoices/filter/", undefined, customer.token)).status).toBe(403);
    expect((await call(t, "GET", "/invoices/invoices/statistics/")).status).toBe(401);
    for (const role of ["ADMIN", "SUPERADMIN"] as const) {
      const staff = await buildUser(t, { role });
      expect((await call(t, "GET", "/invoices/invoices/statistics/", undefined, staff.token)).status).toBe(200);
    }
  });
});

describe("the day totals and department index the staff endpoints read (migration 0004)", () => {
  // Computed straight from the invoices and their items, without the trigger's function.
  const FROM_INVOICES = `
    SELECT day, status, payment_method, department, invoices::bigint, rows::bigint, kobo::bigint FROM (
      SELECT ((i.created_at AT TIME ZONE 'UTC') + interval '1 hour')::date AS day, i.status, i.payment_method, '' AS department,
        count(*) AS invoices, coalesce(sum(it.n), 0) AS rows, coalesce(sum(it.kobo), 0) AS kobo
      FROM invoices i LEFT JOIN (SELECT invoice_id, count(*) AS n, sum(line_total_kobo) AS kobo FROM invoice_items GROUP BY invoice_id) it
        ON it.invoice_id = i.id
      WHERE i.purpose = 'checkout' GROUP BY 1, 2, 3
      UNION ALL
      SELECT ((i.created_at AT TIME ZONE 'UTC') + interval '1 hour')::date, i.status, i.payment_method, it.department_name,
        count(DISTINCT i.id), count(*), sum(it.line_total_kobo)
      FROM invoices i JOIN invoice_items it ON it.invoice_id = i.id
      WHERE i.purpose = 'checkout' AND it.department_name IS NOT NULL GROUP BY 1, 2, 3, 4
    ) x ORDER BY 1, 2, 3, 4`;
  const FROM_TOTALS = `
    SELECT day, status, payment_method, department, sum(invoices)::bigint AS invoices, sum(rows)::bigint AS rows, sum(kobo)::bigint AS kobo
    FROM invoice_day_totals GROUP BY 1, 2, 3, 4 HAVING sum(invoices) <> 0 OR sum(rows) <> 0 OR sum(kobo) <> 0 ORDER BY 1, 2, 3, 4`;
  const DEPARTMENTS_FROM_ITEMS = `
    SELECT DISTINCT it.department_name AS department, i.id AS invoice_id, i.created_at, i.status, i.payment_method
    FROM invoices i JOIN invoice_items it ON it.invoice_id = i.id
    WHERE i.purpose = 'checkout' AND it.department_name IS NOT NULL ORDER BY 2, 1`;
  const DEPARTMENTS = "SELECT department, invoice_id, created_at, status, payment_method FROM invoice_departments ORDER BY 2, 1";
  const both = async (): Promise<[unknown[], unknown[]]> => [
    (await t.db.query(FROM_INVOICES)).rows,
    (await t.db.query(FROM_TOTALS)).rows,
  ];

  it("always equal the invoices: after inserts, status, method and date changes, concurrent writes and folding", async () => {
    const staff = new StaffInvoicesRepository(t.db);
    const made = [
      await invoice(daysAgo(3), "paystack", "pending", [
        ["Laboratory", 12_345],
        ["Laboratory", 1],
        ["Pharmacy", 700],
      ]),
      await invoice(daysAgo(40), "monnify", "completed", []),
    ];
    await t.db.query("UPDATE invoices SET status = 'completed', paid_at = now() WHERE id = $1", [made[0]!.id]);
    await t.db.query("UPDATE invoices SET status = 'refunded', payment_method = 'bank_transfer' WHERE id = $1", [made[1]!.id]);
    await t.db.query("UPDATE invoices SET created_at = created_at - interval '1 day' WHERE id = $1", [made[0]!.id]);
    // A top-up is not revenue: never in the totals (here an invoice made a top-up after the fact).
    const topUp = await invoice(daysAgo(1), "remita", "completed", [["Laboratory", 500_000]]);
    await t.db.query("UPDATE invoices SET purpose = 'top_up' WHERE id = $1", [topUp.id]);
    let [expected, totals] = await both();
    expect(totals).toEqual(expected);
    expect(expected.length).toBeGreaterThan(5);

    // Folding while invoices are written and changed at the same time loses and counts nothing twice.
    const writes = Array.from({ length: 12 }, (_, i) =>
      invoice(daysAgo(i % 3), ["remita", "wallet"][i % 2]!, "pending", [["Radiology", 1_000 + i]]).then(({ id }) =>
        t.db.query("UPDATE invoices SET status = 'completed' WHERE id = $1", [id]),
      ),
    );
    await Promise.all([...writes, staff.foldDayTotals(), staff.foldDayTotals()]);
    [expected, totals] = await both();
    expect(totals).toEqual(expected);

    await staff.foldDayTotals();
    [expected, totals] = await both();
    expect(totals).toEqual(expected);
    // Each checkout invoice is listed under each department it has lines of, with its current status, method and date.
    const listed = (await t.db.query(DEPARTMENTS)).rows;
    expect(listed).toEqual((await t.db.query(DEPARTMENTS_FROM_ITEMS)).rows);
    expect(listed.length).toBeGreaterThan(15);
    // Folded: one row per day, status, method and department, and no delta left.
    const { rows } = await t.db.query<{ n: number; keys: number; deltas: number }>(
      `SELECT count(*)::bigint AS n, count(DISTINCT (day, status, payment_method, department))::bigint AS keys,
         count(*) FILTER (WHERE NOT folded)::bigint AS deltas FROM invoice_day_totals`,
    );
    expect(rows[0]).toEqual({ n: rows[0]!.keys, keys: rows[0]!.keys, deltas: 0 });
  });

  it("are folded by the running worker within a few seconds of a payment", async () => {
    await invoice(daysAgo(0), "remita", "completed", [["Radiology", 2_500]]);
    const deltas = async () =>
      (await t.db.query<{ n: number }>("SELECT count(*)::bigint AS n FROM invoice_day_totals WHERE NOT folded")).rows[0]!.n;
    expect(await deltas()).toBeGreaterThan(0);
    t.staffDayTotalsWorker.start();
    try {
      const deadline = Date.now() + 5_000;
      while ((await deltas()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await deltas()).toBe(0);
    } finally {
      await t.staffDayTotalsWorker.stop();
    }
    const [expected, totals] = await both();
    expect(totals).toEqual(expected);
  });

  it("count the last 7 days as today and the six WAT days before it", async () => {
    const before = await call(t, "GET", "/invoices/invoices/statistics/?department=Dental", undefined, staffToken);
    await invoice(daysAgo(6), "remita", "completed", [["Dental", 100]]);
    await invoice(daysAgo(8), "remita", "completed", [["Dental", 100]]);
    const after = await call(t, "GET", "/invoices/invoices/statistics/?department=Dental", undefined, staffToken);
    expect(after.json.total_transactions).toBe((before.json.total_transactions as number) + 2);
    expect(after.json.recent_transactions).toBe((before.json.recent_transactions as number) + 1);
  });
});

interface Listed {
  id: number;
  items: Array<{ service: { department: { name: string } | null } }>;
}
/** Every page of a filter, followed through `next`. */
async function allPages(query: string): Promise<Listed[]> {
  const listed: Listed[] = [];
  let next: string | null = `/invoices/invoices/filter/?page_size=7${query}`;
  while (next) {
    const res = await call(t, "GET", next, undefined, staffToken);
    expect(res.status).toBe(200);
    expect(invoiceFilterResponseSchema.strict().safeParse(res.json).error).toBeUndefined();
    listed.push(...(res.json.results as Listed[]));
    next = res.json.next as string | null;
  }
  return listed;
}
/** What the endpoint lists for the checkout invoices, made here from their columns and items. */
async function expectedFromColumns(department: string | null) {
  const { rows: invoices } = await t.db.query<{
    id: number;
    reference: string;
    created_at: Date;
    paid_at: Date | null;
    status: string;
    payment_method: string;
    customer_email: string;
    customer_name: string;
    total_kobo: number;
  }>(
    `SELECT id, reference, created_at, paid_at, status, payment_method, customer_email, customer_name, total_kobo
     FROM invoices WHERE purpose = 'checkout' ORDER BY created_at DESC, id DESC`,
  );
  const { rows: items } = await t.db.query<{
    invoice_id: number;
    line_total_kobo: number;
    qty: number;
    service_name: string;
    description: string | null;
    department_name: string | null;
  }>(
    "SELECT invoice_id, line_total_kobo, qty, service_name, description, department_name FROM invoice_items ORDER BY invoice_id, position",
  );
  return invoices
    .filter((i) => !department || items.some((it) => it.invoice_id === i.id && it.department_name === department))
    .map((i) => ({
      id: i.id,
      reference: i.reference,
      created_at: i.created_at.toISOString(),
      paid_at: i.paid_at?.toISOString() ?? null,
      status: i.status,
      payment_method: i.payment_method,
      customer_email: i.customer_email,
      customer_meta: { name: i.customer_name },
      total_amount: koboToDecimal(i.total_kobo),
      items: items
        .filter((it) => it.invoice_id === i.id && (!department || it.department_name === department))
        .map((it) => ({
          amount: koboToDecimal(it.line_total_kobo),
          qty: it.qty,
          service: {
            name: it.service_name,
            description: it.description,
            department: it.department_name ? { name: it.department_name } : null,
          },
        })),
    }));
}

describe("vacuuming the day totals where the database does not (PGlite, or a server with autovacuum off)", () => {
  it("folds, counts the rows it removed, and vacuums the table once they reach the threshold", async () => {
    const vacuums = async () =>
      (await t.db.query<{ n: number }>("SELECT pg_stat_get_vacuum_count('invoice_day_totals'::regclass)::int AS n")).rows[0]!.n;
    const { rows } = await t.db.query<{ on: boolean }>(
      "SELECT current_setting('autovacuum') = 'on' AND current_setting('track_counts') = 'on' AS on",
    );
    const databaseVacuums = t.db.kind === "postgres" && rows[0]!.on;
    // Deltas with no totals and no change count: folding removes them and adds nothing.
    const appendDeltas = (n: number) =>
      t.db.query(
        `INSERT INTO invoice_day_totals (day, status, payment_method, department, invoices, rows, kobo, changes)
         SELECT current_date - 900, 'pending', 'remita', '', 0, 0, 0, 0 FROM generate_series(1, $1::int)`,
        [n],
      );
    const staff = new StaffInvoicesRepository(t.db);
    await staff.foldDayTotals();
    // A worker of its own, that has removed no rows yet.
    const log = pino({ level: "silent" });
    const worker = new StaffDayTotalsWorker(t.db, staff, log);
    const before = await vacuums();

    await appendDeltas(DAY_TOTALS_VACUUM_AFTER_ROWS - 1);
    expect(await staff.foldDayTotals()).toBe(DAY_TOTALS_VACUUM_AFTER_ROWS - 1);
    await appendDeltas(DAY_TOTALS_VACUUM_AFTER_ROWS - 1);
    await worker.foldDayTotals();
    expect(await vacuums()).toBe(before);

    await appendDeltas(1);
    await worker.foldDayTotals();
    // The server's statistics of a vacuum reach other sessions within a moment.
    const deadline = Date.now() + 5_000;
    let after = await vacuums();
    while (!databaseVacuums && after === before && Date.now() < deadline) after = await vacuums();
    expect(after).toBe(databaseVacuums ? before : before + 1);
    expect((await t.db.query("SELECT 1 FROM invoice_day_totals WHERE day = current_date - 900")).rows).toEqual([]);
  });
});

describe("the JSON each invoice keeps for the staff pages (migration 0002)", () => {
  it("is always the invoice as its columns and items say, after every kind of change, with or without a department", async () => {
    const changed = await invoice(daysAgo(4), "remita", "pending", [
      ["Laboratory", 123_456],
      ["Pharmacy", 5],
    ]);
    const other = await invoice(daysAgo(5), "wallet", "pending", [["Pharmacy", 99]]);
    // Lines with no department, a quote and a non-ASCII name: JSON escapes written by the database.
    const odd = await invoice(daysAgo(6), "paystack", "failed", [["Radiology", 1]]);
    await t.db.query(
      `INSERT INTO invoice_items (invoice_id, position, service_id, service_name, description, department_name, fixed_price,
         unit_price_kobo, qty, line_total_kobo)
       VALUES ($1, 10, 'x', 'Ọ̀pẹ́ "special" \\ line', 'tab\there', NULL, true, 250, 3, 750)`,
      [odd.id],
    );
    await t.db.query("UPDATE invoices SET status = 'completed', paid_at = now() WHERE id = $1", [changed.id]);
    await t.db.query("UPDATE invoices SET status = 'refunded', payment_method = 'bank_transfer' WHERE id = $1", [changed.id]);
    await t.db.query(
      "UPDATE invoices SET created_at = created_at - interval '1 day', customer_name = 'Renamed Payer', customer_email = 'renamed@example.ng' WHERE id = $1",
      [other.id],
    );
    await t.db.query(
      "UPDATE invoices SET subtotal_kobo = subtotal_kobo + 1, total_kobo = total_kobo + 1, reference = reference || '-X' WHERE id = $1",
      [other.id],
    );

    expect(await allPages("")).toEqual(await expectedFromColumns(null));
    for (const department of ["Pharmacy", "Laboratory", "Radiology"]) {
      const listed = await allPages(`&department=${department}`);
      expect(listed).toEqual(await expectedFromColumns(department));
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.every((i) => i.items.every((item) => item.service.department?.name === department))).toBe(true);
    }
    const odd_ = (await allPages("&status=failed")).find((i) => i.id === odd.id);
    expect(odd_?.items[1]).toEqual({
      amount: "7.50",
      qty: 3,
      service: { name: 'Ọ̀pẹ́ "special" \\ line', description: "tab\there", department: null },
    });
  });
});

describe("filter pages the API keeps while nothing they show changes (migration 0004)", () => {
  /** Each filter with what it must list, from the columns and items. */
  const FILTERS: Array<[string, () => Promise<unknown[]>]> = [
    ["", () => expectedFromColumns(null)],
    ["&department=Pharmacy", () => expectedFromColumns("Pharmacy")],
    ["&department=Laboratory", () => expectedFromColumns("Laboratory")],
    ["&status=pending", async () => (await expectedFromColumns(null)).filter((i) => i.status === "pending")],
    [
      "&method=wallet&department=Pharmacy",
      async () => (await expectedFromColumns("Pharmacy")).filter((i) => i.payment_method === "wallet"),
    ],
  ];
  /** How many page statements (not the change count's) the database ran while `read` ran. */
  async function pageStatements(read: () => Promise<void>): Promise<number> {
    const spy = vi.spyOn(t.db, "query");
    try {
      await read();
      return spy.mock.calls.filter(([sql]) => sql.includes("LEFT JOIN LATERAL")).length;
    } finally {
      spy.mockRestore();
    }
  }
  const everyFilterListsWhatItMust = async () => {
    for (const [query, expected] of FILTERS) expect(await allPages(query), query).toEqual(await expected());
  };
  const changeCount = async () =>
    (await t.db.query<{ n: number }>("SELECT coalesce(sum(changes), 0)::bigint AS n FROM invoice_day_totals")).rows[0]!.n;

  it("are answered again only while nothing any of them shows has changed, after every kind of change", async () => {
    const a = await invoice(daysAgo(2), "wallet", "pending", [
      ["Pharmacy", 4_000],
      ["Laboratory", 6_000],
    ]);
    const b = await invoice(daysAgo(3), "remita", "pending", [["Pharmacy", 700]]);
    await everyFilterListsWhatItMust();
    // Nothing changed: every page again from what the API kept, each checked with one small statement.
    expect(await pageStatements(everyFilterListsWhatItMust)).toBe(0);

    const changes: Array<[string, () => Promise<unknown>]> = [
      ["status and paid_at", () => t.db.query("UPDATE invoices SET status = 'completed', paid_at = now() WHERE id = $1", [a.id])],
      ["paid_at alone", () => t.db.query("UPDATE invoices SET paid_at = paid_at - interval '1 minute' WHERE id = $1", [a.id])],
      ["the payer's name", () => t.db.query("UPDATE invoices SET customer_name = 'Adaeze Okafor' WHERE id = $1", [b.id])],
      ["the payer's e-mail", () => t.db.query("UPDATE invoices SET customer_email = 'adaeze@example.ng' WHERE id = $1", [b.id])],
      ["the reference", () => t.db.query("UPDATE invoices SET reference = reference || '-R' WHERE id = $1", [b.id])],
      [
        "the total",
        () =>
          t.db.query("UPDATE invoices SET subtotal_kobo = subtotal_kobo + 1, total_kobo = total_kobo + 1 WHERE id = $1", [b.id]),
      ],
      ["the method", () => t.db.query("UPDATE invoices SET payment_method = 'wallet' WHERE id = $1", [b.id])],
      ["the date", () => t.db.query("UPDATE invoices SET created_at = created_at - interval '2 days' WHERE id = $1", [a.id])],
      [
        "a new line",
        () =>
          t.db.query(
            `INSERT INTO invoice_items (invoice_id, position, service_id, service_name, description, department_name, fixed_price,
               unit_price_kobo, qty, line_total_kobo) VALUES ($1, 5, 'x', 'Added line', '', 'Pharmacy', true, 50, 1, 50)`,
            [a.id],
          ),
      ],
      ["a new invoice", () => invoice(daysAgo(1), "wallet", "pending", [["Pharmacy", 1]])],
      [
        "a top-up made a checkout",
        async () => {
          const topUp = await invoice(daysAgo(1), "remita", "completed", [["Laboratory", 9]]);
          await t.db.query("UPDATE invoices SET purpose = 'top_up' WHERE id = $1", [topUp.id]);
          await everyFilterListsWhatItMust();
          await t.db.query("UPDATE invoices SET purpose = 'checkout' WHERE id = $1", [topUp.id]);
        },
      ],
    ];
    for (const [what, change] of changes) {
      const before = await changeCount();
      await change();
      expect(await changeCount(), what).toBeGreaterThan(before);
      expect(await pageStatements(everyFilterListsWhatItMust), what).toBeGreaterThan(0);
      expect(await pageStatements(everyFilterListsWhatItMust), what).toBe(0);
    }
  });

  it("are sent as the same bytes again, each with the next link of the query that asked", async () => {
    await invoice(daysAgo(1), "wallet", "completed", [["Bytes Ward", 100]]);
    await invoice(daysAgo(1), "wallet", "completed", [["Bytes Ward", 200]]);
    const ask = async (query: string) => {
      const res = await call(
        t,
        "GET",
        `/invoices/invoices/filter/?page_size=1&department=Bytes+Ward${query}`,
        undefined,
        staffToken,
      );
      expect(res.status).toBe(200);
      return res.json as { count: number; next: string | null; results: Array<{ id: number }> };
    };
    const first = await ask("&method=all");
    expect(await ask("&method=all")).toEqual(first);
    expect(first.next).toContain("method=all");
    // The same filter asked without the method: the same page, with a next link of its own query.
    const plain = await ask("");
    expect(plain.results).toEqual(first.results);
    expect(plain.count).toBe(2);
    expect(plain.next).not.toBeNull();
    expect(plain.next).not.toContain("method=");
    expect(await ask("&method=all")).toEqual(first);
  });

  it("are sent gzipped to a browser that takes it, the same JSON as the plain answer, kept and new alike", async () => {
    for (let n = 0; n < 12; n += 1) await invoice(daysAgo(1), "remita", "completed", [["Gzip Ward", 1_000 + n]]);
    const url = "/invoices/invoices/filter/?department=Gzip+Ward&page_size=10";
    const ask = (encoding?: string) =>
      t.app.inject({
        url,
        headers: { authorization: `Bearer ${staffToken}`, ...(encoding ? { "accept-encoding": encoding } : {}) },
      });
    const zipped = await ask("gzip, deflate, br");
    const plain = await ask();
    const keptZipped = await ask("gzip");
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(keptZipped.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    for (const res of [zipped, plain, keptZipped]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers.vary).toBe("accept-encoding");
    }
    const json = JSON.parse(plain.body) as { count: number; next: string | null; results: unknown[] };
    expect(json.count).toBe(12);
    expect(json.results).toHaveLength(10);
    expect(json.next).toContain("page_size=10");
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect(keptZipped.rawPayload.equals(zipped.rawPayload)).toBe(true);
  });

  it("are still answered after the day totals are folded, which never lowers a change count", async () => {
    await invoice(daysAgo(1), "paystack", "pending", [["Pharmacy", 300]]);
    await everyFilterListsWhatItMust();
    const before = await changeCount();
    await new StaffInvoicesRepository(t.db).foldDayTotals();
    expect(await changeCount()).toBe(before);
    expect(await pageStatements(everyFilterListsWhatItMust)).toBe(0);
  });

  it("never keep a page older than a change that committed while it was read", async () => {
    const c = await invoice(daysAgo(1), "remita", "pending", [["Pharmacy", 800]]);
    await everyFilterListsWhatItMust();
    for (let round = 0; round < 5; round++) {
      await Promise.all([
        t.db.query("UPDATE invoices SET customer_name = $2 WHERE id = $1", [c.id, `Round ${round}`]),
        allPages("&department=Pharmacy"),
        allPages(""),
      ]);
      await everyFilterListsWhatItMust();
    }
  });
});

describe("statistics and change counts the API keeps and asks together (migration 0004)", () => {
  const FILTERS: InvoiceFilter[] = [
    { from: null, to: null, status: null, method: null, department: null },
    { from: new Date(daysAgo(10)), to: null, status: "completed", method: null, department: null },
    { from: null, to: null, status: null, method: "wallet", department: "Pharmacy" },
    { from: new Date(daysAgo(5)), to: new Date(daysAgo(-1)), status: null, method: null, department: "Laboratory" },
  ];
  /** The statements run while `read` ran whose text includes `marker`. */
  async function statements(marker: string, read: () => Promise<unknown>): Promise<number> {
    const spy = vi.spyOn(t.db, "query");
    try {
      await read();
      return spy.mock.calls.filter(([sql]) => sql.includes(marker)).length;
    } finally {
      spy.mockRestore();
    }
  }

  it("answers statistics again only while nothing they count has changed, always as the database would now", async () => {
    const kept = new StaffInvoicesRepository(t.db, { pageCacheSize: 1 << 20 });
    const fresh = new StaffInvoicesRepository(t.db);
    const a = await invoice(daysAgo(2), "wallet", "pending", [
      ["Pharmacy", 4_000],
      ["Laboratory", 6_000],
    ]);
    const everyAnswerIsFresh = async () => {
      for (const filter of FILTERS)
        expect(await kept.methodTotals(filter), JSON.stringify(filter)).toEqual(await fresh.methodTotals(filter));
    };
    await everyAnswerIsFresh();
    const readAll = () => Promise.all(FILTERS.map((filter) => kept.methodTotals(filter)));
    expect(await statements("GROUP BY t.payment_method", readAll)).toBe(0);
    for (const change of [
      () => t.db.query("UPDATE invoices SET status = 'completed', paid_at = now() WHERE id = $1", [a.id]),
      () => invoice(daysAgo(1), "wallet", "completed", [["Pharmacy", 1_500]]),
      () => t.db.query("UPDATE invoices SET created_at = created_at - interval '20 days' WHERE id = $1", [a.id]),
    ]) {
      await change();
      expect(await statements("GROUP BY t.payment_method", readAll)).toBeGreaterThan(0);
      await everyAnswerIsFresh();
      expect(await statements("GROUP BY t.payment_method", readAll)).toBe(0);
    }
  });

  it("counts the last seven days from the day the API is in, never from a kept answer of another day", async () => {
    const kept = new StaffInvoicesRepository(t.db, { pageCacheSize: 1 << 20 });
    const filter: InvoiceFilter = { from: null, to: null, status: null, method: "paystack", department: "Seven Day Ward" };
    await invoice(daysAgo(6), "paystack", "completed", [["Seven Day Ward", 700]]);
    const now = Date.now();
    expect((await kept.methodTotals(filter, now))[0]).toMatchObject({ method: "paystack", rows: 1, recent: 1 });
    expect((await kept.methodTotals(filter, now + 86_400_000))[0]).toMatchObject({ method: "paystack", rows: 1, recent: 0 });
  });

  it("checks the pages and statistics asked together with one statement", async () => {
    const kept = new StaffInvoicesRepository(t.db, { pageCacheSize: 1 << 20 });
    await invoice(daysAgo(1), "wallet", "completed", [["Pharmacy", 900]]);
    const readAll = () =>
      Promise.all(
        FILTERS.flatMap((filter) => [
          kept.methodTotals(filter),
          kept.filterPage(filter, null, 20),
          kept.filterPage(filter, null, 5),
        ]),
      );
    const first = await readAll();
    expect(await statements("unnest($1::text[], $2::timestamptz[], $3::timestamptz[])", readAll)).toBe(1);
    expect(await readAll()).toEqual(first);
  });
});

describe("cursor pages of rows created within the same millisecond", () => {
  it("list each row exactly once (the filter endpoint; the export pages with the same cursor)", async () => {
    // Six invoices inside one millisecond, ids ascending while the times descend and rise again:
    // a cursor cut to the millisecond skipped those after a page's last row with lower ids.
    const made: number[] = [];
    for (const us of [123_456, 123_999, 123_001, 123_500, 123_002, 123_998]) {
      const { id } = await invoice("2026-03-03T10:00:00.000Z", "paystack", "completed", [["Microsecond Ward", 1_000]]);
      await t.db.query(`UPDATE invoices SET created_at = $2::timestamptz + $3::int * interval '1 microsecond' WHERE id = $1`, [
        id,
        "2026-03-03T10:00:00.000Z",
        us,
      ]);
      made.push(id);
    }
    const seen: number[] = [];
    let next: string | null = "/invoices/invoices/filter/?department=Microsecond+Ward&page_size=2";
    while (next) {
      const res = await call(t, "GET", next, undefined, staffToken);
      expect(res.status).toBe(200);
      seen.push(...(res.json.results as Array<{ id: number }>).map((r) => r.id));
      next = res.json.next as string | null;
    }
    expect(seen.sort((a, b) => a - b)).toEqual([...made].sort((a, b) => a - b));
    expect(new Set(seen).size).toBe(6);
  });
});
