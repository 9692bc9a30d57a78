import { createHmac } from "node:crypto";
import { Script } from "node:vm";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildSandboxServer, SANDBOX_CREDENTIALS } from "../index";
import { clickButton, dialogButtons, listen, pageWithScript, pressKey, waitUntil } from "../test/browser";
import { rawGet, sleep, startWebhookReceiver, type WebhookReceiver } from "../test/webhook-receiver";
import type {
  PaystackSettlementList,
  PaystackSettlementTransactionList,
  PaystackSettlementView,
} from "./paystack-settlement.service";
import { paystackFeeKobo } from "./paystack.protocol";

const C = SANDBOX_CREDENTIALS.paystack;
const BASE = "/sandbox/paystack";
const hmac = (key: string, raw: Buffer) => createHmac("sha512", key).update(raw).digest("hex");

interface Verify {
  status: boolean;
  message: string;
  data: {
    status: string;
    amount: number;
    currency: string;
    reference: string;
    paid_at: string | null;
    gateway_response: string;
    requested_amount: number;
    channel: string;
  };
}

let receiver: WebhookReceiver;
let app: FastifyInstance;
let seq = 0;

beforeEach(async () => {
  receiver = await startWebhookReceiver();
  app = buildSandboxServer({ apiBaseUrl: () => receiver.url, notifyDelayMs: 20, webhookRetryDelaysMs: [20, 40] });
  await app.ready();
});
afterEach(async () => {
  vi.useRealTimers();
  await app.close();
  await receiver.close();
});

async function initialize(overrides: Record<string, unknown> = {}, key: string | null = C.secretKey) {
  seq += 1;
  return app.inject({
    method: "POST",
    url: `${BASE}/transaction/initialize`,
    headers: key === null ? {} : { authorization: `Bearer ${key}` },
    payload: {
      email: "tunde@example.ng",
      amount: 1_510_000,
      reference: `HP-PSK-${Date.now()}-${seq}`,
      currency: "NGN",
      callback_url: "http://127.0.0.1:5173/payment-success",
      metadata: { invoice: "HP-1", payer: "Túndé Bámidélé" },
      channels: ["card"],
      ...overrides,
    },
  });
}

async function started(overrides: Record<string, unknown> = {}) {
  const res = await initialize(overrides);
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { authorization_url: string; access_code: string; reference: string } }>().data;
}

async function verify(reference: string, key = C.secretKey) {
  return app.inject({
    url: `${BASE}/transaction/verify/${encodeURIComponent(reference)}`,
    headers: { authorization: `Bearer ${key}` },
  });
}

const verified = async (reference: string) => (await verify(reference)).json<Verify>();
const control = (path: string, payload: Record<string, unknown>) =>
  app.inject({ method: "POST", url: `${BASE}/_control/${path}`, payload });

describe("Paystack initialize and verify", () => {
  it("initialize answers an authorization URL, access code and the reference", async () => {
    const res = await initialize({ reference: "HP-REF-0001" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      message: "Authorization URL created",
      data: {
        authorization_url: expect.stringMatching(/\/sandbox\/paystack\/checkout\/[a-z0-9]{15}$/),
        access_code: expect.stringMatching(/^[a-z0-9]{15}$/),
        reference: "HP-REF-0001",
      },
    });
  });

  it("generates a reference when none is given", async () => {
    const { reference } = await started({ reference: undefined });
    expect(reference).toMatch(/^[a-z0-9]{10}$/);
  });

  it("needs the secret key as a bearer token", async () => {
    const missing = await initialize({}, null);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ status: false });
    const wrong = await initialize({}, C.publicKey);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ status: false, message: "Invalid key" });
    const { reference } = await started();
    expect((await verify(reference, "sk_test_other")).statusCode).toBe(401);
  });

  it("refuses a reused reference with 400 Duplicate Transaction Reference", async () => {
    await started({ reference: "HP-DUP-1" });
    const again = await initialize({ reference: "HP-DUP-1" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ status: false, message: "Duplicate Transaction Reference" });
  });

  it("refuses bad input: e-mail, amount (kobo integers only), currency, reference characters, channels", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: "not-an-email" }, "Invalid Email Address Passed"],
      [{ amount: 15100.5 }, "Invalid Amount Sent"],
      [{ amount: "15100.00" }, "Invalid Amount Sent"],
      [{ amount: 100 }, "Invalid Amount Sent"],
      [{ currency: "USD" }, "Currency not supported by merchant"],
      [{ reference: "bad ref/1" }, "Invalid transaction reference"],
      [{ channels: ["cheque"] }, "Invalid channels"],
    ];
    for (const [overrides, message] of cases) {
      const res = await initialize(overrides);
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json()).toEqual({ status: false, message });
    }
    expect((await initialize({ amount: "1510000" })).statusCode).toBe(200);
  });

  it("verify of a fresh transaction: status true at the top, not paid inside", async () => {
    const { reference } = await started();
    const body = await verified(reference);
    expect(body.status).toBe(true);
    expect(body.message).toBe("Verification successful");
    expect(body.data).toMatchObject({
      reference,
      status: "abandoned",
      amount: 1_510_000,
      currency: "NGN",
      paid_at: null,
      requested_amount: 1_510_000,
    });
    const unknown = await verify("no-such-reference");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ status: false, message: "Transaction reference not found" });
  });
});

