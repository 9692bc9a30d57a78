import { API_PATHS, statisticsResponseSchema } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guestCheckout, itemFor } from "../../test/payments-harness";
import { createStaffOperationsHarness, type StaffOperationsHarness } from "../../test/staff-operations-harness";
import { buildUser, call } from "../../test/test-app";

/**
 * The staff dashboards' headline figures count money received, not invoices raised: anyone can open
 * guest checkouts of up to ₦50,000,000 and never pay them.
 */

let h: StaffOperationsHarness;
let admin: Awaited<ReturnType<typeof buildUser>>;

/** A JSON request over the app's real port. */
async function http(method: "GET" | "POST", path: string, body?: unknown, token?: string) {
  const response = await fetch(`${h.apiUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  h = await createStaffOperationsHarness();
  admin = await buildUser(h.t, { role: "ADMIN" });
  const openPrice = (await h.catalogue()).find((s) => s.fixed_price === "no" && Number(s.price) === 0)!;
  // Unpaid anonymous checkouts at the largest amount a checkout takes (₦49,999,900 + the ₦100 fee).
  for (let i = 0; i < 3; i += 1) {
    // Three payers (one payer's same cart would be one payment, answered again).
    const payer = { email: `unpaid.${i}@example.ng` };
    const opened = await http(
      "POST",
      API_PATHS.checkout,
      guestCheckout([itemFor(openPrice, 1, "49999900.00")], "monnify", payer),
    );
    expect(opened.status).toBe(201);
    expect(opened.json.status).toBe("pending");
  }
  // Money received: one confirmed bank transfer of ₦800 (+ fee) ...
  await h.completedInvoice("800.00", "paid.stats@example.ng");
  // ... and one of ₦500 (+ fee), refunded in full.
  const refunded = await h.completedInvoice("500.00", "refunded.stats@example.ng");
  const refund = await call(
    h.t,
    "POST",
    `/api/staff/invoices/${refunded.reference}/refund/`,
    { reason: "Duplicate payment" },
    admin.token,
  );
  expect(refund.json).toMatchObject({ invoice: { status: "refunded" } });
});
afterAll(async () => {
  await h?.close();
});

describe("GET /invoices/invoices/statistics/ counts money received", () => {
  it("sums completed payments only as revenue, shows refunds apart, and counts every status as transactions", async () => {
    const res = await http("GET", API_PATHS.statistics, undefined, admin.token);
    expect(res.status).toBe(200);
    expect(statisticsResponseSchema.strict().safeParse(res.json).error).toBeUndefined();
    expect(res.json).toEqual({
      // The chart: received money per method; the unpaid Monnify checkouts have none.
      method_counts: { bank_transfer: { sum_amount: "800.00", count: 1 } },
      total_transactions: 5,
      completed_transactions: 1,
      total_revenue: "800.00",
      average_transaction: "800.00",
      refunded_transactions: 1,
      total_refunded: "500.00",
      recent_transactions: 5,
    });
  });

  it("answers no revenue for a filter of unpaid payments, whatever they would have come to", async () => {
    const res = await http("GET", `${API_PATHS.statistics}?status=pending`, undefined, admin.token);
    expect(res.json).toMatchObject({
      method_counts: {},
      total_transactions: 3,
      completed_transactions: 0,
      total_revenue: "0.00",
      average_transaction: "0.00",
      total_refunded: "0.00",
    });
    const refunds = await http("GET", `${API_PATHS.statistics}?status=refunded`, undefined, admin.token);
    expect(refunds.json).toMatchObject({
      total_transactions: 1,
      total_revenue: "0.00",
      refunded_transactions: 1,
      total_refunded: "500.00",
    });
  });
});
