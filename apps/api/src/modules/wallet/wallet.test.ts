import { randomUUID } from "node:crypto";
import type { ServiceRecord } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, call } from "../../test/test-app";
import { createPaymentsHarness, itemFor, type PaymentsHarness } from "../../test/payments-harness";
import { checkLedger, ledgerIsSound } from "../ledger";

let h: PaymentsHarness;
let openPrice: ServiceRecord;
let fixed: ServiceRecord;

beforeAll(async () => {
  h = await createPaymentsHarness({ LOOKUP_EMAIL_RATE_LIMIT_MAX: "1000" });
  const all = await h.catalogue();
  openPrice = all.find((s) => s.fixed_price === "no" && Number(s.price) === 0)!;
  fixed = all.find((s) => s.fixed_price !== "no" && Number(s.price) > 0 && Number(s.price) <= 10_000)!;
});
afterAll(async () => {
  await h?.close();
});

const walletMeta = {
  first_name: "Kemi",
  last_name: "Balogun",
  email: "kemi.someone@example.ng",
  phone_number: "08098765432",
  hospital_number: "FTH/2026/00999",
  transaction_description: "Physiotherapy for my mother",
};

async function customerWithWallet() {
  const customer = await buildUser(h.t);
  const profile = await call(h.t, "GET", "/auth/profile/", undefined, customer.token);
  return { ...customer, walletId: Number(profile.json.wallet_id) };
}

/** Funds a wallet the way a customer does: top-up → Remita approves → callback verifies. */
async function fund(token: string, amount: string) {
  const res = await call(h.t, "POST", "/express/top-up/", { amount, payment_method: "remita" }, token);
  expect(res.status).toBe(201);
  const rrr = (res.json.rrr_response as { RRR: string }).RRR;
  await h.control("/sandbox/remita/_control/pay", { rrr, outcome: "approve", notify: false });
  const callback = await call(
    h.t,
    "GET",
    `/api/express/callback/top-up/remita/?transaction_id=${res.json.reference}&rrr=${rrr}&amount=${amount}`,
  );
  expect(callback.json.transaction_status).toBe("SUCCESS");
  return { reference: String(res.json.reference), rrr };
}

const balanceOf = async (token: string) =>
  String((await call(h.t, "GET", "/auth/profile/", undefined, token)).json.wallet_balance);

const payBody = (walletId: number, items = [itemFor(openPrice, 1, "1000.00")]) => ({
  items,
  customer_meta: walletMeta,
  payment_method: "wallet",
  wallet_id: walletId,
  charge_fee: "100.00",
});