describe("Paystack charges and webhooks", () => {
  it("success → verify success in kobo and a charge.success webhook signed over the raw bytes", async () => {
    const { reference } = await started();
    await control("charge", { reference, outcome: "success" });
    expect((await verified(reference)).data).toMatchObject({
      status: "success",
      amount: 1_510_000,
      currency: "NGN",
      paid_at: expect.any(String),
      channel: "card",
    });
    const [hit] = await receiver.waitFor(1);
    if (!hit) throw new Error("no webhook");
    expect(hit.gateway).toBe("paystack");
    expect(hit.headers["x-paystack-signature"]).toBe(hmac(C.secretKey, hit.raw));
    // The metadata carries non-ASCII text: the signature must cover the UTF-8 bytes sent.
    expect(hit.raw.toString("utf8")).toContain("Túndé Bámidélé");
    const event = JSON.parse(hit.raw.toString("utf8")) as { event: string; data: Record<string, unknown> };
    expect(event.event).toBe("charge.success");
    expect(event.data).toMatchObject({
      reference,
      status: "success",
      amount: 1_510_000,
      currency: "NGN",
      metadata: { invoice: "HP-1" },
    });
  });

  it("a wrong amount or a wrong currency shows in verify and the webhook", async () => {
    const less = await started();
    await control("charge", { reference: less.reference, outcome: "success", amount: 1_000_000 });
    expect((await verified(less.reference)).data).toMatchObject({
      status: "success",
      amount: 1_000_000,
      requested_amount: 1_510_000,
    });
    const foreign = await started();
    await control("charge", { reference: foreign.reference, outcome: "success", currency: "USD", notify: true });
    expect((await verified(foreign.reference)).data).toMatchObject({ status: "success", currency: "USD" });
    await receiver.waitFor(2);
    const events = receiver.received.map(
      (hit) => JSON.parse(hit.raw.toString()) as { data: { reference: string; amount: number; currency: string } },
    );
    expect(events.find((event) => event.data.reference === less.reference)?.data.amount).toBe(1_000_000);
    expect(events.find((event) => event.data.reference === foreign.reference)?.data.currency).toBe("USD");
  });

  it("failed and abandoned charges send no webhook; notify: false pays silently", async () => {
    const failed = await started();
    const abandoned = await started();
    const silent = await started();
    await control("charge", { reference: failed.reference, outcome: "failed" });
    await control("charge", { reference: abandoned.reference, outcome: "abandoned" });
    await control("charge", { reference: silent.reference, outcome: "success", notify: false });
    expect((await verified(failed.reference)).data).toMatchObject({ status: "failed", gateway_response: "Declined" });
    expect((await verified(abandoned.reference)).data.status).toBe("abandoned");
    expect((await verified(silent.reference)).data.status).toBe("success");
    await sleep(150);
    expect(receiver.received).toHaveLength(0);
  });

  it("retries an automatic webhook until a 2xx, recording each status", async () => {
    receiver.respond = (_hit, index) => (index === 0 ? { status: 500, body: "oops" } : { status: 200, body: "" });
    const { reference } = await started();
    await control("charge", { reference, outcome: "success" });
    await receiver.waitFor(2);
    const record = await waitUntil(async () => {
      const listing = (await app.inject(`${BASE}/_control/transactions`)).json<{
        transactions: Array<{ reference: string; notifications: Array<{ status: number }> }>;
      }>();
      const found = listing.transactions.find((candidate) => candidate.reference === reference);
      return found && found.notifications.length === 2 ? found : undefined;
    });
    expect(record.notifications.map((delivery) => delivery.status)).toEqual([500, 200]);
  });

  it("control webhook: concurrent copies, bad signature, no signature", async () => {
    const { reference } = await started();
    await control("charge", { reference, outcome: "success", notify: false });
    const res = await control("webhook", { reference, times: 3, concurrent: true });
    expect(res.json()).toEqual({
      deliveries: [
        { status: 200, body: "OK" },
        { status: 200, body: "OK" },
        { status: 200, body: "OK" },
      ],
    });
    expect(receiver.received.every((hit) => hit.headers["x-paystack-signature"] === hmac(C.secretKey, hit.raw))).toBe(true);
    await control("webhook", { reference, badSignature: true });
    const bad = receiver.received[3];
    expect(bad?.headers["x-paystack-signature"]).toMatch(/^[0-9a-f]{128}$/);
    expect(bad?.headers["x-paystack-signature"]).not.toBe(hmac(C.secretKey, bad?.raw ?? Buffer.alloc(0)));
    await control("webhook", { reference, omitSignature: true });
    expect(receiver.received[4]?.headers["x-paystack-signature"]).toBeUndefined();
  });

  it("control webhook: the timestamped t=…,v1=<kid>:<hex> form, signed over `<t>.` and the raw bytes", async () => {
    const { reference } = await started();
    await control("charge", { reference, outcome: "success", notify: false });
    await control("webhook", { reference, scheme: "timestamped", signedAt: 1_790_000_000 });
    const hit = receiver.received[0];
    const header = String(hit?.headers["x-paystack-signature"]);
    const match = /^t=1790000000,v1=([\w-]+):([0-9a-f]{128})$/.exec(header);
    expect(match, header).not.toBeNull();
    const signed = Buffer.concat([Buffer.from("1790000000."), hit?.raw ?? Buffer.alloc(0)]);
    expect(match?.[2]).toBe(hmac(C.secretKey, signed));
    expect((await control("webhook", { reference, scheme: "stamped" })).statusCode).toBe(400);
    expect((await control("webhook", { reference, scheme: "timestamped", signedAt: "now" })).statusCode).toBe(400);
  });

  it("validates control input with JSON errors", async () => {
    expect((await control("charge", { reference: "nope", outcome: "success" })).statusCode).toBe(404);
    const { reference } = await started();
    expect((await control("charge", { reference, outcome: "maybe" })).statusCode).toBe(400);
    expect((await control("charge", { reference, outcome: "success", amount: "100" })).statusCode).toBe(400);
    expect((await control("charge", { reference, outcome: "success", currency: "naira" })).statusCode).toBe(400);
    expect((await control("webhook", { reference, times: 99 })).json()).toHaveProperty("error");
  });
});

