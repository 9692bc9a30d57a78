import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser } from "../../test/test-app";
import { createStaffOperationsHarness, type StaffOperationsHarness } from "../../test/staff-operations-harness";
import { checkLedger, ledgerIsSound } from "../ledger";

let h: StaffOperationsHarness;
let admin: Awaited<ReturnType<typeof buildUser>>;
let superAdmin: Awaited<ReturnType<typeof buildUser>>;
let agent: Awaited<ReturnType<typeof buildUser>>;
let customer: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  // An ADMIN's refund above ₦600 waits for a super admin.
  h = await createStaffOperationsHarness({ REFUND_APPROVAL_THRESHOLD_NAIRA: "600" });
  admin = await buildUser(h.t, { role: "ADMIN" });
  superAdmin = await buildUser(h.t, { role: "SUPERADMIN" });
  agent = await buildUser(h.t, { role: "AGENT" });
  customer = await buildUser(h.t);
});
afterAll(async () => {
  await h?.close();
});

const QUEUE = "/api/staff/payment-reviews/";
const settleUrl = (reference: string) => `/api/staff/payment-reviews/${reference}/settle/`;
const refundUrl = (reference: string) => `/api/staff/invoices/${reference}/refund/`;

/** A request over real HTTP to the listening API. */
async function http(method: "GET" | "POST", path: string, body?: unknown, token?: string) {
  const response = await fetch(`${h.apiUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON
  }
  return { status: response.status, json, text };
}

interface ReviewRow {
  reference: string;
  customer_name: string;
  customer_email: string;
  payment_method: string;
  amount_due: string;
  amount_received: string;
  received_at: string;
  refund: { id: number; status: string } | null;
}
const queue = async (token = admin.token) => {
  const res = await http("GET", QUEUE, undefined, token);
  expect(res.status).toBe(200);
  return res.json as { count: number; results: ReviewRow[] };
};
const gatewayRow = async (reference: string) =>
  (
    await h.t.db.query<{ checks: number; next_check_at: Date | null; status: string }>(
      `SELECT g.checks, g.next_check_at, i.status FROM gateway_payments g JOIN invoices i ON i.id = g.invoice_id WHERE i.reference = $1`,
      [reference],
    )
  ).rows[0]!;
const ledgerSound = async () => expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);

/**
 * A guest Remita checkout of ₦800.00 (₦700 + the ₦100 fee) that the payer paid short through the
 * simulator, seen by the server through `via`: the payer's callback, or the worker's re-query.
 */
async function paidShort(paidNaira: string, via: "callback" | "worker", email = "short.payer@example.ng") {
  const res = await http("POST", "/express/checkout/", {
    items: [
      {
        service: { ...(await openPriceService()), price: "700.00", amount: "700.00" },
        amount: "700.00",
        qty: 1,
      },
    ],
    customer_meta: {
      name: "Bisi Okafor",
      email,
      phone: "08035551234",
      hospital_number: "FTH/2026/00999",
      transaction_description: "Clinic visit",
    },
    payment_method: "remita",
    charge_fee: "100.00",
  });
  expect(res.status).toBe(201);
  const { reference, rrr } = res.json as { reference: string; rrr: string };
  await h.control("/sandbox/remita/_control/pay", { rrr, outcome: "approve", amount: paidNaira, notify: false });
  if (via === "callback") {
    const callback = await http("GET", `/api/express/callback/top-up/remita/?rrr=${rrr}`);
    expect(callback.status).toBe(200);
    expect(callback.json.transaction_status).not.toBe("SUCCESS");
  } else {
    // Due now, as a payment whose notification was lost is once its next check comes.
    await h.t.db.query(
      `UPDATE gateway_payments SET next_check_at = now() WHERE invoice_id = (SELECT id FROM invoices WHERE reference = $1)`,
      [reference],
    );
    await h.t.paymentsWorker.runOnce();
  }
  return { reference, rrr };
}

let service: Record<string, unknown> | null = null;
async function openPriceService() {
  if (!service) {
    const all = await h.catalogue();
    const open = all.find((s) => s.fixed_price === "no" && Number(s.price) === 0)!;
    service = {
      id: open.id,
      name: open.name,
      description: open.description ?? "",
      head_code: open.head_code ?? null,
      service_type_id: open.service_type_id ?? null,
      service_charge: open.service_charge ?? "0.00",
      fixed_price: open.fixed_price,
      department: open.department?.name ?? null,
      category: open.category ?? null,
    };
  }
  return service;
}

describe("a gateway payment paid short", () => {
  it("is in the needs-review queue with the amount due and received, not completed, never asked about again, in suspense", async () => {
    const { reference, rrr } = await paidShort("500.00", "worker");
    const found = (await queue()).results.find((row) => row.reference === reference);
    expect(found).toMatchObject({
      reference,
      customer_name: "Bisi Okafor",
      customer_email: "short.payer@example.ng",
      payment_method: "remita",
      amount_due: "800.00",
      amount_received: "500.00",
      refund: null,
    });
    expect(Number.isNaN(Date.parse(found!.received_at))).toBe(false);
    // The super admin's dashboard lists it too.
    expect((await queue(superAdmin.token)).results.map((row) => row.reference)).toContain(reference);

    const row = await gatewayRow(reference);
    expect(row.status).toBe("pending");
    expect(row.next_check_at).toBeNull();
    // The worker asks the gateway about it no more.
    await h.t.paymentsWorker.runOnce();
    expect(await gatewayRow(reference)).toEqual(row);
    // A callback may ask again, but the same short answer changes nothing: still in review, never due.
    await http("GET", `/api/express/callback/top-up/remita/?rrr=${rrr}`);
    expect(await gatewayRow(reference)).toMatchObject({ status: "pending", next_check_at: null });
    expect((await queue()).results.find((r) => r.reference === reference)).toMatchObject({ amount_received: "500.00" });

    // The money received is on the books, in suspense: no revenue.
    expect(await h.postings(reference, "underpayment")).toEqual({ "clearing:remita": 50_000, "suspense:underpayments": -50_000 });
    expect(await h.postings(reference, "settlement")).toEqual({});
    await ledgerSound();

    // The payer is not told it completed, and sees what was received.
    const view = await http("GET", `/api/express/payments/${reference}/`);
    expect(view.json).toMatchObject({
      status: "pending",
      transaction_status: "PENDING",
      amount: "800.00",
      amount_received: "500.00",
    });
  });

  it("a Monnify account paid in part whose time ran out goes to review with what arrived, not to failed", async () => {
    const res = await http("POST", "/express/checkout/", {
      items: [{ service: { ...(await openPriceService()), price: "700.00", amount: "700.00" }, amount: "700.00", qty: 1 }],
      customer_meta: { name: "Emeka Eze", email: "part.payer@example.ng", phone: "08035550000", hospital_number: "FTH/9" },
      payment_method: "monnify",
      charge_fee: "100.00",
    });
    expect(res.status).toBe(201);
    const { reference, gateway } = res.json as { reference: string; gateway: { bank_account: { account_number: string } } };
    await h.control("/sandbox/monnify/_control/transfer", {
      accountNumber: gateway.bank_account.account_number,
      amount: "600.00",
      notify: false,
    });
    // While the payment is open, a part paid is only pending: the rest may still come to the same account.
    await http("GET", `/api/express/payments/${reference}/`);
    expect((await queue()).results.map((row) => row.reference)).not.toContain(reference);
    // Its time runs out, and the worker's next check finds the part.
    await h.t.db.query(`UPDATE invoices SET expires_at = now() - interval '1 second' WHERE reference = $1`, [reference]);
    await h.t.db.query(
      `UPDATE gateway_payments SET next_check_at = now() WHERE invoice_id = (SELECT id FROM invoices WHERE reference = $1)`,
      [reference],
    );
    await h.t.paymentsWorker.runOnce();
    expect((await queue()).results.find((row) => row.reference === reference)).toMatchObject({
      payment_method: "monnify",
      amount_due: "800.00",
      amount_received: "600.00",
    });
    const row = await gatewayRow(reference);
    expect(row).toMatchObject({ status: "pending", next_check_at: null });
    expect(await h.postings(reference, "underpayment")).toEqual({
      "clearing:monnify": 60_000,
      "suspense:underpayments": -60_000,
    });
    await ledgerSound();

    // The payer sends the rest to the same account: Monnify's notification makes the server ask it, and
    // the verified full amount settles the payment, each part taken from where it sits.
    await h.control("/sandbox/monnify/_control/transfer", {
      accountNumber: gateway.bank_account.account_number,
      amount: "200.00",
    });
    for (let waited = 0; (await gatewayRow(reference)).status !== "completed" && waited < 8_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await gatewayRow(reference)).status).toBe("completed");
    expect(await h.postings(reference, "settlement")).toEqual({
      "suspense:underpayments": 60_000,
      "clearing:monnify": 20_000,
      "revenue:hospital": -70_000,
      "income:fees": -10_000,
    });
    expect((await queue()).results.map((r) => r.reference)).not.toContain(reference);
    const again = await http(
      "POST",
      settleUrl(reference),
      { balance_received: "200.00", transfer_reference: "FBN-MNFY-1" },
      admin.token,
    );
    expect(again.status).toBe(409);
    await ledgerSound();
  });

  it("settles once the rest arrives: the invoice completes only when what was received covers the amount due", async () => {
    const { reference } = await paidShort("500.00", "callback");
    const short = await http(
      "POST",
      settleUrl(reference),
      { balance_received: "299.99", transfer_reference: "FBN-BAL-1" },
      admin.token,
    );
    expect(short.status, short.text).toBe(400);
    expect((short.json.balance_received as string[])[0]).toMatch(/less than the amount due/);
    expect((await gatewayRow(reference)).status).toBe("pending");

    const settled = await http(
      "POST",
      settleUrl(reference),
      { balance_received: "300.00", transfer_reference: "FBN-BAL-1" },
      admin.token,
    );
    expect(settled.status).toBe(200);
    expect(settled.json).toMatchObject({ invoice: { reference, status: "completed" } });
    expect(await h.postings(reference, "settlement")).toEqual({
      "suspense:underpayments": 50_000,
      "clearing:bank_transfer": 30_000,
      "revenue:hospital": -70_000,
      "income:fees": -10_000,
    });
    await ledgerSound();
    expect((await queue()).results.map((row) => row.reference)).not.toContain(reference);
    const audit = await h.auditFor(reference);
    expect(audit).toEqual([expect.objectContaining({ action: "payment_review.settled", actor_id: admin.id })]);
    expect(audit[0]!.details).toMatchObject({ amount_due: "800.00", amount_received: "500.00", balance_received: "300.00" });

    // Again, or concurrently: 409, nothing more posted.
    const again = await Promise.all(
      [1, 2].map(() =>
        http("POST", settleUrl(reference), { balance_received: "300.00", transfer_reference: "FBN-BAL-2" }, superAdmin.token),
      ),
    );
    expect(again.map((res) => res.status)).toEqual([409, 409]);
    expect(await h.postings(reference, "settlement")).toHaveProperty("clearing:bank_transfer", 30_000);
    expect(await h.auditFor(reference)).toHaveLength(1);
    expect((await http("GET", `/api/express/payments/${reference}/`)).json).toMatchObject({ status: "completed" });
    await ledgerSound();
  });

  it("a bank reference already used elsewhere cannot settle a balance", async () => {
    const used = await h.completedInvoice("250.00");
    const { rows } = await h.t.db.query<{ transfer_reference: string }>(
      `SELECT t.transfer_reference FROM transfer_confirmations t JOIN invoices i ON i.id = t.invoice_id WHERE i.reference = $1`,
      [used.reference],
    );
    const { reference } = await paidShort("790.00", "callback");
    const res = await http(
      "POST",
      settleUrl(reference),
      { balance_received: "10.00", transfer_reference: rows[0]!.transfer_reference },
      admin.token,
    );
    expect(res.status).toBe(400);
    expect((res.json.transfer_reference as string[])[0]).toMatch(/already used to confirm/);
    expect((await gatewayRow(reference)).status).toBe("pending");
  });

  it("a bank reference that settled a balance cannot confirm a bank transfer afterwards", async () => {
    const { reference } = await paidShort("500.00", "callback");
    const settled = await http(
      "POST",
      settleUrl(reference),
      { balance_received: "300.00", transfer_reference: "FBN-BAL-ONCE" },
      admin.token,
    );
    expect(settled.status, settled.text).toBe(200);
    const transfer = await h.bankTransferInvoice("400.00");
    const res = await http(
      "POST",
      `/api/staff/invoices/${transfer.reference}/confirm-transfer/`,
      { amount_received: transfer.total, transfer_reference: "FBN-BAL-ONCE" },
      admin.token,
    );
    expect(res.status, res.text).toBe(400);
    expect((res.json.transfer_reference as string[])[0]).toContain(reference);
    expect((await h.t.db.query(`SELECT status FROM invoices WHERE reference = $1`, [transfer.reference])).rows[0]).toEqual({
      status: "pending",
    });
  });

  it("refunds the amount received through the refund path: out of suspense, refunded, leaves the queue, audited", async () => {
    const { reference } = await paidShort("500.00", "callback", "refund.short@example.ng");
    const res = await http("POST", refundUrl(reference), { reason: "Paid short; payer asked for the money back" }, admin.token);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      detail: "Refund completed.",
      refund: { invoice_reference: reference, amount: "500.00", status: "completed", destination: "original_method" },
      invoice: { reference, status: "refunded" },
    });
    expect(await h.postings(reference, "refund")).toEqual({ "suspense:underpayments": 50_000, "clearing:remita": -50_000 });
    await ledgerSound();
    expect((await queue()).results.map((row) => row.reference)).not.toContain(reference);
    const refundId = (res.json.refund as { id: number }).id;
    expect(await h.auditFor(refundId)).toEqual([expect.objectContaining({ action: "refund.completed", actor_id: admin.id })]);
    const mail = (await h.t.mailbox()).find((m) => m.to === "refund.short@example.ng" && /refunded/.test(m.subject));
    expect(mail?.text).toContain("₦500.00");
    // Refunded: it can no longer be settled.
    const settle = await http(
      "POST",
      settleUrl(reference),
      { balance_received: "300.00", transfer_reference: "FBN-BAL-9" },
      admin.token,
    );
    expect(settle.status).toBe(409);
  });

  it("a refund above the threshold waits for a super admin; the queue shows it and settling meanwhile is refused", async () => {
    const { reference } = await paidShort("700.00", "callback");
    const requested = await http("POST", refundUrl(reference), { reason: "Payer asked for the money back" }, admin.token);
    expect(requested.status).toBe(202);
    const refund = requested.json.refund as { id: number; amount: string; status: string };
    expect(refund).toMatchObject({ amount: "700.00", status: "awaiting_approval" });
    expect((await queue()).results.find((row) => row.reference === reference)?.refund).toEqual({
      id: refund.id,
      status: "awaiting_approval",
    });
    const settle = await http(
      "POST",
      settleUrl(reference),
      { balance_received: "100.00", transfer_reference: "FBN-BAL-7" },
      admin.token,
    );
    expect(settle.status).toBe(409);

    const approved = await http("POST", `/api/staff/refunds/${refund.id}/approve/`, {}, superAdmin.token);
    expect(approved.status).toBe(200);
    expect(approved.json).toMatchObject({ invoice: { status: "refunded" } });
    expect(await h.postings(reference, "refund")).toEqual({ "suspense:underpayments": 70_000, "clearing:remita": -70_000 });
    expect((await queue()).results.map((row) => row.reference)).not.toContain(reference);
    await ledgerSound();
  });

  it("refuses a bad balance or reference with field errors, and changes nothing", async () => {
    const { reference } = await paidShort("500.00", "callback");
    const cases: Array<[unknown, string]> = [
      [{ transfer_reference: "FBN-X" }, "balance_received"],
      [{ balance_received: "abc", transfer_reference: "FBN-X" }, "balance_received"],
      [{ balance_received: "0", transfer_reference: "FBN-X" }, "balance_received"],
      [{ balance_received: "-300.00", transfer_reference: "FBN-X" }, "balance_received"],
      [{ balance_received: "300.001", transfer_reference: "FBN-X" }, "balance_received"],
      [{ balance_received: "99999999999.00", transfer_reference: "FBN-X" }, "balance_received"],
      [{ balance_received: "300.00" }, "transfer_reference"],
      [{ balance_received: "300.00", transfer_reference: "   " }, "transfer_reference"],
      [{ balance_received: "300.00", transfer_reference: "x".repeat(101) }, "transfer_reference"],
    ];
    for (const [body, field] of cases) {
      const res = await http("POST", settleUrl(reference), body, admin.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json, JSON.stringify(body)).toHaveProperty(field);
    }
    expect(
      (await http("POST", settleUrl("HSP-NO-SUCH"), { balance_received: "300.00", transfer_reference: "FBN-X" }, admin.token))
        .status,
    ).toBe(404);
    expect((await gatewayRow(reference)).status).toBe("pending");
    expect(await h.postings(reference, "settlement")).toEqual({});
  });

  it("is for admins and super admins only", async () => {
    const { reference } = await paidShort("100.00", "callback");
    for (const token of [agent.token, customer.token]) {
      expect((await http("GET", QUEUE, undefined, token)).status).toBe(403);
      const settle = await http("POST", settleUrl(reference), { balance_received: "700.00", transfer_reference: "X-1" }, token);
      expect(settle.status).toBe(403);
      expect((await http("POST", refundUrl(reference), { reason: "Not allowed here" }, token)).status).toBe(403);
    }
    expect((await http("GET", QUEUE)).status).toBe(401);
    expect((await gatewayRow(reference)).status).toBe("pending");
  });
});
