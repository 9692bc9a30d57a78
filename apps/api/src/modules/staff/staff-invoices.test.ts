import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, call, createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let staffToken: string;

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
  await invoice(daysAgo(1), "remita", "completed", [
    ["Laboratory", 400_000],
    ["Radiology", 850_000],
  ]);
  await invoice(daysAgo(2), "monnify", "pending", [["Laboratory", 150_000]]);
  await invoice(daysAgo(20), "remita", "failed", [["Pharmacy", 99_999]]);
  await invoice(daysAgo(200), "wallet", "completed", [["Dental", 1_000_000]]);
});
afterAll(async () => {
  await t.close();
});

describe("GET /invoices/invoices/statistics/", () => {
  it("sums each method's transaction rows and the summary cards in SQL, to the kobo", async () => {
    const res = await call(t, "GET", "/invoices/invoices/statistics/", undefined, staffToken);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      method_counts: {
        monnify: { sum_amount: "1500.00", count: 1 },
        remita: { sum_amount: "13499.99", count: 3 },
        wallet: { sum_amount: "10000.00", count: 1 },
      },
      total_transactions: 5,
      total_revenue: "24999.99",
      average_transaction: "5000.00",
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
    expect(lab.json).toMatchObject({ total_transactions: 2, total_revenue: "5500.00" });
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
    expect(results[0]).toMatchObject({
      status: "completed",
      payment_method: "remita",
      customer_email: "staff.view@example.ng",
      customer_meta: { name: "Staff View" },
      paid_at: null,
      items: [
        { amount: "4000.00", qty: 1, service: { name: "Service 1", description: "", department: { name: "Laboratory" } } },
        { amount: "8500.00", qty: 1, service: { name: "Service 2", description: "", department: { name: "Radiology" } } },
      ],
    });
    const next = String(first.json.next);
    expect(next).toMatch(/^\/invoices\/invoices\/filter\/\?cursor=.+&page_size=2$/);
    const second = await call(t, "GET", next, undefined, staffToken);
    const ids = [...results, ...(second.json.results as Array<Record<string, unknown>>)].map((r) => r.id);
    expect(new Set(ids).size).toBe(4);
    expect(second.json.next).toBeNull();
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