describe("Paystack outages", () => {
  it("error mode answers 500 with status false; timeout mode holds verify", async () => {
    const { reference } = await started();
    await control("mode", { mode: "error" });
    const failed = await verify(reference);
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toMatchObject({ status: false });
    await control("mode", { mode: "timeout" });
    const origin = await listen(app);
    expect(await rawGet(`${origin}${BASE}/transaction/verify/${reference}`, 200)).toBeInstanceOf(Error);
    await control("mode", { mode: "ok" });
    expect((await verified(reference)).status).toBe(true);
  });
});

type PaystackPopConstructor = new () => {
  resumeTransaction: (accessCode: string, callbacks: Record<string, (...args: unknown[]) => void>) => unknown;
};

describe("Paystack inline popup", () => {
  it("is plain JavaScript with no outside requests", async () => {
    const res = await app.inject(`${BASE}/v2/inline.js`);
    expect(res.headers["content-type"]).toMatch(/^application\/javascript/);
    expect(() => new Script(res.body)).not.toThrow();
    expect(res.body).not.toMatch(/https?:\/\//);
  });

  it("resumeTransaction: Pay charges, closes and calls onSuccess with Paystack's object", async () => {
    const origin = await listen(app);
    const { reference, access_code: accessCode } = await started();
    const dom = await pageWithScript(origin, `${BASE}/v2/inline.js`);
    const PaystackPop = (dom.window as unknown as { PaystackPop: PaystackPopConstructor }).PaystackPop;
    const calls: Array<[string, unknown[]]> = [];
    new PaystackPop().resumeTransaction(accessCode, {
      onSuccess: (...args) => calls.push(["success", args]),
      onCancel: (...args) => calls.push(["cancel", args]),
      onError: (...args) => calls.push(["error", args]),
      onLoad: (...args) => calls.push(["load", args]),
    });
    const { document } = dom.window;
    const dialog = document.querySelector('[role="dialog"]');
    expect(dialog?.getAttribute("aria-modal")).toBe("true");
    expect(document.getElementById(dialog?.getAttribute("aria-labelledby") ?? "")?.textContent).toBe("Paystack sandbox checkout");
    expect(dialog?.contains(document.activeElement)).toBe(true);
    expect(dialogButtons(dom)).toEqual(["Pay", "Decline", "Cancel"]);
    await waitUntil(() => calls.some(([name]) => name === "load"));
    expect(dialog?.textContent).toContain("₦15,100.00");

    clickButton(dom, "Pay");
    await waitUntil(() => calls.some(([name]) => name === "success"));
    const success = calls.find(([name]) => name === "success")?.[1][0] as Record<string, unknown>;
    expect(success).toMatchObject({
      reference,
      status: "success",
      message: "Approved",
      trxref: reference,
      trans: expect.any(String),
    });
    expect(success.transaction).toBe(success.trans);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect((await verified(reference)).data.status).toBe("success");
    await receiver.waitFor(1);
    dom.window.close();
  });

  it("Escape cancels with onCancel(); Decline fails the charge and calls onError", async () => {
    const origin = await listen(app);
    const { reference, access_code: accessCode } = await started();
    const dom = await pageWithScript(origin, `${BASE}/v2/inline.js`);
    const PaystackPop = (dom.window as unknown as { PaystackPop: PaystackPopConstructor }).PaystackPop;
    const calls: Array<[string, unknown[]]> = [];
    const callbacks = {
      onSuccess: (...args: unknown[]) => calls.push(["success", args]),
      onCancel: (...args: unknown[]) => calls.push(["cancel", args]),
      onError: (...args: unknown[]) => calls.push(["error", args]),
    };
    new PaystackPop().resumeTransaction(accessCode, callbacks);
    pressKey(dom, "Escape");
    expect(calls).toEqual([["cancel", []]]);
    expect(dom.window.document.querySelector('[role="dialog"]')).toBeNull();

    new PaystackPop().resumeTransaction(accessCode, callbacks);
    clickButton(dom, "Decline");
    await waitUntil(() => calls.length > 1);
    expect(calls[1]).toEqual(["error", [{ message: "Declined" }]]);
    expect((await verified(reference)).data).toMatchObject({ status: "failed" });
    dom.window.close();
  });

  it("serves a hosted checkout page for authorization_url that loads the popup from the same origin", async () => {
    const { authorization_url: url, access_code: accessCode } = await started();
    const page = await app.inject(new URL(url).pathname);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`src="/sandbox/paystack/v2/inline.js"`);
    expect(page.body).toContain(`data-access-code="${accessCode}"`);
    expect(page.body).not.toMatch(/<script>(?!<)/);
    const script = await app.inject(`${BASE}/checkout.js`);
    expect(script.headers["content-type"]).toMatch(/^application\/javascript/);
    expect(() => new Script(script.body)).not.toThrow();
    expect((await app.inject(`${BASE}/checkout/unknown`)).statusCode).toBe(404);
  });
});

