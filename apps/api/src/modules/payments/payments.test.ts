import { readFileSync } from "node:fs";
import path from "node:path";
import type { ServiceRecord } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LEGACY_MIGRATIONS_DIR } from "../../test/legacy-migrations";
import { buildUser, call } from "../../test/test-app";
import { InvoicesRepository } from "./invoices.repository";
import { recheckSeconds } from "./settlement.service";
import { createPaymentsHarness, guestCheckout, itemFor, type PaymentsHarness } from "../../test/payments-harness";

let h: PaymentsHarness;
let fixedA: ServiceRecord;
let fixedB: ServiceRecord;
let openZero: ServiceRecord;

beforeAll(async () => {
  h = await createPaymentsHarness();
  const all = await h.catalogue();
  const fixed = all.filter((s) => s.fixed_price !== "no" && Number(s.price) > 0);
  fixedA = fixed[0]!;
  fixedB = fixed.find((s) => s.department?.name !== fixedA.department?.name)!;
  openZero = all.find((s) => s.fixed_price === "no" && Number(s.price) === 0)!;
  expect(fixedA && fixedB && openZero).toBeTruthy();
});
afterAll(async () => {
  await h?.close();
});

const toKobo = (naira: string | number) => Math.round(Number(naira) * 100);

async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 8_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function invoiceRow(reference: string) {
  const { rows } = await h.t.db.query<{
    id: number;
    status: string;
    total_kobo: number;
    subtotal_kobo: number;
    failure_reason: string | null;
  }>("SELECT id, status, total_kobo, subtotal_kobo, failure_reason FROM invoices WHERE reference = $1", [reference]);
  return rows[0]!;
}

async function entriesFor(reference: string) {
  const { rows } = await h.t.db.query<{ code: string; amount_kobo: number }>(
    `SELECT a.code, p.amount_kobo FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
     JOIN journal_entries e ON e.id = p.entry_id JOIN invoices i ON i.id = e.invoice_id WHERE i.reference = $1 ORDER BY a.code`,
    [reference],
  );
  return rows;
}

/** What the Remita simulator recorded about an RRR (its control view). */
async function remitaTransaction(rrr: string) {
  const response = await fetch(`${h.apiUrl}/sandbox/remita/_control/transactions/${rrr}`);
  expect(response.status).toBe(200);
  return (await response.json()) as { amountSent: string; status: string };
}

async function startRemita(email = "funke.adebayo@example.ng") {
  const res = await call(
    h.t,
    "POST",
    "/express/checkout/",
    guestCheckout([itemFor(fixedA, 2), itemFor(openZero, 1, "2500.50")], "remita", { email }),
  );
  expect(res.status).toBe(201);
  return res.json as { reference: string; rrr: string; amount: string; gateway: Record<string, unknown> };
}

