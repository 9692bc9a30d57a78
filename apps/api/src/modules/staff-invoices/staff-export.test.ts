import { get, type IncomingMessage } from "node:http";
import { API_PATHS, invoicesToRows, transactionsCsv, type Invoice } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildUser, call, createTestApp, type TestApp } from "../../test/test-app";
import { seedBulkInvoices } from "../../cli/seed-bulk/bulk-seed";
import { EXPORT_BATCH_SIZE } from "./staff-export.routes";
import { StaffInvoicesRepository } from "./staff-invoices.repository";

let t: TestApp;
let staffToken: string;

const HEADER =
  "ID,Invoice ID,Reference,Date,Amount,Revenue Head,Department,Description,Status,Payment Method,Customer Name,Customer Email,Paid At";
// With the two awkward invoices, exactly three full batches: the last query finds nothing.
const BULK = 3 * EXPORT_BATCH_SIZE - 2;

/** An invoice straight in the tables (created now, so newer than the bulk), with the awkward values a CSV must quote. */
async function awkwardInvoice(paidAt: Date | null) {
  const id = await t.db.transaction((tx) =>
    t.repositories.invoices.insert(
      tx,
      {
        reference: `HSP-CSV-${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
        userId: null,
        purpose: "checkout",
        paymentMethod: "remita",
        subtotalKobo: 99_999 + 150_000,
        chargeFeeKobo: 10_000,
        customerName: ' Obi, "Ada" ',
        customerEmail: "obi.ada@example.ng",
        customerPhone: "08011112222",
        hospitalNumber: "H-1",
        transactionDescription: "",
        customerMeta: {},
        expiresAt: null,
        locale: "en",
      },
      [
        { description: "Two\r\nlines", departmentName: "Laboratory", kobo: 99_999 },
        { description: "", departmentName: null, kobo: 150_000 },
      ].map((item, index) => ({
        serviceId: String(index + 1),
        serviceName: `Scan, ${index + 1}`,
        description: item.description,
        headCode: null,
        serviceTypeId: null,
        departmentName: item.departmentName,
        category: null,
        fixedPrice: true,
        unitPriceKobo: item.kobo,
        qty: 1,
      })),
    ),
  );
  await t.db.query("UPDATE invoices SET paid_at = $2, status = $3 WHERE id = $1", [id, paidAt, paidAt ? "completed" : "pending"]);
}

/** The export's answer, its bytes as sent. */
async function exportOf(query: string, token = staffToken) {
  const response = await t.app.inject({
    method: "GET",
    url: `${API_PATHS.invoiceExport}${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
}

/**
 * What the web saves for the same filter: every page of the filter endpoint, through the web's rows and
 * CSV text (the contract's, which the web's utils re-export), after the BOM its download writes first.
 */
async function clientCsv(query: string): Promise<{ bytes: Buffer; invoices: number }> {
  const results: Invoice[] = [];
  const separator = query ? "&" : "?";
  let next: string | null = `${API_PATHS.invoiceFilter}${query}${separator}page_size=200`;
  while (next) {
    const page = await call(t, "GET", next, undefined, staffToken);
    expect(page.status).toBe(200);
    results.push(...(page.json.results as Invoice[]));
    next = page.json.next as string | null;
  }
  return { bytes: Buffer.from(`\uFEFF${transactionsCsv(invoicesToRows(results))}`, "utf8"), invoices: results.length };
}

beforeAll(async () => {
  t = await createTestApp();
  staffToken = (await buildUser(t, { role: "AGENT" })).token;
  await seedBulkInvoices(t.db, BULK);
  await awkwardInvoice(null);
  await awkwardInvoice(new Date());
});
afterAll(async () => {
  await t.close();
});

describe("GET /api/staff/invoices/export/", () => {
  it("is for staff only", async () => {
    expect((await call(t, "GET", API_PATHS.invoiceExport)).status).toBe(401);
    const customer = await buildUser(t);
    expect((await exportOf("?start_date=2099-01-01", customer.token)).status).toBe(403);
    for (const role of ["ADMIN", "SUPERADMIN", "AGENT"] as const) {
      const staff = await buildUser(t, { role });
      expect((await exportOf("?start_date=2099-01-01", staff.token)).status, role).toBe(200);
    }
  });

  it("refuses a bad filter with field errors", async () => {
    const res = await call(t, "GET", `${API_PATHS.invoiceExport}?start_date=2026-13-40&status=lost`, undefined, staffToken);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "invalid", start_date: [expect.any(String)], status: [expect.any(String)] });
  });

  it("answers a download of the header alone when nothing matches", async () => {
    const res = await exportOf("?start_date=2099-01-01");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="transactions.csv"');
    expect(res.bytes.toString("utf8")).toBe(`\uFEFF${HEADER}`);
    expect(res.bytes.equals((await clientCsv("?start_date=2099-01-01")).bytes)).toBe(true);
  });

  it("streams every batch, newest first, byte for byte what the web's export writes for the same invoices", async () => {
    const res = await exportOf("");
    const client = await clientCsv("");
    expect(client.invoices).toBe(BULK + 2);
    const lines = res.bytes.toString("utf8").split("\r\n");
    expect(lines[0]).toBe(`\uFEFF${HEADER}`);
    // The awkward invoices are the newest: quoted name, description with a line break, "Payment for …", no department.
    expect(lines[1]).toMatch(/^\d+-0,\d+,HSP-CSV-\w+,\d{4}-\d{2}-\d{2},₦999\.99,"Scan, 1",Laboratory,"Two$/);
    expect(lines[2]).toMatch(/^lines",completed,remita,"Obi, ""Ada""",obi\.ada@example\.ng,\d{4}-\d{2}-\d{2}T[\d:.]+\+01:00$/);
    expect(lines[3]).toMatch(/^\d+-1,\d+,HSP-CSV-\w+,[\d-]+,₦1500\.00,"Scan, 2",,"Payment for Scan, 2",completed,/);
    expect(res.bytes.equals(client.bytes)).toBe(true);
  });

  it("applies the filter like the filter endpoint", async () => {
    const ent = encodeURIComponent("Ear, Nose & Throat (ENT)");
    for (const query of [
      `?status=completed&method=remita&department=${ent}`,
      "?start_date=2000-01-01&end_date=2099-12-31&method=wallet",
      "?department=all&status=pending",
    ]) {
      const res = await exportOf(query);
      const client = await clientCsv(query);
      expect(client.invoices, query).toBeGreaterThan(0);
      expect(res.bytes.equals(client.bytes), query).toBe(true);
    }
    const wallet = (await exportOf("?method=wallet&status=failed")).bytes.toString("utf8").split("\r\n").slice(1);
    expect(wallet.length).toBeGreaterThan(0);
    for (const line of wallet) expect(line).toMatch(/,failed,wallet,/);
    // A department's export holds its lines only (a row is a line), as many as its statistics count.
    const entLines = (await exportOf(`?department=${ent}`)).bytes.toString("utf8").split("\r\n").slice(1);
    for (const line of entLines) expect(line).toContain(',"Ear, Nose & Throat (ENT)",');
    const entStats = await call(t, "GET", `${API_PATHS.statistics}?department=${ent}`, undefined, staffToken);
    expect(entLines.length).toBe(entStats.json.total_transactions);
  });

  it("stops querying when the client goes away", async () => {
    // Hold the second batch's query until the client has hung up: no third batch may follow.
    const page = StaffInvoicesRepository.prototype.page;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let secondAsked!: () => void;
    const second = new Promise<void>((resolve) => (secondAsked = resolve));
    const spy = vi.spyOn(StaffInvoicesRepository.prototype, "page").mockImplementation(async function (
      this: StaffInvoicesRepository,
      ...args
    ) {
      if (spy.mock.calls.length === 2) {
        secondAsked();
        await held;
      }
      return page.apply(this, args);
    });
    try {
      const request = get(`${t.url}${API_PATHS.invoiceExport}`, { headers: { authorization: `Bearer ${staffToken}` } });
      request.on("error", () => undefined);
      const response = await new Promise<IncomingMessage>((resolve) => request.on("response", resolve));
      expect(response.statusCode).toBe(200);
      await second;
      request.destroy();
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });
});

describe("invoice item totals (migration 0002)", () => {
  /** Per method, over completed invoices (and one department's items): counted from the items themselves. */
  async function fromItems(department: string | null) {
    const { rows } = await t.db.query<{ method: string; count: number; kobo: number }>(
      `SELECT i.payment_method AS method, count(*)::int AS count, sum(it.line_total_kobo)::bigint AS kobo
       FROM invoices i JOIN invoice_items it ON it.invoice_id = i.id
       WHERE i.status = 'completed' AND ($1::text IS NULL OR it.department_name = $1) GROUP BY 1`,
      [department],
    );
    return Object.fromEntries(rows.map((row) => [row.method, { count: row.count, sum_amount: (row.kobo / 100).toFixed(2) }]));
  }

  it("are what the items add up to, and the statistics sum them", async () => {
    const { rows } = await t.db.query<{ invoices: number; wrong: number }>(
      `SELECT count(*)::int AS invoices,
         count(*) FILTER (WHERE (i.item_count, i.items_kobo, i.department_totals) IS DISTINCT FROM (t.item_count, t.items_kobo, t.department_totals))::int AS wrong
       FROM invoices i JOIN invoice_item_totals t ON t.invoice_id = i.id`,
    );
    expect(rows[0]).toEqual({ invoices: BULK + 2, wrong: 0 });
    for (const department of [null, "Ear, Nose & Throat (ENT)"]) {
      const query = department ? `&department=${encodeURIComponent(department)}` : "";
      const stats = await call(t, "GET", `${API_PATHS.statistics}?status=completed${query}`, undefined, staffToken);
      expect(stats.json.method_counts, String(department)).toEqual(await fromItems(department));
    }
  });

  it("follow items added later to the same invoice", async () => {
    const { rows } = await t.db.query<{ id: number }>("SELECT id FROM invoices ORDER BY id LIMIT 1");
    const id = rows[0]!.id;
    await t.db.query(
      `INSERT INTO invoice_items (invoice_id, position, service_id, service_name, description, department_name, fixed_price,
         unit_price_kobo, qty, line_total_kobo)
       VALUES ($1, 99, 'x', 'Late line', '', 'Late Department', true, 12345, 2, 24690)`,
      [id],
    );
    const { rows: after } = await t.db.query<{ late: unknown; same: boolean }>(
      `SELECT i.department_totals -> 'Late Department' AS late,
         (i.item_count, i.items_kobo, i.department_totals) = (t.item_count, t.items_kobo, t.department_totals) AS same
       FROM invoices i JOIN invoice_item_totals t ON t.invoice_id = i.id WHERE i.id = $1`,
      [id],
    );
    expect(after[0]).toEqual({ late: { n: 1, kobo: 24690 }, same: true });
  });

  it("refuse a change to an item, which would make them wrong", async () => {
    await expect(
      t.db.query("UPDATE invoice_items SET qty = qty + 1 WHERE id = (SELECT min(id) FROM invoice_items)"),
    ).rejects.toThrow("invoice items are never changed or removed");
    await expect(t.db.query("DELETE FROM invoice_items WHERE id = (SELECT min(id) FROM invoice_items)")).rejects.toThrow(
      "invoice items are never changed or removed",
    );
  });
});