/** A transaction charged at the instant `paidAt` (`charge` adds the charge control's amount or currency), without its webhook. */
async function chargedAt(paidAt: string, charge: Record<string, unknown> = {}): Promise<string> {
  const { reference } = await started();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(paidAt));
  await control("charge", { reference, outcome: "success", notify: false, ...charge });
  vi.useRealTimers();
  return reference;
}

const settle = async (day: string) => control("settle", { day });
const settled = async (day: string) => (await settle(day)).json<{ settlement: PaystackSettlementView }>().settlement;
const getAuthed = (url: string, key = C.secretKey) =>
  app.inject({ url: `${BASE}${url}`, headers: { authorization: `Bearer ${key}` } });

describe("Paystack fees", () => {
  it("1.5% rounded half up to the kobo, ₦100 more from ₦2,500, ₦2,000 at most", () => {
    expect(paystackFeeKobo(100)).toBe(2);
    expect(paystackFeeKobo(249_999)).toBe(3_750);
    expect(paystackFeeKobo(250_000)).toBe(13_750);
    expect(paystackFeeKobo(1_510_000)).toBe(32_650);
    expect(paystackFeeKobo(12_666_600)).toBe(199_999);
    expect(paystackFeeKobo(12_666_667)).toBe(200_000);
    expect(paystackFeeKobo(12_666_700)).toBe(200_000);
    expect(paystackFeeKobo(100_000_000)).toBe(200_000);
  });
});