async function pay(token: string, body: unknown, key?: string) {
  const response = await fetch(`${h.apiUrl}/express/checkout/`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, ...(key ? { "idempotency-key": key } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe("top-up", () => {
  it("answers rrr_response.RRR and a reference, credits only after verification, and lists a pending credit meanwhile", async () => {
    const c = await customerWithWallet();
    const res = await call(h.t, "POST", "/express/top-up/", { amount: "5000", payment_method: "remita" }, c.token);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      amount: "5000.00",
      status: "pending",
      rrr_response: { RRR: expect.stringMatching(/^\d{12}$/) },
    });
    const pending = await call(h.t, "GET", "/api/wallet/transactions/", undefined, c.token);
    expect(pending.json.results).toEqual([
      expect.objectContaining({
        transaction_type: "credit",
        amount: "5000.00",
        status: "pending",
        reference: res.json.reference,
        rrr: (res.json.rrr_response as { RRR: string }).RRR,
        // What 'Proceed' needs to open the widget again, on any device.
        gateway: {
          key: "remita",
          script_url: "/sandbox/remita/payment/v1/remita-pay-inline.bundle.js",
          public_key: "pk_sandbox_remita_hospipay",
        },
      }),
    ]);
    // A callback before Remita has the money credits nothing.
    const early = await call(
      h.t,
      "GET",
      `/api/express/callback/top-up/remita/?rrr=${(res.json.rrr_response as { RRR: string }).RRR}&amount=5000`,
    );
    expect(early.json.transaction_status).toBe("PENDING");
    expect(await balanceOf(c.token)).toBe("0.00");
    await h.control("/sandbox/remita/_control/pay", {
      rrr: (res.json.rrr_response as { RRR: string }).RRR,
      outcome: "approve",
      notify: false,
    });
    await call(
      h.t,
      "GET",
      `/api/express/callback/top-up/remita/?rrr=${(res.json.rrr_response as { RRR: string }).RRR}&amount=9999999`,
    );
    expect(await balanceOf(c.token)).toBe("5000.00");
    const done = await call(h.t, "GET", "/api/wallet/transactions/", undefined, c.token);
    expect((done.json.results as Array<{ status: string; gateway: unknown }>)[0]).toMatchObject({
      status: "completed",
      gateway: null,
    });
  });

  it("credits once under 50 concurrent copies of the callback and the notification", async () => {
    const c = await customerWithWallet();
    const res = await call(h.t, "POST", "/express/top-up/", { amount: "2500.50", payment_method: "remita" }, c.token);
    const rrr = (res.json.rrr_response as { RRR: string }).RRR;
    await h.control("/sandbox/remita/_control/pay", { rrr, outcome: "approve", notify: false });
    await Promise.all([
      ...Array.from({ length: 25 }, () =>
        fetch(`${h.apiUrl}/api/express/callback/top-up/remita/?transaction_id=${res.json.reference}&rrr=${rrr}&amount=2500.50`),
      ),
      h.control("/sandbox/remita/_control/notify", { rrr, times: 25, concurrent: true }),
    ]);
    expect(await balanceOf(c.token)).toBe("2500.50");
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });

  it("is credited by the worker when the browser never came back", async () => {
    const c = await customerWithWallet();
    const res = await call(h.t, "POST", "/express/top-up/", { amount: "700", payment_method: "remita" }, c.token);
    await h.control("/sandbox/remita/_control/pay", {
      rrr: (res.json.rrr_response as { RRR: string }).RRR,
      outcome: "approve",
      notify: false,
    });
    await h.t.db.query(
      "UPDATE gateway_payments SET next_check_at = now() WHERE invoice_id = (SELECT id FROM invoices WHERE reference = $1)",
      [res.json.reference],
    );
    await h.t.paymentsWorker.runOnce();
    expect(await balanceOf(c.token)).toBe("700.00");
  });

  const startTopUp = async (token: string, amount: string) => {
    const res = await call(h.t, "POST", "/express/top-up/", { amount, payment_method: "remita" }, token);
    expect(res.status).toBe(201);
    return { reference: String(res.json.reference), rrr: (res.json.rrr_response as { RRR: string }).RRR };
  };
  const callback = (started: { reference: string; rrr: string }) =>
    call(h.t, "GET", `/api/express/callback/top-up/remita/?transaction_id=${started.reference}&rrr=${started.rrr}`);
  const cancel = (started: { reference: string }) => call(h.t, "POST", `/api/express/payments/${started.reference}/cancel/`, {});
  const newestMovement = async (token: string) =>
    (await call(h.t, "GET", "/api/wallet/transactions/", undefined, token)).json.results as Array<{
      status: string;
      gateway: unknown;
      reference: string;
    }>;
  const dueForWorker = async (reference: string) =>
    (
      await h.t.db.query<{ due: boolean }>(
        "SELECT g.next_check_at IS NOT NULL AS due FROM gateway_payments g JOIN invoices i ON i.id = g.invoice_id WHERE i.reference = $1",
        [reference],
      )
    ).rows[0]!.due;

  it("fails a top-up Remita says is declined at once, on the callback: nothing credited, no 'Proceed'", async () => {
    const c = await customerWithWallet();
    const started = await startTopUp(c.token, "4000");
    await h.control("/sandbox/remita/_control/pay", { rrr: started.rrr, outcome: "decline", notify: false });
    const answer = await callback(started);
    expect(answer.json).toMatchObject({ transaction_status: "FAILED", status: "02", message: "Failed" });
    const [movement] = await newestMovement(c.token);
    expect(movement).toMatchObject({ reference: started.reference, status: "failed", gateway: null, closed_reason: null });
    expect(await balanceOf(c.token)).toBe("0.00");
    expect(await dueForWorker(started.reference)).toBe(false);
    const { rows } = await h.t.db.query<{ status: string; failure_reason: string }>(
      "SELECT status, failure_reason FROM invoices WHERE reference = $1",
      [started.reference],
    );
    expect(rows[0]).toEqual({ status: "failed", failure_reason: "gateway:02" });
  });

  it("closes a top-up the payer abandoned (Remita 012) as cancelled at once when the widget is closed: nothing credited, no 'Proceed'", async () => {
    const c = await customerWithWallet();
    const started = await startTopUp(c.token, "4000");
    await h.control("/sandbox/remita/_control/pay", { rrr: started.rrr, outcome: "abort", notify: false });
    // The callback alone does not close it: an abandoned RRR can still be paid, and only the payer's close ends it.
    expect((await callback(started)).json).toMatchObject({ transaction_status: "PENDING" });
    const closed = await cancel(started);
    expect(closed.status).toBe(200);
    expect(closed.json).toMatchObject({ status: "failed", closed_reason: "cancelled" });
    const [movement] = await newestMovement(c.token);
    expect(movement).toMatchObject({ reference: started.reference, status: "failed", gateway: null, closed_reason: "cancelled" });
    expect(await balanceOf(c.token)).toBe("0.00");
    expect(await dueForWorker(started.reference)).toBe(false);
  });

  it("keeps a top-up Remita has no word on yet (the widget closed) pending, resumable and due for the worker", async () => {
    const c = await customerWithWallet();
    const started = await startTopUp(c.token, "1500");
    expect((await callback(started)).json).toMatchObject({ transaction_status: "PENDING", status: "021" });
    const [movement] = await newestMovement(c.token);
    expect(movement).toMatchObject({ status: "pending", gateway: expect.objectContaining({ key: "remita" }) });
    expect(await dueForWorker(started.reference)).toBe(true);
  });

  it("still credits, once, a failed top-up whose RRR is paid afterwards (Remita's notification)", async () => {
    const c = await customerWithWallet();
    const started = await startTopUp(c.token, "2200");
    await h.control("/sandbox/remita/_control/pay", { rrr: started.rrr, outcome: "abort", notify: false });
    expect((await cancel(started)).json).toMatchObject({ status: "failed", closed_reason: "cancelled" });
    await h.control("/sandbox/remita/_control/pay", { rrr: started.rrr, outcome: "approve", notify: false });
    await h.control("/sandbox/remita/_control/notify", { rrr: started.rrr, times: 5, concurrent: true });
    expect(await balanceOf(c.token)).toBe("2200.00");
    expect((await newestMovement(c.token))[0]).toMatchObject({ status: "completed", gateway: null });
    expect((await callback(started)).json.transaction_status).toBe("SUCCESS");
    expect(await balanceOf(c.token)).toBe("2200.00");
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });

  it("offers no 'Proceed' for a pending top-up whose time has run out (the worker closes it)", async () => {
    const c = await customerWithWallet();
    const started = await startTopUp(c.token, "800");
    await h.t.db.query("UPDATE invoices SET expires_at = now() - interval '1 minute' WHERE reference = $1", [started.reference]);
    const [movement] = await newestMovement(c.token);
    expect(movement).toMatchObject({ status: "pending", gateway: null });
    const profile = await call(h.t, "GET", "/auth/profile/", undefined, c.token);
    expect((profile.json.last_transactions as Array<{ gateway: unknown }>)[0]).toMatchObject({ gateway: null });
  });

  it("refuses amounts that are not above 0, and staff (who have no wallet)", async () => {
    const c = await customerWithWallet();
    for (const amount of ["0", "-5", "abc", "1.234"]) {
      const res = await call(h.t, "POST", "/express/top-up/", { amount, payment_method: "remita" }, c.token);
      expect(res.status, amount).toBe(400);
      expect(res.json.amount).toBeDefined();
    }
    const admin = await buildUser(h.t, { role: "ADMIN" });
    expect((await call(h.t, "POST", "/express/top-up/", { amount: "10", payment_method: "remita" }, admin.token)).status).toBe(
      403,
    );
  });
});

describe("wallet payment", () => {
  it("pays from the wallet: balance falls by subtotal + ₦100, an invoice and a debit are recorded", async () => {
    const c = await customerWithWallet();
    await fund(c.token, "5000");
    const res = await pay(c.token, payBody(c.walletId, [itemFor(openPrice, 2, "750.25"), itemFor(fixed, 1)]));
    expect(res.status).toBe(201);
    const expectedTotal = 2 * 75_025 + Math.round(Number(fixed.price) * 100) + 10_000;
    expect(res.json).toMatchObject({ status: "completed", payment_method: "wallet", charge_fee: "100.00" });
    // The receipt code it answers is the payment's own, as its status page shows it.
    expect(res.json.receipt_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    const status = await call(h.t, "GET", `/api/express/payments/${String(res.json.reference)}/`);
    expect(status.json.receipt_code).toBe(res.json.receipt_code);
    expect(Math.round(Number(res.json.amount) * 100)).toBe(expectedTotal);
    expect(Math.round(Number(await balanceOf(c.token)) * 100)).toBe(500_000 - expectedTotal);
    const history = await call(h.t, "GET", "/api/wallet/transactions/", undefined, c.token);
    expect((history.json.results as Array<{ transaction_type: string }>).map((t) => t.transaction_type)).toEqual([
      "debit",
      "credit",
    ]);
    const { rows } = await h.t.db.query<{ customer_name: string; status: string }>(
      "SELECT customer_name, status FROM invoices WHERE reference = $1",
      [res.json.reference],
    );
    expect(rows[0]).toEqual({ customer_name: "Kemi Balogun", status: "completed" });
  });

  it("refuses a payment larger than the balance with SPEC's text, and changes nothing", async () => {
    const c = await customerWithWallet();
    await fund(c.token, "1000");
    const res = await pay(c.token, payBody(c.walletId, [itemFor(openPrice, 1, "950.00")]));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      detail: "Insufficient wallet balance. Please fund your wallet.",
      code: "insufficient_funds",
    });
    expect(await balanceOf(c.token)).toBe("1000.00");
  });

  it("pays only from one's own wallet, needs a sign-in, and refuses a client price on a fixed-price service", async () => {
    const c = await customerWithWallet();
    const other = await customerWithWallet();
    expect((await pay(c.token, payBody(other.walletId))).json.wallet_id).toEqual(["This is not your wallet."]);
    const anonymous = await call(h.t, "POST", "/express/checkout/", payBody(c.walletId));
    expect(anonymous.status).toBe(401);
    const tampered = await pay(c.token, payBody(c.walletId, [itemFor(fixed, 1, "1.00")]));
    expect(tampered.status).toBe(400);
    expect(tampered.json["items.0.service.price"]).toBeDefined();
    const missing = await pay(c.token, { ...payBody(c.walletId), customer_meta: { ...walletMeta, transaction_description: "" } });
    expect(missing.status).toBe(400);
    expect(missing.json["customer_meta.transaction_description"]).toBeDefined();
  });

  it("lets exactly 50 of 200 concurrent ₦1,000 payments through a ₦55,000 balance, ending at ₦0.00", async () => {
    const c = await customerWithWallet();
    await fund(c.token, "30000");
    await fund(c.token, "25000");
    expect(await balanceOf(c.token)).toBe("55000.00");
    const answers = await Promise.all(Array.from({ length: 200 }, () => pay(c.token, payBody(c.walletId))));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(50);
    expect(statuses.filter((s) => s === 400)).toHaveLength(150);
    expect(answers.filter((a) => a.status === 400).every((a) => a.json.code === "insufficient_funds")).toBe(true);
    expect(await balanceOf(c.token)).toBe("0.00");
    const report = await checkLedger(h.t.db);
    expect(report.unbalanced).toEqual([]);
    expect(report.walletDifferences).toEqual([]);
  });

  it("charges once for 20 concurrent requests with one Idempotency-Key, and answers each the same", async () => {
    const c = await customerWithWallet();
    await fund(c.token, "5000");
    const key = randomUUID();
    const body = payBody(c.walletId);
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(c.token, body, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => JSON.stringify(a.json))).size).toBe(1);
    expect(await balanceOf(c.token)).toBe("3900.00");
    const reused = await pay(c.token, payBody(c.walletId, [itemFor(openPrice, 1, "999.00")]), key);
    expect(reused.status).toBe(422);
    const other = await pay(c.token, body, randomUUID());
    expect(other.status).toBe(201);
    expect(await balanceOf(c.token)).toBe("2800.00");
  });

  it("does not remember a refused payment under its key: after funding, the same retry goes through", async () => {
    const c = await customerWithWallet();
    const key = randomUUID();
    expect((await pay(c.token, payBody(c.walletId), key)).status).toBe(400);
    await fund(c.token, "1100");
    expect((await pay(c.token, payBody(c.walletId), key)).status).toBe(201);
    expect(await balanceOf(c.token)).toBe("0.00");
  });

  it("refunds with a new entry, back to the wallet, once", async () => {
    const c = await customerWithWallet();
    const admin = await buildUser(h.t, { role: "ADMIN" });
    await fund(c.token, "2000");
    const paid = await pay(c.token, payBody(c.walletId));
    const url = `/api/staff/invoices/${String(paid.json.reference)}/refund/`;
    const first = await call(h.t, "POST", url, { reason: "service not rendered" }, admin.token);
    expect(first.status).toBe(200);
    expect(first.json.refund).toMatchObject({ status: "completed", destination: "wallet", amount: "1100.00" });
    expect(await balanceOf(c.token)).toBe("2000.00");
    const again = await call(h.t, "POST", url, { reason: "twice" }, admin.token);
    expect(again.json).toMatchObject({
      detail: "This payment already has a refund.",
      refund: { id: (first.json.refund as { id: number }).id },
    });
    expect(await balanceOf(c.token)).toBe("2000.00");
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });
});

