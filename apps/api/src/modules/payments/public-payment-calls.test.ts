import type { ServiceRecord } from "@hospipay/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { buildUser } from "../../test/test-app";
import { createPaymentsHarness, guestCheckout, itemFor, type PaymentsHarness } from "../../test/payments-harness";

/**
 * What an outsider can make the server do through its public payment calls: how often it asks a gateway
 * (the unsigned Remita notification, the callback, the status page), and what a guessed RRR or a known
 * reference gives away. Every request goes over real HTTP; each test comes from a client address of its own
 * (X-Forwarded-For, trusted here), so the callback's budget of one test is not spent by another.
 */
const CALLBACK_BUDGET = 25;
const COOLDOWN_MS = 5_000;

let h: PaymentsHarness;
let service: ServiceRecord;
let remitaChecks: MockInstance;
let monnifyChecks: MockInstance;
let clientNumber = 0;
let client = "";

beforeAll(async () => {
  h = await createPaymentsHarness({
    TRUST_PROXY: "true",
    CALLBACK_RATE_LIMIT_MAX: String(CALLBACK_BUDGET),
    CALLBACK_RATE_LIMIT_WINDOW_MS: "60000",
    GATEWAY_QUERY_COOLDOWN_MS: String(COOLDOWN_MS),
  });
  service = (await h.catalogue()).find((s) => s.fixed_price !== "no" && Number(s.price) > 0)!;
  // Every status query the API makes goes through the adapters' check(): counted here, then sent on to the sandbox.
  remitaChecks = vi.spyOn(h.t.gateways.remita, "check");
  monnifyChecks = vi.spyOn(h.t.gateways.monnify, "check");
});
afterAll(async () => {
  await h?.close();
});
beforeEach(() => {
  clientNumber += 1;
  client = `198.51.100.${clientNumber}`;
  remitaChecks.mockClear();
  monnifyChecks.mockClear();
});