describe("Paystack settlements", () => {
  it("settles a WAT day's successful NGN charges, less fees, into one settlement dated the next day", async () => {
    const early = await chargedAt("2026-11-20T23:30:00.000Z"); // 00:30 WAT on the 21st
    const late = await chargedAt("2026-11-21T22:59:59.000Z", { amount: 200_000 }); // 23:59:59 WAT
    const nextDay = await chargedAt("2026-11-21T23:00:00.000Z"); // midnight WAT: the 22nd
    await chargedAt("2026-11-20T22:59:00.000Z"); // 23:59 WAT on the 20th
    await chargedAt("2026-11-21T12:00:00.000Z", { currency: "USD" });
    const withheld = await chargedAt("2026-11-21T13:00:00.000Z");
    const failed = (await started()).reference;
    await control("charge", { reference: failed, outcome: "failed" });
    expect((await control("withhold", { reference: withheld })).json()).toMatchObject({
      transaction: { reference: withheld, withheld: true, settlement_id: null },
    });

    const res = await settle("2026-11-21");
    expect(res.statusCode).toBe(201);
    const settlement = res.json<{ settlement: PaystackSettlementView }>().settlement;
    expect(settlement).toEqual({
      id: expect.any(Number),
      domain: "test",
      status: "success",
      currency: "NGN",
      integration: expect.any(Number),
      total_processed: 1_710_000,
      total_fees: 32_650 + 3_000,
      total_amount: 1_710_000 - 35_650,
      effective_amount: 1_710_000 - 35_650,
      deductions: 0,
      settlement_date: "2026-11-22T00:00:00.000Z",
      settled_by: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    const transactions = (await getAuthed(`/settlement/${settlement.id}/transactions`)).json<PaystackSettlementTransactionList>();
    expect(transactions).toMatchObject({ status: true, message: "Settlement transactions retrieved" });
    expect(transactions.data).toEqual([
      {
        id: expect.any(Number),
        reference: early,
        amount: 1_510_000,
        fees: 32_650,
        currency: "NGN",
        channel: "card",
        status: "success",
        paid_at: "2026-11-20T23:30:00.000Z",
        paidAt: "2026-11-20T23:30:00.000Z",
        createdAt: expect.any(String),
      },
      expect.objectContaining({ reference: late, amount: 200_000, fees: 3_000 }),
    ]);
    expect(transactions.meta).toEqual({ total: 2, skipped: 0, perPage: 50, page: 1, pageCount: 1 });

    // Settled once only: the day again has nothing left; the next day holds the midnight charge.
    expect((await settle("2026-11-21")).json()).toEqual({ settlement: null });
    expect((await settle("2026-11-21")).statusCode).toBe(200);
    const following = await settled("2026-11-22");
    expect(following.settlement_date).toBe("2026-11-23T00:00:00.000Z");
    const listing = (await app.inject(`${BASE}/_control/transactions`)).json<{
      transactions: Array<{ reference: string; settlement_id: number | null }>;
    }>().transactions;
    const settlementOf = (reference: string) => listing.find((t) => t.reference === reference)?.settlement_id;
    expect([settlementOf(early), settlementOf(late), settlementOf(nextDay)]).toEqual([
      settlement.id,
      settlement.id,
      following.id,
    ]);
    expect(settlementOf(withheld)).toBeNull();
    expect((await control("withhold", { reference: early })).statusCode).toBe(409);
  });

  it("GET /settlement: newest first, from and to inclusive on settlement_date, status, pages", async () => {
    const days = ["2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21"];
    for (const day of days) await chargedAt(`${day}T09:00:00.000Z`);
    // Settled out of order: the list still runs by settlement date.
    const ids = new Map<string, number>();
    for (const day of ["2026-11-20", "2026-11-18", "2026-11-21", "2026-11-19"]) ids.set(day, (await settled(day)).id);

    const all = (await getAuthed("/settlement")).json<PaystackSettlementList>();
    expect(all).toMatchObject({ status: true, message: "Settlements retrieved" });
    expect(all.data.map((s) => s.settlement_date.slice(0, 10))).toEqual(["2026-11-22", "2026-11-21", "2026-11-20", "2026-11-19"]);
    expect(all.meta).toEqual({ total: 4, skipped: 0, perPage: 50, page: 1, pageCount: 1 });

    const window = (await getAuthed("/settlement?from=2026-11-20&to=2026-11-21")).json<PaystackSettlementList>();
    expect(window.data.map((s) => s.id)).toEqual([ids.get("2026-11-20"), ids.get("2026-11-19")]);
    const stamped = (
      await getAuthed("/settlement?from=2026-11-21T00:00:00.000Z&to=2026-11-21T23:59:59.999Z")
    ).json<PaystackSettlementList>();
    expect(stamped.data.map((s) => s.id)).toEqual([ids.get("2026-11-20")]);

    const second = (await getAuthed("/settlement?perPage=3&page=2")).json<PaystackSettlementList>();
    expect(second.data.map((s) => s.id)).toEqual([ids.get("2026-11-18")]);
    expect(second.meta).toEqual({ total: 4, skipped: 3, perPage: 3, page: 2, pageCount: 2 });
    expect((await getAuthed("/settlement?perPage=500")).json<PaystackSettlementList>().meta.perPage).toBe(100);
    expect((await getAuthed("/settlement?status=success")).json<PaystackSettlementList>().data).toHaveLength(4);
    expect((await getAuthed("/settlement?status=pending")).json<PaystackSettlementList>().data).toEqual([]);
  });

  it("settlement endpoints need the secret key and refuse bad queries and unknown ids", async () => {
    await chargedAt("2026-11-21T09:00:00.000Z");
    const { id } = await settled("2026-11-21");
    expect((await app.inject(`${BASE}/settlement`)).statusCode).toBe(401);
    expect((await getAuthed("/settlement", C.publicKey)).json()).toEqual({ status: false, message: "Invalid key" });
    expect((await getAuthed(`/settlement/${id}/transactions`, "sk_test_other")).statusCode).toBe(401);
    for (const query of ["from=21-11-2026", "to=yesterday", "page=0", "perPage=-1", "status=paid"]) {
      const res = await getAuthed(`/settlement?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ status: false });
    }
    for (const unknown of ["1", "abc"]) {
      const res = await getAuthed(`/settlement/${unknown}/transactions`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: false, message: "Settlement not found" });
    }
    await control("mode", { mode: "error" });
    expect((await getAuthed("/settlement")).statusCode).toBe(500);
  });

  it("validates the settle and withhold controls with JSON errors", async () => {
    for (const day of [undefined, "2026-02-30", "21/11/2026", "0099-01-01"]) {
      const res = await control("settle", { day });
      expect(res.statusCode, String(day)).toBe(400);
      expect(res.json()).toHaveProperty("error");
    }
    expect((await control("withhold", { reference: "nope" })).statusCode).toBe(404);
  });
});