describe("checkout pricing", () => {
  it("lists the five payment methods", async () => {
    const res = await call(h.t, "GET", "/express/methods/");
    expect((res.json.payment_methods as Array<{ key: string }>).map((m) => m.key).sort()).toEqual([
      "bank_transfer",
      "monnify",
      "paystack",
      "remita",
      "wallet",
    ]);
  });

  it("recomputes the total from the catalogue plus the 100 NGN fee, in kobo", async () => {
    const started = await startRemita();
    const expected = toKobo(String(fixedA.price)) * 2 + 250_050 + 10_000;
    expect(toKobo(started.amount)).toBe(expected);
    const row = await invoiceRow(started.reference);
    expect(row).toMatchObject({ status: "pending", total_kobo: expected, subtotal_kobo: expected - 10_000 });
    expect(started.rrr).toMatch(/^\d{12}$/);
    expect(started.gateway).toMatchObject({
      key: "remita",
      rrr: started.rrr,
      transaction_id: started.reference,
      public_key: "pk_sandbox_remita_hospipay",
    });
  });

  it("rejects a client price for a fixed-price service, and stores nothing", async () => {
    const before = await h.t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM invoices");
    const cheap = (Number(fixedA.price) - 1).toFixed(2);
    const res = await call(h.t, "POST", "/express/checkout/", guestCheckout([itemFor(fixedA, 1, cheap)]));
    expect(res.status).toBe(400);
    expect(String((res.json["items.0.service.price"] as string[])[0])).toMatch(
      /^The price of .+ is ₦[\d,]+\.\d{2}\. Refresh your cart and try again\.$/,
    );
    const after = await h.t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM invoices");
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it("needs a price above 0 on an open-price line, an amount equal to the price, and the exact fee", async () => {
    const zero = await call(h.t, "POST", "/express/checkout/", guestCheckout([itemFor(openZero, 1, "0")]));
    expect(zero.status).toBe(400);
    expect(zero.json["items.0.service.price"]).toEqual([`Enter a price above 0 for ${openZero.name}.`]);
    const item = itemFor(fixedA);
    const wrongAmount = await call(h.t, "POST", "/express/checkout/", guestCheckout([{ ...item, amount: "1.00" }]));
    expect(wrongAmount.status).toBe(400);
    expect(wrongAmount.json["items.0.amount"]).toBeDefined();
    const fee = await call(h.t, "POST", "/express/checkout/", { ...guestCheckout([itemFor(fixedA)]), charge_fee: "50.00" });
    expect(fee.status).toBe(400);
    expect(fee.json.charge_fee).toEqual(["The charge fee is 100.00."]);
    const unknown = await call(
      h.t,
      "POST",
      "/express/checkout/",
      guestCheckout([{ ...itemFor(fixedA), service: { ...itemFor(fixedA).service, id: 987654321 } }]),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.json["items.0.service.id"]).toBeDefined();
  });

  it("keeps guests to Remita and Monnify; signed-in customers may use Paystack and bank transfer", async () => {
    for (const method of ["paystack", "bank_transfer"]) {
      const res = await call(h.t, "POST", "/express/checkout/", guestCheckout([itemFor(fixedA)], method));
      expect(res.status).toBe(400);
      expect(res.json.payment_method).toBeDefined();
    }
    // A wallet body needs a wallet and a signed-in customer: a guest body naming the wallet is refused as malformed.
    const wallet = await call(h.t, "POST", "/express/checkout/", guestCheckout([itemFor(fixedA)], "wallet"));
    expect(wallet.status).toBe(400);
    expect(wallet.json.wallet_id).toEqual(["This field is required."]);
    const customer = await buildUser(h.t);
    const bank = await call(h.t, "POST", "/express/checkout/", guestCheckout([itemFor(fixedA)], "bank_transfer"), customer.token);
    expect(bank.status).toBe(201);
    expect((bank.json.gateway as { bank_account: { account_number: string } }).bank_account.account_number).toMatch(/^\d{10}$/);
  });
});

describe("Remita", () => {
  it("settles only after the server asked Remita, once, with a balanced ledger entry and an e-mailed receipt", async () => {
    const started = await startRemita("receipt.check@example.ng");
    const early = await call(
      h.t,
      "GET",
      `/api/express/callback/top-up/remita/?transaction_id=${started.reference}&rrr=${started.rrr}&amount=${started.amount}`,
    );
    expect(early.json.transaction_status).toBe("PENDING");
    expect(await entriesFor(started.reference)).toEqual([]);

    await h.control("/sandbox/remita/_control/pay", { rrr: started.rrr, outcome: "approve", notify: false });
    const done = await call(
      h.t,
      "GET",
      `/api/express/callback/top-up/remita/?transaction_id=${started.reference}&rrr=${started.rrr}&amount=${started.amount}`,
    );
    expect(done.json).toMatchObject({
      transaction_status: "SUCCESS",
      status: "01",
      message: "Approved",
      reference: started.reference,
    });
    const row = await invoiceRow(started.reference);
    expect(row.status).toBe("completed");
    expect(await entriesFor(started.reference)).toEqual([
      { code: "clearing:remita", amount_kobo: row.total_kobo },
      { code: "income:fees", amount_kobo: -10_000 },
      { code: "revenue:hospital", amount_kobo: -row.subtotal_kobo },
    ]);
    const mail = (await h.t.mailbox()).find((m) => m.to === "receipt.check@example.ng");
    expect(mail?.subject).toBe(`Hospipay receipt ${started.reference}`);
    expect(mail?.text).toContain(`${fixedA.name} × 2`);
    expect(mail?.text).toContain(`${openZero.name} × 1 @ ₦2,500.50`);
    expect(mail?.text).toContain("Charge fee: ₦100.00");
  });

  it("ignores a tampered callback amount: the stored amount is what counts", async () => {
    const started = await startRemita();
    await h.control("/sandbox/remita/_control/pay", { rrr: started.rrr, outcome: "approve", notify: false });
    const res = await call(
      h.t,
      "GET",
      `/api/express/callback/top-up/remita/?transaction_id=${started.reference}&rrr=${started.rrr}&amount=99999999.00`,
    );
    expect(res.json.transaction_status).toBe("SUCCESS");
    const row = await invoiceRow(started.reference);
    const clearing = (await entriesFor(started.reference)).find((e) => e.code === "clearing:remita");
    expect(clearing?.amount_kobo).toBe(row.total_kobo);
  });

  it("does not settle a payment Remita reports as short; settles an overpayment and owes the excess back", async () => {
    const short = await startRemita();
    const shortPaid = ((toKobo(short.amount) - 100) / 100).toFixed(2);
    await h.control("/sandbox/remita/_control/pay", { rrr: short.rrr, outcome: "approve", amount: shortPaid, notify: false });
    const res = await call(h.t, "GET", `/api/express/callback/top-up/remita/?rrr=${short.rrr}`);
    expect(res.json.transaction_status).toBe("PENDING");
    // What arrived is on the books in suspense for staff review, never as revenue.
    expect(await entriesFor(short.reference)).toEqual([
      { code: "clearing:remita", amount_kobo: toKobo(shortPaid) },
      { code: "suspense:underpayments", amount_kobo: -toKobo(shortPaid) },
    ]);

    const over = await startRemita();
    const overPaid = ((toKobo(over.amount) + 5_000) / 100).toFixed(2);
    await h.control("/sandbox/remita/_control/pay", { rrr: over.rrr, outcome: "approve", amount: overPaid, notify: false });
    expect((await call(h.t, "GET", `/api/express/callback/top-up/remita/?rrr=${over.rrr}`)).json.transaction_status).toBe(
      "SUCCESS",
    );
    const entries = await entriesFor(over.reference);
    expect(entries.find((e) => e.code === "liability:overpayments")?.amount_kobo).toBe(-5_000);
    expect(entries.reduce((sum, e) => sum + e.amount_kobo, 0)).toBe(0);
  });

  it("settles once under 50 concurrent duplicate callbacks and notifications", async () => {
    const started = await startRemita("many.callbacks@example.ng");
    await h.control("/sandbox/remita/_control/pay", { rrr: started.rrr, outcome: "approve", notify: false });
    const callbacks = Array.from({ length: 25 }, () =>
      fetch(
        `${h.apiUrl}/api/express/callback/top-up/remita/?transaction_id=${started.reference}&rrr=${started.rrr}&amount=${started.amount}`,
      ).then((r) => r.json()),
    );
    const notifications = h.control("/sandbox/remita/_control/notify", { rrr: started.rrr, times: 25, concurrent: true });
    const [answers] = await Promise.all([Promise.all(callbacks), notifications]);
    expect(answers.every((a: { transaction_status: string }) => a.transaction_status === "SUCCESS")).toBe(true);
    const { rows } = await h.t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM journal_entries e JOIN invoices i ON i.id = e.invoice_id WHERE i.reference = $1",
      [started.reference],
    );
    expect(rows[0]!.n).toBe(1);
    expect((await h.t.mailbox()).filter((m) => m.to === "many.callbacks@example.ng")).toHaveLength(1);
  });

  it("marks a declined payment failed", async () => {
    const started = await startRemita();
    await h.control("/sandbox/remita/_control/pay", { rrr: started.rrr, outcome: "decline", notify: false });
    expect((await call(h.t, "GET", `/api/express/callback/top-up/remita/?rrr=${started.rrr}`)).json).toMatchObject({
      transaction_status: "FAILED",
      status: "02",
    });
    expect((await invoiceRow(started.reference)).status).toBe("failed");
  });

  it("settles through Remita's unsigned notification only after re-querying", async () => {
    const started = await startRemita();
    // A notification for an unpaid RRR changes nothing: the server asks Remita, which says unpaid.
    await h.control("/sandbox/remita/_control/notify", { rrr: started.rrr });
    expect((await invoiceRow(started.reference)).status).toBe("pending");
    await h.control("/sandbox/remita/_control/pay", { rrr: started.rrr, outcome: "approve" });
    await waitFor(async () => (await invoiceRow(started.reference)).status === "completed");
  });

  it("sends a whole-naira amount as Remita's samples do, the same text in body and hash; an amount with kobo keeps two places", async () => {
    const whole = await call(h.t, "POST", "/express/checkout/", guestCheckout([itemFor(fixedA, 1)], "remita"));
    expect(whole.status).toBe(201);
    const wholeTotal = String(whole.json.amount);
    expect(wholeTotal).toMatch(/\.00$/);
    // The simulator generated the RRR only because the hash covered the amount text it received.
    expect((await remitaTransaction(String(whole.json.rrr))).amountSent).toBe(wholeTotal.slice(0, -3));
    const withKobo = await startRemita();
    expect(withKobo.amount).toMatch(/\.50$/);
    expect((await remitaTransaction(withKobo.rrr)).amountSent).toBe(withKobo.amount);

    await h.control("/sandbox/remita/_control/pay", { rrr: whole.json.rrr, outcome: "approve", notify: false });
    const done = await call(
      h.t,
      "GET",
      `/api/express/callback/top-up/remita/?transaction_id=${String(whole.json.reference)}&rrr=${String(whole.json.rrr)}`,
    );
    expect(done.json.transaction_status).toBe("SUCCESS");
    const row = await invoiceRow(String(whole.json.reference));
    expect(row.total_kobo).toBe(toKobo(wholeTotal));
  });

  it.each(["text", "form"] as const)(
    "takes Remita's notification posted as %s (no JSON content type), and settles only after re-querying",
    async (format) => {
      const started = await startRemita();
      const unpaid = await h.control("/sandbox/remita/_control/notify", { rrr: started.rrr, format });
      expect(unpaid.deliveries).toEqual([{ status: 200, body: "OK" }]);
      expect((await invoiceRow(started.reference)).status).toBe("pending");
      await h.control("/sandbox/remita/_control/pay", { rrr: started.rrr, outcome: "approve", notify: false });
      const paid = await h.control("/sandbox/remita/_control/notify", { rrr: started.rrr, format });
      expect(paid.deliveries).toEqual([{ status: 200, body: "OK" }]);
      await waitFor(async () => (await invoiceRow(started.reference)).status === "completed");
    },
  );

  it("settles a payment whose browser never came back, through the worker's re-query", async () => {
    const started = await startRemita();
    await h.control("/sandbox/remita/_control/pay", { rrr: started.rrr, outcome: "approve", notify: false });
    expect((await invoiceRow(started.reference)).status).toBe("pending");
    await h.t.db.query("UPDATE gateway_payments SET next_check_at = now() WHERE gateway_reference = $1", [started.rrr]);
    expect(await h.t.paymentsWorker.runOnce()).toBeGreaterThanOrEqual(1);
    expect((await invoiceRow(started.reference)).status).toBe("completed");
  });

  it("asks about a payment still pending less and less often, and never later than its expiry", async () => {
    const started = await startRemita();
    const row = await invoiceRow(started.reference);
    const nextCheckIn = async () =>
      (
        await h.t.db.query<{ seconds: number; checks: number }>(
          // From the check that set it (the same statement's now()), so that a busy machine's delays do not count.
          `SELECT round(extract(epoch FROM next_check_at - last_checked_at))::int AS seconds, checks FROM gateway_payments WHERE invoice_id = $1`,
          [row.id],
        )
      ).rows[0]!;
    const waits: number[] = [];
    for (let check = 0; check < 4; check++) {
      await h.t.db.query("UPDATE gateway_payments SET next_check_at = now() WHERE invoice_id = $1", [row.id]);
      expect(await h.t.paymentsWorker.runOnce()).toBe(1);
      const next = await nextCheckIn();
      expect(next.checks).toBe(check + 1);
      waits.push(next.seconds);
    }
    expect(waits).toEqual([30, 60, 120, 120]);
    // 90 s before its expiry, the next check (due in 2 minutes) is at the expiry, not after it.
    await h.t.db.query("UPDATE invoices SET expires_at = now() + interval '90 seconds' WHERE id = $1", [row.id]);
    await h.t.db.query("UPDATE gateway_payments SET next_check_at = now() WHERE invoice_id = $1", [row.id]);
    await h.t.paymentsWorker.runOnce();
    // Read against the expiry itself, not the clock, which a busy machine moves on between the statements.
    const { rows } = await h.t.db.query<{ after_expiry: number }>(
      `SELECT extract(epoch FROM g.next_check_at - i.expires_at)::float8 AS after_expiry
       FROM gateway_payments g JOIN invoices i ON i.id = g.invoice_id WHERE g.invoice_id = $1`,
      [row.id],
    );
    // At the expiry (the wait is counted in whole seconds from the moment the worker reckons it), not 30 s after
    // it as the 2-minute wait would be, nor 30 or 60 s before it as the shorter waits would be.
    expect(rows[0]!.after_expiry).toBeLessThanOrEqual(1);
    expect(rows[0]!.after_expiry).toBeGreaterThan(-10);
    expect((await invoiceRow(started.reference)).status).toBe("pending");
  });

  it("stops a pass over a backlog after the payment it is asking about when the process shuts down", async () => {
    const backlog: Array<{ rrr: string }> = [];
    for (let n = 0; n < 3; n++) backlog.push(await startRemita(`backlog${n}@example.ng`));
    const due = () =>
      h.t.db.query("UPDATE gateway_payments SET next_check_at = now() WHERE gateway_reference = ANY($1)", [
        backlog.map((p) => p.rrr),
      ]);
    await due();
    const pass = h.t.paymentsWorker.runOnce();
    await h.t.paymentsWorker.stop();
    expect(await pass).toBe(0);
    // After the stop, a pass is whole again.
    await due();
    expect(await h.t.paymentsWorker.runOnce()).toBeGreaterThanOrEqual(3);
  });

  it("schedules re-queries from the first wait, doubled after each check, at most 2 minutes, never past expiry", () => {
    const now = Date.parse("2026-11-22T10:00:00Z");
    expect([0, 1, 2, 3, 4, 60].map((checks) => recheckSeconds(30, checks, null, now))).toEqual([30, 60, 120, 120, 120, 120]);
    expect(recheckSeconds(15, 2, null, now)).toBe(60);
    expect(recheckSeconds(30, 4, new Date(now + 100_500), now)).toBe(101);
    expect(recheckSeconds(30, 4, new Date(now + 200), now)).toBe(1);
    // Once expired (the payment is closed then), the schedule alone counts.
    expect(recheckSeconds(30, 1, new Date(now - 1_000), now)).toBe(60);
  });

  it("expires an unpaid payment, and still counts it if paid late", async () => {
    const started = await startRemita();
    const row = await invoiceRow(started.reference);
    await h.t.db.query("UPDATE invoices SET expires_at = now() - interval '1 minute' WHERE id = $1", [row.id]);
    await h.t.db.query("UPDATE gateway_payments SET next_check_at = now() WHERE invoice_id = $1", [row.id]);
    await h.t.paymentsWorker.runOnce();
    expect(await invoiceRow(started.reference)).toMatchObject({ status: "failed", failure_reason: "expired" });
    await h.control("/sandbox/remita/_control/pay", { rrr: started.rrr, outcome: "approve", notify: false });
    expect((await call(h.t, "GET", `/api/express/callback/top-up/remita/?rrr=${started.rrr}`)).json.transaction_status).toBe(
      "SUCCESS",
    );
  });

  it("closes a batch's expired payments in one transaction, and still settles at once one paid in the meantime", async () => {
    const started: Array<{ reference: string; rrr: string }> = [];
    for (let n = 0; n < 4; n++) started.push(await startRemita(`expiring${n}@example.ng`));
    const [paidLate, ...abandoned] = started;
    await h.control("/sandbox/remita/_control/pay", { rrr: paidLate!.rrr, outcome: "approve", notify: false });
    const rrrs = started.map((p) => p.rrr);
    await h.t.db.query(
      `UPDATE invoices SET expires_at = now() - interval '1 minute'
       WHERE id IN (SELECT invoice_id FROM gateway_payments WHERE gateway_reference = ANY($1))`,
      [rrrs],
    );
    await h.t.db.query("UPDATE gateway_payments SET next_check_at = now() WHERE gateway_reference = ANY($1)", [rrrs]);
    expect(await h.t.paymentsWorker.runOnce()).toBeGreaterThanOrEqual(4);

    const rows = await h.t.db.query<{
      reference: string;
      status: string;
      failure_reason: string | null;
      tx: string;
      gateway_status: string;
    }>(
      `SELECT i.reference, i.status, i.failure_reason, i.xmin::text AS tx, g.gateway_status
       FROM invoices i JOIN gateway_payments g ON g.invoice_id = i.id WHERE g.gateway_reference = ANY($1)`,
      [rrrs],
    );
    const byReference = new Map(rows.rows.map((row) => [row.reference, row]));
    expect(byReference.get(paidLate!.reference)).toMatchObject({ status: "completed", failure_reason: null });
    expect(await entriesFor(paidLate!.reference)).not.toEqual([]);
    const closed = abandoned.map((p) => byReference.get(p.reference)!);
    for (const row of closed)
      expect(row).toMatchObject({ status: "failed", failure_reason: "expired", gateway_status: "expired" });
    // One transaction wrote the three closures (the staff pages of their day were changed once, not three times).
    expect(new Set(closed.map((row) => row.tx)).size).toBe(1);
    expect(closed[0]!.tx).not.toBe(byReference.get(paidLate!.reference)!.tx);
    // Closed as expired, each still counts if paid late.
    await h.control("/sandbox/remita/_control/pay", { rrr: abandoned[0]!.rrr, outcome: "approve", notify: false });
    expect(
      (await call(h.t, "GET", `/api/express/callback/top-up/remita/?rrr=${abandoned[0]!.rrr}`)).json.transaction_status,
    ).toBe("SUCCESS");
  });

  it("closes a payment whose start never recorded the gateway's answer (the process died), once it has expired", async () => {
    const started = await startRemita();
    const row = await invoiceRow(started.reference);
    // As if the process died between writing the invoice and recording Remita's RRR.
    await h.t.db.query("UPDATE gateway_payments SET gateway_reference = NULL, next_check_at = now() WHERE invoice_id = $1", [
      row.id,
    ]);
    await h.t.paymentsWorker.runOnce();
    expect((await invoiceRow(started.reference)).status).toBe("pending");
    await h.t.db.query("UPDATE invoices SET expires_at = now() - interval '1 minute' WHERE id = $1", [row.id]);
    await h.t.paymentsWorker.runOnce();
    expect(await invoiceRow(started.reference)).toMatchObject({ status: "failed", failure_reason: "gateway_unavailable" });
    expect(await entriesFor(started.reference)).toEqual([]);
  });

  it("answers 502 and stores a failed invoice when Remita is down", async () => {
    await h.control("/sandbox/remita/_control/mode", { mode: "error" });
    try {
      const res = await call(h.t, "POST", "/express/checkout/", guestCheckout([itemFor(fixedA)]));
      expect(res.status).toBe(502);
      expect(res.json.detail).toBe(
        "The payment gateway could not start this payment. Please try again or choose another payment method.",
      );
    } finally {
      await h.control("/sandbox/remita/_control/mode", { mode: "ok" });
    }
  });
});

describe("Monnify", () => {
  async function startMonnify() {
    const res = await call(h.t, "POST", "/express/checkout/", guestCheckout([itemFor(fixedB)], "monnify"));
    expect(res.status).toBe(201);
    return res.json as {
      reference: string;
      amount: string;
      gateway: { bank_account: { account_number: string; amount: string; bank_name: string; expires_on: string } };
    };
  }

  it("gives a real generated account and completes when the signed webhook arrives", async () => {
    const started = await startMonnify();
    const account = started.gateway.bank_account;
    expect(account.account_number).toMatch(/^\d{10}$/);
    expect(account.amount).toBe(started.amount);
    await h.control("/sandbox/monnify/_control/transfer", { accountNumber: account.account_number, amount: started.amount });
    await waitFor(async () => (await invoiceRow(started.reference)).status === "completed");
    const view = await call(h.t, "GET", `/api/express/payments/${started.reference}/`);
    expect(view.json).toMatchObject({ status: "completed", transaction_status: "SUCCESS", payment_method: "monnify" });
  });

  it("changes nothing on a webhook with a bad or missing signature", async () => {
    const started = await startMonnify();
    await h.control("/sandbox/monnify/_control/transfer", {
      accountNumber: started.gateway.bank_account.account_number,
      amount: started.amount,
      notify: false,
    });
    const { rows } = await h.t.db.query<{ ref: string }>(
      "SELECT g.gateway_reference AS ref FROM gateway_payments g JOIN invoices i ON i.id = g.invoice_id WHERE i.reference = $1",
      [started.reference],
    );
    const bad = await h.control("/sandbox/monnify/_control/webhook", { transactionReference: rows[0]!.ref, badSignature: true });
    const none = await h.control("/sandbox/monnify/_control/webhook", {
      transactionReference: rows[0]!.ref,
      omitSignature: true,
    });
    expect(JSON.stringify(bad)).toContain("401");
    expect(JSON.stringify(none)).toContain("401");
    expect((await invoiceRow(started.reference)).status).toBe("pending");
    await h.control("/sandbox/monnify/_control/webhook", { transactionReference: rows[0]!.ref });
    await waitFor(async () => (await invoiceRow(started.reference)).status === "completed");
  });

  it("does not settle a partial transfer", async () => {
    const started = await startMonnify();
    const part = ((toKobo(started.amount) - 1_000) / 100).toFixed(2);
    await h.control("/sandbox/monnify/_control/transfer", {
      accountNumber: started.gateway.bank_account.account_number,
      amount: part,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await invoiceRow(started.reference)).status).toBe("pending");
    expect(await entriesFor(started.reference)).toEqual([]);
  });

  it("logs in again when its access token has expired", async () => {
    await h.control("/sandbox/monnify/_control/expire-tokens", {});
    await startMonnify();
  });
});

describe("Paystack (signed-in customers)", () => {
  it("verifies before settling, refuses bad signatures and a wrong currency", async () => {
    const customer = await buildUser(h.t);
    const res = await call(
      h.t,
      "POST",
      "/express/checkout/",
      guestCheckout([itemFor(fixedA)], "paystack", { email: customer.email }),
      customer.token,
    );
    expect(res.status).toBe(201);
    const gateway = res.json.gateway as { access_code: string; reference: string };
    expect(gateway.access_code).toBeTruthy();
    await h.control("/sandbox/paystack/_control/charge", {
      reference: gateway.reference,
      outcome: "success",
      currency: "USD",
      notify: false,
    });
    const bad = await h.control("/sandbox/paystack/_control/webhook", { reference: gateway.reference, badSignature: true });
    expect(JSON.stringify(bad)).toContain("401");
    await h.control("/sandbox/paystack/_control/webhook", { reference: gateway.reference });
    expect((await invoiceRow(String(res.json.reference))).status).toBe("pending");
    await h.control("/sandbox/paystack/_control/charge", { reference: gateway.reference, outcome: "success", notify: true });
    await waitFor(async () => (await invoiceRow(String(res.json.reference))).status === "completed");
    const { rows } = await h.t.db.query<{ user_id: number }>("SELECT user_id FROM invoices WHERE reference = $1", [
      res.json.reference,
    ]);
    expect(rows[0]!.user_id).toBe(customer.id);
  });
});

describe("Paystack's timestamped signature", () => {
  it("settles on a valid t=…,v1=… signature over the timestamp and raw body; refuses a wrong key or a stale timestamp", async () => {
    const customer = await buildUser(h.t);
    const res = await call(
      h.t,
      "POST",
      "/express/checkout/",
      guestCheckout([itemFor(fixedA)], "paystack", { email: customer.email }),
      customer.token,
    );
    expect(res.status).toBe(201);
    const reference = (res.json.gateway as { reference: string }).reference;
    await h.control("/sandbox/paystack/_control/charge", { reference, outcome: "success", notify: false });
    const webhook = (body: Record<string, unknown>) =>
      h.control("/sandbox/paystack/_control/webhook", { reference, scheme: "timestamped", ...body });

    const wrongKey = await webhook({ badSignature: true });
    expect(wrongKey.deliveries).toMatchObject([{ status: 401 }]);
    const stale = await webhook({ signedAt: Math.floor(Date.now() / 1000) - 3600 });
    expect(stale.deliveries).toMatchObject([{ status: 401 }]);
    const future = await webhook({ signedAt: Math.floor(Date.now() / 1000) + 3600 });
    expect(future.deliveries).toMatchObject([{ status: 401 }]);
    expect((await invoiceRow(String(res.json.reference))).status).toBe("pending");

    const good = await webhook({});
    expect(good.deliveries).toMatchObject([{ status: 200 }]);
    expect((await invoiceRow(String(res.json.reference))).status).toBe("completed");
  });
});

describe("re-queries after a payment is settled or closed", () => {
  /** Whether the worker will ask about each of these payments again (a next check is set). */
  async function nextCheckSet(rrrs: string[]): Promise<Record<string, boolean>> {
    const { rows } = await h.t.db.query<{ rrr: string; due: boolean }>(
      "SELECT gateway_reference AS rrr, next_check_at IS NOT NULL AS due FROM gateway_payments WHERE gateway_reference = ANY($1)",
      [rrrs],
    );
    return Object.fromEntries(rows.map((row) => [row.rrr, row.due]));
  }

  it("asks the gateway no more about a payment once it is settled or closed: the worker's due index holds pending payments only", async () => {
    const paid = await startRemita("asked.no.more.paid@example.ng");
    const declined = await startRemita("asked.no.more.declined@example.ng");
    const expired = await startRemita("asked.no.more.expired@example.ng");
    const waiting = await startRemita("asked.no.more.waiting@example.ng");
    const rrrs = [paid.rrr, declined.rrr, expired.rrr, waiting.rrr];
    await h.control("/sandbox/remita/_control/pay", { rrr: paid.rrr, outcome: "approve", notify: false });
    await h.control("/sandbox/remita/_control/pay", { rrr: declined.rrr, outcome: "decline", notify: false });
    await h.t.db.query(
      "UPDATE invoices SET expires_at = now() - interval '1 minute' WHERE id = (SELECT invoice_id FROM gateway_payments WHERE gateway_reference = $1)",
      [expired.rrr],
    );
    await h.t.db.query("UPDATE gateway_payments SET next_check_at = now() WHERE gateway_reference = ANY($1)", [rrrs]);
    expect(await h.t.paymentsWorker.runOnce()).toBeGreaterThanOrEqual(4);
    expect((await invoiceRow(paid.reference)).status).toBe("completed");
    expect((await invoiceRow(declined.reference)).status).toBe("failed");
    expect(await invoiceRow(expired.reference)).toMatchObject({ status: "failed", failure_reason: "expired" });
    expect((await invoiceRow(waiting.reference)).status).toBe("pending");
    expect(await nextCheckSet(rrrs)).toEqual({
      [paid.rrr]: false,
      [declined.rrr]: false,
      [expired.rrr]: false,
      [waiting.rrr]: true,
    });

    // Every payment this database holds, by every path of the tests before (callbacks, webhooks, a
    // gateway that was down at the start, Monnify, Paystack): none that is no longer pending is due.
    const { rows: left } = await h.t.db.query<{ n: number; settledOrClosed: number }>(
      `SELECT count(*) FILTER (WHERE g.next_check_at IS NOT NULL)::int AS n, count(*)::int AS "settledOrClosed"
       FROM gateway_payments g JOIN invoices i ON i.id = g.invoice_id WHERE i.status <> 'pending'`,
    );
    expect(left[0]!.settledOrClosed).toBeGreaterThan(10);
    expect(left[0]!.n).toBe(0);

    // Settled before 0015 of the chain squashed into the migrations, a payment kept a next check a day later,
    // and stayed in the due index for good: that migration clears it, and the index holds only payments with
    // a next check.
    await h.t.db.query("UPDATE gateway_payments SET next_check_at = now() - interval '1 day' WHERE gateway_reference = ANY($1)", [
      rrrs,
    ]);
    await h.t.db.exec(readFileSync(path.join(LEGACY_MIGRATIONS_DIR, "0015_gateway_payments_due.sql"), "utf8"));
    expect(await nextCheckSet(rrrs)).toEqual({
      [paid.rrr]: false,
      [declined.rrr]: false,
      [expired.rrr]: false,
      [waiting.rrr]: true,
    });
    const { rows: index } = await h.t.db.query<{ definition: string }>(
      "SELECT pg_get_indexdef('gateway_payments_due_idx'::regclass) AS definition",
    );
    expect(index[0]!.definition).toMatch(/\(next_check_at\) WHERE \(next_check_at IS NOT NULL\)$/);

    // The one still pending is asked about when due, and settles when paid.
    await h.control("/sandbox/remita/_control/pay", { rrr: waiting.rrr, outcome: "approve", notify: false });
    await h.t.db.query("UPDATE gateway_payments SET next_check_at = now() WHERE gateway_reference = $1", [waiting.rrr]);
    expect(await h.t.paymentsWorker.runOnce()).toBe(1);
    expect((await invoiceRow(waiting.reference)).status).toBe("completed");
    expect(await nextCheckSet([waiting.rrr])).toEqual({ [waiting.rrr]: false });
  });
});

describe("public look-up", () => {
  it("finds payments by e-mail and the last six phone digits, with SPEC's record fields", async () => {
    const email = "lookup.person@example.ng";
    const started = await startRemita(email);
    await h.control("/sandbox/remita/_control/pay", { rrr: started.rrr, outcome: "approve", notify: false });
    await call(h.t, "GET", `/api/express/callback/top-up/remita/?rrr=${started.rrr}`);
    const res = await call(
      h.t,
      "GET",
      `/api/express/fetch-transactions/?email=${encodeURIComponent(email.toUpperCase())}&digit=234567`,
    );
    expect(res.status).toBe(200);
    const [record] = res.json.results as Array<Record<string, unknown>>;
    expect(record).toMatchObject({
      reference: started.reference,
      status: "PaymentStatus.SUCCESS",
      payment_method: "remita",
      rrr: started.rrr,
      customer_name: "Funke Adebayo",
      customer_email: email,
      customer_phone: "08031234567",
      amount: started.amount,
    });
    expect(record!.items).toEqual([
      {
        service_name: fixedA.name,
        qty: 2,
        amount: Number(fixedA.price).toFixed(2),
        line_total: (Number(fixedA.price) * 2).toFixed(2),
      },
      { service_name: openZero.name, qty: 1, amount: "2500.50", line_total: "2500.50" },
    ]);
    const wrong = await call(h.t, "GET", `/api/express/fetch-transactions/?email=${encodeURIComponent(email)}&digit=000000`);
    expect(wrong.json.results).toEqual([]);
  });

  it("answers look-ups asked together with one statement, each with its own invoices, newest first, and their items", async () => {
    const made: Record<string, string[]> = { one: [], two: [] };
    // Each a different quantity: the same cart pressed again by the same payer would continue the first payment.
    let qty = 0;
    for (const [who, email, phone] of [
      ["one", "together.one@example.ng", "08031234567"],
      ["one", "together.one@example.ng", "08031234567"],
      ["two", "together.two@example.ng", "08039990001"],
      ["one", "together.one@example.ng", "08031234567"],
    ] as const) {
      qty += 1;
      const res = await call(
        h.t,
        "POST",
        "/express/checkout/",
        guestCheckout([itemFor(fixedA, qty)], "remita", { email, phone }),
      );
      expect(res.status).toBe(201);
      made[who]!.unshift(String(res.json.reference));
    }
    const invoices = new InvoicesRepository(h.t.db);
    const query = vi.spyOn(h.t.db, "query");
    const answers = await Promise.all([
      invoices.lookup("together.one@example.ng", "234567", 2),
      invoices.lookup("TOGETHER.TWO@example.ng", "990001", 50),
      invoices.lookup("together.one@example.ng", "000000", 50),
      invoices.lookup("together.one@example.ng", "234567", 50),
    ]);
    expect(query).toHaveBeenCalledTimes(1);
    query.mockRestore();
    expect(answers.map((found) => found.map((invoice) => invoice.reference))).toEqual([
      made.one!.slice(0, 2),
      made.two,
      [],
      made.one,
    ]);
    for (const invoice of answers[3]!) expect(invoice.items).toEqual(await invoices.itemsOf([invoice.id]));
  });

  it("refuses bad input and limits look-ups per e-mail", async () => {
    expect((await call(h.t, "GET", "/api/express/fetch-transactions/?email=a@b.ng&digit=12345")).status).toBe(400);
    let last = 0;
    for (let i = 0; i < 12; i += 1)
      last = (await call(h.t, "GET", `/api/express/fetch-transactions/?email=limited@example.ng&digit=${String(100000 + i)}`))
        .status;
    expect(last).toBe(429);
  });
});

describe("ledger", () => {
  it("is append-only and refuses an unbalanced entry", async () => {
    await expect(h.t.db.query("UPDATE postings SET amount_kobo = amount_kobo + 1")).rejects.toThrow(/append-only/);
    await expect(h.t.db.query("DELETE FROM journal_entries")).rejects.toThrow(/append-only/);
    await expect(
      h.t.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: number }>(
          "INSERT INTO journal_entries (kind, description) VALUES ('test', 'unbalanced') RETURNING id",
        );
        await tx.query(
          "INSERT INTO postings (entry_id, account_id, amount_kobo) SELECT $1, id, 100 FROM ledger_accounts WHERE code = 'revenue:hospital'",
          [rows[0]!.id],
        );
      }),
    ).rejects.toThrow(/does not balance/);
  });

  it("keeps every account's balance equal to the settled invoices and the short payments in review", async () => {
    const { rows } = await h.t.db.query<{ settled: number; clearing: number }>(
      `SELECT ((SELECT coalesce(sum(coalesce(g.amount_paid_kobo, i.total_kobo)), 0) FROM invoices i JOIN gateway_payments g ON g.invoice_id = i.id
                WHERE i.status = 'completed')
              + (SELECT coalesce(sum(amount_received_kobo), 0) FROM payment_reviews WHERE resolved_at IS NULL))::bigint AS settled,
              (SELECT coalesce(sum(p.amount_kobo), 0) FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
                WHERE a.code LIKE 'clearing:%')::bigint AS clearing`,
    );
    expect(rows[0]!.clearing).toBe(rows[0]!.settled);
    const total = await h.t.db.query<{ s: number }>("SELECT coalesce(sum(amount_kobo), 0)::bigint AS s FROM postings");
    expect(total.rows[0]!.s).toBe(0);
  });
});