async function get(path: string, token?: string) {
  const response = await fetch(`${h.apiUrl}${path}`, {
    headers: { "x-forwarded-for": client, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON
  }
  return { status: response.status, json, text, headers: response.headers };
}

async function post(path: string, body: unknown, token?: string) {
  const response = await fetch(`${h.apiUrl}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": client,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

const CUSTOMER = {
  name: "Ngozi Eze-Private",
  email: "ngozi.private@example.ng",
  phone: "08039876543",
  hospital_number: "FTH/PRIV/0042",
};

let visits = 0;

/** A new payment: each is for another visit, since a second press for the same cart continues the first. */
async function startRemita(token?: string) {
  visits += 1;
  const customer = { ...CUSTOMER, transaction_description: `Clinic visit ${visits}` };
  const res = await post("/express/checkout/", guestCheckout([itemFor(service)], "remita", customer), token);
  expect(res.status, res.text).toBe(201);
  return JSON.parse(res.text) as { reference: string; rrr: string; amount: string };
}

async function statusOf(reference: string) {
  const { rows } = await h.t.db.query<{ status: string }>("SELECT status FROM invoices WHERE reference = $1", [reference]);
  return rows[0]!.status;
}

const callbackUrl = (started: { reference: string; rrr: string }) =>
  `/api/express/callback/top-up/remita/?transaction_id=${started.reference}&rrr=${started.rrr}`;

/** A Remita notification item, as Remita sends it (unsigned). */
const notificationItem = (rrr: string) => ({
  rrr,
  channel: "CARD",
  amount: "5100.00",
  transactiondate: "2026-03-04 10:00:00",
  debitdate: "2026-03-04 10:00:00",
  bank: "058",
  serviceTypeId: "4430731",
  orderRef: "",
  payerName: "X",
  payerEmail: "x@example.ng",
  payerPhoneNumber: "08000000000",
});

describe("gateway amplification (issue 19, finding 3)", () => {
  it("asks Remita once for a notification that lists one unpaid RRR 300 times", async () => {
    const started = await startRemita();
    const body = JSON.stringify(Array.from({ length: 300 }, () => notificationItem(started.rrr)));
    expect(body.length).toBeGreaterThan(20_000);
    const res = await post("/api/express/webhooks/remita/", body);
    expect(res).toEqual({ status: 200, text: "OK" });
    expect(remitaChecks).toHaveBeenCalledTimes(1);
    expect(await statusOf(started.reference)).toBe("pending");
  });

  it("handles the first 50 references of a notification and answers OK; those past them are left to the re-query", async () => {
    const paid = [await startRemita(), await startRemita()];
    for (const p of paid) await h.control("/sandbox/remita/_control/pay", { rrr: p.rrr, outcome: "approve", notify: false });
    const unknown = Array.from({ length: 50 }, (_, n) => notificationItem(String(900_000_000_000 + n)));
    const res = await post("/api/express/webhooks/remita/", [...unknown, ...paid.map((p) => notificationItem(p.rrr))]);
    // Remita expects its OK whatever the notification held; the two real RRRs came after the first 50.
    expect(res).toEqual({ status: 200, text: "OK" });
    expect(remitaChecks).not.toHaveBeenCalled();
    for (const p of paid) expect(await statusOf(p.reference)).toBe("pending");
    // Within the cap they are asked about and settle; and the worker's re-query would have found them anyway.
    expect(
      await post(
        "/api/express/webhooks/remita/",
        paid.map((p) => notificationItem(p.rrr)),
      ),
    ).toEqual({ status: 200, text: "OK" });
    expect(remitaChecks).toHaveBeenCalledTimes(2);
    for (const p of paid) expect(await statusOf(p.reference)).toBe("completed");
  });

  it("asks Remita once for 20 concurrent callbacks about the same unpaid payment", async () => {
    const started = await startRemita();
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(callbackUrl(started))));
    expect(answers.map((a) => a.json.transaction_status)).toEqual(Array(20).fill("PENDING"));
    expect(remitaChecks).toHaveBeenCalledTimes(1);
  });

  it("asks Remita once for 20 concurrent callbacks about the same paid payment, and all of them see it paid", async () => {
    const started = await startRemita();
    await h.control("/sandbox/remita/_control/pay", { rrr: started.rrr, outcome: "approve", notify: false });
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(callbackUrl(started))));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.map((a) => a.json.transaction_status)).toEqual(Array(20).fill("SUCCESS"));
    expect(remitaChecks).toHaveBeenCalledTimes(1);
    const { rows } = await h.t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM journal_entries e JOIN invoices i ON i.id = e.invoice_id WHERE i.reference = $1",
      [started.reference],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it("reuses an answer within the cool-down instead of asking again, and the worker's re-query settles the payment soon after", async () => {
    const started = await startRemita();
    expect((await get(callbackUrl(started))).json.transaction_status).toBe("PENDING");
    await h.control("/sandbox/remita/_control/pay", { rrr: started.rrr, outcome: "approve", notify: false });
    // Within the cool-down: the callback, the status page and an unsigned notification share the first answer.
    expect((await get(callbackUrl(started))).json.transaction_status).toBe("PENDING");
    expect((await get(`/api/express/payments/${started.reference}/`)).json.status).toBe("pending");
    expect(await post("/api/express/webhooks/remita/", [notificationItem(started.rrr)])).toEqual({ status: 200, text: "OK" });
    expect(remitaChecks).toHaveBeenCalledTimes(1);
    // The payment is due for its next check when the cool-down ends, not after the usual 30 seconds.
    const { rows } = await h.t.db.query<{ seconds: number }>(
      `SELECT extract(epoch FROM g.next_check_at - now())::float8 AS seconds
       FROM gateway_payments g JOIN invoices i ON i.id = g.invoice_id WHERE i.reference = $1`,
      [started.reference],
    );
    expect(rows[0]!.seconds).toBeLessThanOrEqual(COOLDOWN_MS / 1000);
    await h.t.db.query(
      "UPDATE gateway_payments SET next_check_at = now() WHERE invoice_id = (SELECT id FROM invoices WHERE reference = $1)",
      [started.reference],
    );
    expect(await h.t.paymentsWorker.runOnce()).toBeGreaterThanOrEqual(1);
    expect(remitaChecks).toHaveBeenCalledTimes(2);
    expect(await statusOf(started.reference)).toBe("completed");
    expect((await get(callbackUrl(started))).json.transaction_status).toBe("SUCCESS");
  });

  it("settles at once on Monnify's signed webhook, even just after the status page asked", async () => {
    const res = await post("/express/checkout/", guestCheckout([itemFor(service)], "monnify", CUSTOMER));
    expect(res.status, res.text).toBe(201);
    const started = JSON.parse(res.text) as {
      reference: string;
      amount: string;
      gateway: { bank_account: { account_number: string } };
    };
    expect((await get(`/api/express/payments/${started.reference}/`)).json.status).toBe("pending");
    expect(monnifyChecks).toHaveBeenCalledTimes(1);
    await h.control("/sandbox/monnify/_control/transfer", {
      accountNumber: started.gateway.bank_account.account_number,
      amount: started.amount,
    });
    const deadline = Date.now() + COOLDOWN_MS - 1_000;
    while ((await statusOf(started.reference)) !== "completed" && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(await statusOf(started.reference)).toBe("completed");
  });

  it("answers 429 with Retry-After once a client address has spent the callback's budget", async () => {
    const url = "/api/express/callback/top-up/remita/?rrr=123456789012";
    for (let n = 0; n < CALLBACK_BUDGET; n++) expect((await get(url)).status).toBe(404);
    const refused = await get(url);
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe("throttled");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not affected.
    client = "198.51.100.250";
    expect((await get(url)).status).toBe(404);
  });
});

describe("RRR to personal data (issue 19, finding 8)", () => {
  it("answers a callback by RRR alone without the payment's reference", async () => {
    const started = await startRemita();
    const byRrr = await get(`/api/express/callback/top-up/remita/?rrr=${started.rrr}`);
    expect(byRrr.status).toBe(200);
    expect(byRrr.json.transaction_status).toBe("PENDING");
    expect(byRrr.text).not.toContain(started.reference);
    expect(byRrr.text).not.toContain("HSP-");
    // Given the reference, the answer may name it (SPEC: the callback's answer reads transaction_status).
    expect((await get(callbackUrl(started))).json.reference).toBe(started.reference);
  });

  it("shows a payment by its reference without the payer's contact details, unless its signed-in owner asks", async () => {
    const owner = await buildUser(h.t);
    const other = await buildUser(h.t);
    const started = await startRemita(owner.token);
    const guest = await startRemita();
    const contact = [CUSTOMER.name, CUSTOMER.email, CUSTOMER.phone, CUSTOMER.hospital_number];
    for (const [reference, token] of [
      [started.reference, undefined],
      [started.reference, other.token],
      [guest.reference, undefined],
      [guest.reference, owner.token],
    ] as const) {
      const view = await get(`/api/express/payments/${reference}/`, token);
      expect(view.status).toBe(200);
      expect(view.json).toMatchObject({ reference, status: "pending", customer: null });
      for (const detail of contact)
        expect(view.text, `${reference} ${token ? "another user" : "anonymous"}`).not.toContain(detail);
    }
    const own = await get(`/api/express/payments/${started.reference}/`, owner.token);
    expect(own.status).toBe(200);
    expect(own.json.customer).toEqual({
      name: CUSTOMER.name,
      email: CUSTOMER.email,
      phone: CUSTOMER.phone,
      hospital_number: CUSTOMER.hospital_number,
    });
  });
});
