import type { ServiceRecord } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildUser, call } from "../../test/test-app";
import { createPaymentsHarness, guestCheckout, itemFor, type PaymentsHarness } from "../../test/payments-harness";

/**
 * One cart, one pending payment: Pay now pressed again (or twice at once) for the same payer and cart
 * continues the pending payment; closing the gateway's widget asks the gateway, which alone decides
 * whether the payment is closed as cancelled.
 */
let h: PaymentsHarness;
let fixedA: ServiceRecord;
let fixedB: ServiceRecord;
let payerNumber = 0;

beforeAll(async () => {
  h = await createPaymentsHarness();
  const fixed = (await h.catalogue()).filter((s) => s.fixed_price !== "no" && Number(s.price) > 0);
  fixedA = fixed[0]!;
  fixedB = fixed[1]!;
  expect(fixedA && fixedB).toBeTruthy();
});
afterAll(async () => {
  await h?.close();
});

/** A payer of their own per test, so no test continues another's payment. */
function newPayer() {
  payerNumber += 1;
  return {
    name: "Amaka Obi",
    email: `amaka.pending${payerNumber}@example.ng`,
    phone: `0803555${String(payerNumber).padStart(4, "0")}`,
    hospital_number: "FTH/2026/00911",
    transaction_description: "Clinic visit",
  };
}

type Started = { reference: string; rrr: string | null; status: string; resumed?: boolean; gateway: Record<string, unknown> };

async function press(
  payer: Record<string, string>,
  items = [itemFor(fixedA, 2), itemFor(fixedB, 1)],
  method = "remita",
  token?: string,
) {
  const res = await call(h.t, "POST", "/express/checkout/", guestCheckout(items, method, payer), token);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as unknown as Started;
}

async function invoicesOf(email: string) {
  const { rows } = await h.t.db.query<{ reference: string; status: string; failure_reason: string | null }>(
    "SELECT reference, status, failure_reason FROM invoices WHERE customer_email = $1 ORDER BY id",
    [email],
  );
  return rows;
}

const cancel = (reference: string) => call(h.t, "POST", `/api/express/payments/${reference}/cancel/`);

describe("Pay now pressed again for the same cart and payer", () => {
  it("continues the pending payment: same reference and RRR, one invoice, in whatever order the cart lists its lines", async () => {
    const payer = newPayer();
    const first = await press(payer);
    expect(first.resumed).toBeUndefined();
    const again = await press(payer, [itemFor(fixedB, 1), itemFor(fixedA, 2)]);
    expect(again).toMatchObject({ reference: first.reference, rrr: first.rrr, status: "pending", resumed: true });
    expect(again.gateway).toEqual(first.gateway);
    expect(await invoicesOf(payer.email)).toHaveLength(1);
  });

  it("yields one payment, started once with the gateway, for concurrent presses", async () => {
    const payer = newPayer();
    const starts = vi.spyOn(h.t.gateways.remita, "start");
    const body = JSON.stringify(guestCheckout([itemFor(fixedA, 3)], "remita", payer));
    const answers = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const response = await fetch(`${h.apiUrl}/express/checkout/`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        });
        expect(response.status).toBe(201);
        return (await response.json()) as Started;
      }),
    );
    expect(starts).toHaveBeenCalledTimes(1);
    starts.mockRestore();
    expect(new Set(answers.map((answer) => answer.reference)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.rrr)).size).toBe(1);
    expect(answers[0]!.rrr).toMatch(/^\d{12}$/);
    expect(await invoicesOf(payer.email)).toHaveLength(1);
  });

  it("continues a Monnify payment with the same account, and a signed-in customer's own payment only for them", async () => {
    const payer = newPayer();
    const first = await press(payer, undefined, "monnify");
    const again = await press(payer, undefined, "monnify");
    expect(again.reference).toBe(first.reference);
    expect(again.gateway).toEqual(first.gateway);

    const customer = await buildUser(h.t);
    const own = { ...newPayer(), email: customer.email };
    const mine = await press(own, undefined, "remita", customer.token);
    expect((await press(own, undefined, "remita", customer.token)).reference).toBe(mine.reference);
    // The same details without the session are somebody else's press: a payment of its own.
    expect((await press(own)).reference).not.toBe(mine.reference);
  });

  it("makes a new payment for a changed cart, payer detail or method, and leaves the earlier one pending", async () => {
    const payer = newPayer();
    const first = await press(payer);
    const changes = [
      await press(payer, [itemFor(fixedA, 1), itemFor(fixedB, 1)]),
      await press(payer, [itemFor(fixedA, 2)]),
      await press({ ...payer, hospital_number: "FTH/2026/00912" }),
      await press({ ...payer, phone: "08039990000" }),
      await press(payer, undefined, "monnify"),
    ];
    const references = new Set([first.reference, ...changes.map((started) => started.reference)]);
    expect(references.size).toBe(6);
    expect((await invoicesOf(payer.email)).every((row) => row.status === "pending")).toBe(true);
  });

  it("never continues a payment that is closed, paid short, or about to expire", async () => {
    const payer = newPayer();
    const declined = await press(payer);
    await h.control("/sandbox/remita/_control/pay", { rrr: declined.rrr, outcome: "decline", notify: false });
    await call(h.t, "GET", `/api/express/callback/top-up/remita/?rrr=${declined.rrr}`);
    const second = await press(payer);
    expect(second.reference).not.toBe(declined.reference);

    await h.t.db.query("UPDATE invoices SET expires_at = now() + interval '2 minutes' WHERE reference = $1", [second.reference]);
    const third = await press(payer);
    expect(third.reference).not.toBe(second.reference);

    await h.control("/sandbox/remita/_control/pay", { rrr: third.rrr, outcome: "approve", amount: "1.00", notify: false });
    await call(h.t, "GET", `/api/express/callback/top-up/remita/?rrr=${third.rrr}`);
    const { rows } = await h.t.db.query(
      "SELECT 1 FROM payment_reviews r JOIN invoices i ON i.id = r.invoice_id WHERE i.reference = $1",
      [third.reference],
    );
    expect(rows).toHaveLength(1);
    expect((await press(payer)).reference).not.toBe(third.reference);
  });
});