describe("history and ledger", () => {
  it("pages the wallet history on the server, DRF-style", async () => {
    const c = await customerWithWallet();
    await fund(c.token, "3000");
    for (let i = 0; i < 4; i += 1) await pay(c.token, payBody(c.walletId, [itemFor(openPrice, 1, "100.00")]));
    const first = await call(h.t, "GET", "/api/wallet/transactions/?page=1&page_size=2", undefined, c.token);
    expect(first.json).toMatchObject({ count: 5, previous: null, next: "/api/wallet/transactions/?page=2&page_size=2" });
    const last = await call(h.t, "GET", "/api/wallet/transactions/?page=3&page_size=2", undefined, c.token);
    expect(last.json).toMatchObject({ next: null, previous: "/api/wallet/transactions/?page=2&page_size=2" });
    expect((last.json.results as Array<{ transaction_type: string }>).map((t) => t.transaction_type)).toEqual(["credit"]);
    expect((await call(h.t, "GET", "/api/wallet/transactions/?page=0", undefined, c.token)).status).toBe(400);
    const profile = await call(h.t, "GET", "/auth/profile/", undefined, c.token);
    expect(profile.json.last_transactions as unknown[]).toHaveLength(5);
  });

  it("finds a stored balance that disagrees with its postings", async () => {
    const c = await customerWithWallet();
    await fund(c.token, "10");
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
    await h.t.db.query("UPDATE wallets SET balance_kobo = balance_kobo + 1 WHERE user_id = $1", [c.id]);
    const report = await checkLedger(h.t.db);
    expect(report.walletDifferences).toEqual([{ userId: c.id, stored: 1001, derived: 1000 }]);
    await h.t.db.query("UPDATE wallets SET balance_kobo = balance_kobo - 1 WHERE user_id = $1", [c.id]);
  });

  it("refuses to let a wallet go negative even if the debit check were bypassed", async () => {
    const c = await customerWithWallet();
    await expect(h.t.db.query("UPDATE wallets SET balance_kobo = -1 WHERE user_id = $1", [c.id])).rejects.toThrow();
  });
});