describe("closing the gateway's widget", () => {
  it("keeps a payment Remita still offers pending (Pay now continues it), and closes one Remita says was aborted as cancelled", async () => {
    const payer = newPayer();
    const started = await press(payer);
    const stillOpen = await cancel(started.reference);
    expect(stillOpen.status).toBe(200);
    expect(stillOpen.json).toMatchObject({ reference: started.reference, status: "pending", closed_reason: null });
    expect((await press(payer)).reference).toBe(started.reference);

    await h.control("/sandbox/remita/_control/pay", { rrr: started.rrr, outcome: "abort", notify: false });
    const closed = await cancel(started.reference);
    expect(closed.json).toMatchObject({ status: "failed", transaction_status: "FAILED", closed_reason: "cancelled" });
    expect(await invoicesOf(payer.email)).toEqual([
      { reference: started.reference, status: "failed", failure_reason: "cancelled" },
    ]);

    const lookup = await call(h.t, "GET", `/api/express/fetch-transactions/?email=${payer.email}&digit=${payer.phone.slice(-6)}`);
    expect(lookup.json.results).toMatchObject([
      { reference: started.reference, status: "PaymentStatus.FAILED", closed_reason: "cancelled" },
    ]);
    // A cancelled payment is not continued: the next press is a new one.
    expect((await press(payer)).reference).not.toBe(started.reference);
  });

  it("settles, never cancels, a payment the gateway says is paid, also one paid after it was cancelled", async () => {
    const payer = newPayer();
    const paid = await press(payer);
    await h.control("/sandbox/remita/_control/pay", { rrr: paid.rrr, outcome: "approve", notify: false });
    expect((await cancel(paid.reference)).json).toMatchObject({ status: "completed", closed_reason: null });

    const late = await press(payer);
    await h.control("/sandbox/remita/_control/pay", { rrr: late.rrr, outcome: "abort", notify: false });
    expect((await cancel(late.reference)).json).toMatchObject({ status: "failed", closed_reason: "cancelled" });
    await h.control("/sandbox/remita/_control/pay", { rrr: late.rrr, outcome: "approve", notify: false });
    const callback = await call(h.t, "GET", `/api/express/callback/top-up/remita/?rrr=${late.rrr}`);
    expect(callback.json.transaction_status).toBe("SUCCESS");
    expect((await cancel(late.reference)).json).toMatchObject({ status: "completed" });
  });

  it("closes a declined payment as failed, not cancelled", async () => {
    const started = await press(newPayer());
    await h.control("/sandbox/remita/_control/pay", { rrr: started.rrr, outcome: "decline", notify: false });
    expect((await cancel(started.reference)).json).toMatchObject({ status: "failed", closed_reason: null });
  });

  it("closes an abandoned Paystack payment as cancelled on the payer's close, while the worker keeps asking about it", async () => {
    const customer = await buildUser(h.t);
    const payer = { ...newPayer(), email: customer.email };
    const abandoned = await press(payer, undefined, "paystack", customer.token);
    const reference = (abandoned.gateway as { reference: string }).reference;
    await h.control("/sandbox/paystack/_control/charge", { reference, outcome: "abandoned", notify: false });
    await h.t.db.query(
      "UPDATE gateway_payments SET next_check_at = now() WHERE invoice_id = (SELECT id FROM invoices WHERE reference = $1)",
      [abandoned.reference],
    );
    await h.t.paymentsWorker.runOnce();
    expect((await invoicesOf(customer.email))[0]).toMatchObject({ status: "pending" });
    const closed = await call(h.t, "POST", `/api/express/payments/${abandoned.reference}/cancel/`, undefined, customer.token);
    expect(closed.json).toMatchObject({ status: "failed", closed_reason: "cancelled" });
  });

  it("answers 404 for an unknown reference and changes nothing for a payment without a gateway", async () => {
    expect((await cancel("HSP-UNKNOWN")).status).toBe(404);
    const customer = await buildUser(h.t);
    const transfer = await press({ ...newPayer(), email: customer.email }, undefined, "bank_transfer", customer.token);
    expect((await cancel(transfer.reference)).json).toMatchObject({ status: "pending" });
  });
});

describe("a customer's history", () => {
  it("says a top-up closed for running out of time expired", async () => {
    const customer = await buildUser(h.t);
    const res = await call(h.t, "POST", "/express/top-up/", { amount: "5000", payment_method: "remita" }, customer.token);
    expect(res.status).toBe(201);
    await h.t.db.query("UPDATE invoices SET expires_at = now() - interval '1 minute' WHERE reference = $1", [res.json.reference]);
    await h.t.db.query(
      "UPDATE gateway_payments SET next_check_at = now() WHERE invoice_id = (SELECT id FROM invoices WHERE reference = $1)",
      [res.json.reference],
    );
    await h.t.paymentsWorker.runOnce();
    const history = await call(h.t, "GET", "/api/wallet/transactions/", undefined, customer.token);
    expect(history.json.results).toMatchObject([{ reference: res.json.reference, status: "failed", closed_reason: "expired" }]);
  });
});
