import { createHash } from "node:crypto";
import { Script } from "node:vm";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildSandboxServer, SANDBOX_CREDENTIALS } from "../index";
import { clickButton, dialogButtons, listen, pageWithScript, pressKey, waitUntil } from "../test/browser";
import { rawGet, sleep, startWebhookReceiver, type WebhookReceiver } from "../test/webhook-receiver";

const C = SANDBOX_CREDENTIALS.remita;
const API = "/sandbox/remita/remita/exapp/api/v1/send/api/echannelsvc";
const WIDGET = "/sandbox/remita/payment/v1/remita-pay-inline.bundle.js";
const sha512 = (text: string) => createHash("sha512").update(text).digest("hex");

interface InitAnswer {
  statuscode: string;
  status: string;
  RRR?: string;
}
interface StatusAnswer {
  amount?: number;
  RRR?: string;
  orderId?: string;
  message: string;
  transactiontime?: string;
  paymentDate?: string;
  status: string;
}

let receiver: WebhookReceiver;
let app: FastifyInstance;
let orderSeq = 0;

beforeEach(async () => {
  receiver = await startWebhookReceiver();
  app = buildSandboxServer({ apiBaseUrl: () => receiver.url, notifyDelayMs: 20, webhookRetryDelaysMs: [20, 40] });
  await app.ready();
});
afterEach(async () => {
  await app.close();
  await receiver.close();
});

function parseJsonp(text: string): InitAnswer {
  const match = /^jsonp \((.*)\)$/s.exec(text);
  if (!match?.[1]) throw new Error(`not JSONP: ${text}`);
  return JSON.parse(match[1]) as InitAnswer;
}

async function paymentInit(
  overrides: Record<string, unknown> = {},
  options: { hashAmount?: string; authorization?: string | null } = {},
) {
  orderSeq += 1;
  const body = {
    serviceTypeId: C.serviceTypeId,
    amount: "15000.00",
    orderId: `HP-ORDER-${Date.now()}-${orderSeq}`,
    payerName: "Adaeze Okafor",
    payerEmail: "adaeze@example.ng",
    payerPhone: "08031234567",
    description: "Hospital bill FTH/2024/0042",
    customFields: [{ name: "hospital_number", value: "FTH/2024/0042", type: "ALL" }],
    ...overrides,
  };
  const hash = sha512(`${C.merchantId}${body.serviceTypeId}${body.orderId}${options.hashAmount ?? body.amount}${C.apiKey}`);
  const authorization =
    options.authorization === undefined ? `remitaConsumerKey=${C.merchantId},remitaConsumerToken=${hash}` : options.authorization;
  const res = await app.inject({
    method: "POST",
    url: `${API}/merchant/api/paymentinit`,
    headers: authorization === null ? {} : { authorization },
    payload: body,
  });
  return { res, body, answer: parseJsonp(res.body) };
}

async function newRrr(overrides: Record<string, unknown> = {}): Promise<{ rrr: string; orderId: string }> {
  const { answer, body } = await paymentInit(overrides);
  if (!answer.RRR) throw new Error(JSON.stringify(answer));
  return { rrr: answer.RRR, orderId: body.orderId };
}

async function status(rrr: string, hash = sha512(`${rrr}${C.apiKey}${C.merchantId}`)): Promise<StatusAnswer> {
  const res = await app.inject({
    url: `${API}/${C.merchantId}/${rrr}/${hash}/status.reg`,
    headers: { authorization: `remitaConsumerKey=${C.merchantId},remitaConsumerToken=${hash}` },
  });
  expect(res.statusCode).toBe(200);
  return res.json<StatusAnswer>();
}

const control = (path: string, payload: Record<string, unknown>) =>
  app.inject({ method: "POST", url: `/sandbox/remita/_control/${path}`, payload });

interface ControlView {
  rrr: string;
  status: string;
  notifications: Array<{ attempt: number; status: number; body: string }>;
}

async function transaction(rrr: string): Promise<ControlView> {
  return (await app.inject(`/sandbox/remita/_control/transactions/${rrr}`)).json<ControlView>();
}

describe("Remita RRR generation", () => {
  it("answers a valid request with a 12-digit RRR, JSONP-wrapped", async () => {
    const { res, answer } = await paymentInit();
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith('jsonp ({"statuscode":"025"')).toBe(true);
    expect(answer).toEqual({ statuscode: "025", RRR: expect.stringMatching(/^\d{12}$/), status: "Payment Reference generated" });
  });

  it("accepts an amount sent as a number when the hash covers the same text", async () => {
    const { answer } = await paymentInit({ amount: 2500 });
    expect(answer.statuscode).toBe("025");
  });

  it("refuses a hash over a different amount text (013)", async () => {
    const { res, answer } = await paymentInit({ amount: "15000.00" }, { hashAmount: "15000" });
    expect(res.statusCode).toBe(200);
    expect(answer).toEqual({ statuscode: "013", status: "Invalid Request Hash" });
  });

  it("refuses missing or garbled authentication (020) and an unknown merchant or service type (023)", async () => {
    expect((await paymentInit({}, { authorization: null })).answer.statuscode).toBe("020");
    expect((await paymentInit({}, { authorization: "Bearer something" })).answer.statuscode).toBe("020");
    expect((await paymentInit({}, { authorization: "remitaConsumerKey=999,remitaConsumerToken=abc" })).answer.statuscode).toBe(
      "023",
    );
    expect((await paymentInit({ serviceTypeId: "1111111" })).answer.statuscode).toBe("023");
  });

  it("refuses missing fields, a bad amount and a reused orderId (022)", async () => {
    expect((await paymentInit({ payerEmail: "" })).answer).toEqual({
      statuscode: "022",
      status: "Invalid Request: payerEmail is required",
    });
    expect((await paymentInit({ amount: "-5" })).answer.statuscode).toBe("022");
    expect((await paymentInit({ amount: "12.345" })).answer.statuscode).toBe("022");
    const { orderId } = await newRrr();
    expect((await paymentInit({ orderId })).answer).toEqual({ statuscode: "022", status: "Duplicate OrderId" });
  });
});

describe("Remita status", () => {
  it("reports a fresh RRR as 025 with its amount, by RRR and by order id", async () => {
    const { rrr, orderId } = await newRrr({ amount: "15000.00" });
    const answer = await status(rrr);
    expect(answer).toMatchObject({ amount: 15000, RRR: rrr, orderId, status: "025", message: "Payment Reference generated" });
    expect(answer.transactiontime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} (AM|PM)$/);
    expect(answer.paymentDate).toBeUndefined();
    const orderHash = sha512(`${orderId}${C.apiKey}${C.merchantId}`);
    const byOrder = await app.inject(`${API}/${C.merchantId}/${encodeURIComponent(orderId)}/${orderHash}/orderstatus.reg`);
    expect(byOrder.json()).toMatchObject({ RRR: rrr, orderId, status: "025" });
  });

  it("answers 013 for a bad hash and 022 for an unknown RRR", async () => {
    const { rrr } = await newRrr();
    expect(await status(rrr, sha512(`${rrr}${C.merchantId}${C.apiKey}`))).toEqual({
      status: "013",
      message: "Invalid Request Hash",
    });
    expect(await status("123412341234")).toEqual({ status: "022", message: "Invalid Request" });
  });
});

describe("Remita payments and notifications", () => {
  it("approve → status 00 and an unsigned JSON-array notification the API answers OK", async () => {
    const { rrr, orderId } = await newRrr({ amount: "15000.00" });
    const paid = await control("pay", { rrr, outcome: "approve" });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ transaction: { rrr, status: "00", paidAmount: "15000.00" } });
    expect(await status(rrr)).toMatchObject({
      status: "00",
      message: "Approved",
      amount: 15000,
      paymentDate: expect.any(String),
    });

    const [hit] = await receiver.waitFor(1);
    expect(hit?.gateway).toBe("remita");
    expect(hit?.headers["content-type"]).toMatch(/application\/json/);
    expect(hit?.headers["x-paystack-signature"]).toBeUndefined();
    const items = JSON.parse(hit?.raw.toString("utf8") ?? "") as Array<Record<string, unknown>>;
    expect(Array.isArray(items)).toBe(true);
    expect(items[0]).toMatchObject({
      rrr,
      channel: "CARDPAYMENT",
      amount: 15000,
      serviceTypeId: C.serviceTypeId,
      orderRef: orderId,
      orderId,
      payerName: "Adaeze Okafor",
      payerEmail: "adaeze@example.ng",
      payerPhoneNumber: "08031234567",
      customFieldData: [{ DESCRIPTION: "hospital_number", PIDVAL: "FTH/2024/0042" }],
    });
    for (const key of ["transactiondate", "debitdate", "bank", "chargeFee"]) expect(items[0]).toHaveProperty(key);

    const record = await waitUntil(async () => {
      const view = await transaction(rrr);
      return view.notifications.length > 0 ? view : undefined;
    });
    expect(record.notifications[0]).toMatchObject({ attempt: 1, status: 200, body: "OK" });
  });

  it("records each delivery's HTTP status and retries until the API accepts", async () => {
    receiver.respond = (_hit, index) => (index < 2 ? { status: 500, body: "nope" } : { status: 200, body: "OK" });
    const { rrr } = await newRrr();
    await control("pay", { rrr, outcome: "approve" });
    const record = await waitUntil(async () => {
      const view = await transaction(rrr);
      return view.notifications.length === 3 ? view : undefined;
    });
    expect(record.notifications.map(({ attempt, status: code }) => [attempt, code])).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ]);
    expect(record.notifications[2]?.body).toBe("OK");
    await sleep(100);
    expect(receiver.received).toHaveLength(3);
  });

  it("gives up after the configured retries when the API never accepts", async () => {
    receiver.respond = () => ({ status: 503, body: "down" });
    const { rrr } = await newRrr();
    await control("pay", { rrr, outcome: "approve" });
    const record = await waitUntil(async () => {
      const view = await transaction(rrr);
      return view.notifications.length === 3 ? view : undefined;
    });
    expect(record.notifications.every((delivery) => delivery.status === 503)).toBe(true);
    await sleep(150);
    expect(receiver.received).toHaveLength(3);
  });

  it("records an unreachable API as status 0 with the error", async () => {
    const unreachable = buildSandboxServer({
      apiBaseUrl: () => "http://127.0.0.1:9",
      notifyDelayMs: 0,
      webhookRetryDelaysMs: [],
    });
    await unreachable.ready();
    const { rrr } = await (async () => {
      const other = app;
      app = unreachable;
      try {
        return await newRrr();
      } finally {
        app = other;
      }
    })();
    const res = await unreachable.inject({ method: "POST", url: "/sandbox/remita/_control/notify", payload: { rrr } });
    expect(res.json()).toEqual({ deliveries: [{ status: 0, body: "", error: expect.any(String) }] });
    await unreachable.close();
  });

  it("payment without notification (notify: false): paid at Remita, nothing sent", async () => {
    const { rrr } = await newRrr();
    await control("pay", { rrr, outcome: "approve", notify: false });
    expect((await status(rrr)).status).toBe("00");
    await sleep(150);
    expect(receiver.received).toHaveLength(0);
  });

  it("a wrong amount paid shows in the status and the notification", async () => {
    const { rrr } = await newRrr({ amount: "15000.00" });
    await control("pay", { rrr, outcome: "approve", amount: "14999.50" });
    expect(await status(rrr)).toMatchObject({ status: "00", amount: 14999.5 });
    const [hit] = await receiver.waitFor(1);
    expect(JSON.parse(hit?.raw.toString() ?? "[]")[0].amount).toBe(14999.5);
    await control("pay", { rrr, outcome: "approve", amount: "20000" });
    expect((await status(rrr)).amount).toBe(20000);
  });

  it("decline → 02 and abort → 012, without notifications", async () => {
    const declined = await newRrr();
    const aborted = await newRrr();
    await control("pay", { rrr: declined.rrr, outcome: "decline" });
    await control("pay", { rrr: aborted.rrr, outcome: "abort" });
    expect(await status(declined.rrr)).toMatchObject({ status: "02", message: "Transaction Failed" });
    expect(await status(aborted.rrr)).toMatchObject({ status: "012", message: "User Aborted Transaction" });
    await sleep(100);
    expect(receiver.received).toHaveLength(0);
  });

  it("sends a notification many times, concurrently, on demand (also for an unpaid RRR)", async () => {
    const { rrr } = await newRrr();
    const res = await control("notify", { rrr, times: 4, concurrent: true });
    expect(res.json()).toEqual({ deliveries: Array.from({ length: 4 }, () => ({ status: 200, body: "OK" })) });
    expect(receiver.received).toHaveLength(4);
    const bodies = new Set(receiver.received.map((hit) => hit.raw.toString()));
    expect(bodies.size).toBe(1);
    expect(JSON.parse([...bodies][0] ?? "[]")[0]).toMatchObject({ rrr, responseCode: "025" });
  });

  it("posts the same notification as plain text or as a form on demand", async () => {
    const { rrr } = await newRrr();
    await control("notify", { rrr, format: "text" });
    await control("notify", { rrr, format: "form" });
    const [text, form] = receiver.received;
    expect(text?.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(JSON.parse(text?.raw.toString() ?? "[]")[0]).toMatchObject({ rrr, responseCode: "025" });
    expect(form?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    const fields = new URLSearchParams(form?.raw.toString());
    expect(fields.get("rrr")).toBe(rrr);
    expect(fields.get("orderRef")).toBeTruthy();
    expect((await control("notify", { rrr, format: "xml" })).statusCode).toBe(400);
  });

  it("accepts a whole-naira amount as Remita's samples send it, hashed as sent", async () => {
    const whole = await paymentInit({ amount: "15000" }, { hashAmount: "15000" });
    expect(whole.answer.statuscode).toBe("025");
    const numeric = await paymentInit({ amount: 15000 }, { hashAmount: "15000" });
    expect(numeric.answer.statuscode).toBe("025");
    const mismatched = await paymentInit({ amount: "15000" }, { hashAmount: "15000.00" });
    expect(mismatched.answer.statuscode).toBe("013");
    const view = await app.inject({ method: "GET", url: `/sandbox/remita/_control/transactions/${whole.answer.RRR}` });
    expect(view.json()).toMatchObject({ amount: "15000.00", amountSent: "15000" });
  });

  it("validates control input with JSON errors", async () => {
    expect((await control("pay", { rrr: "000000000000", outcome: "approve" })).statusCode).toBe(404);
    const { rrr } = await newRrr();
    const bad = await control("pay", { rrr, outcome: "maybe" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toMatch(/outcome/);
    expect((await control("pay", { rrr, outcome: "approve", amount: "lots" })).statusCode).toBe(400);
    expect((await control("notify", { rrr, times: 0 })).statusCode).toBe(400);
    const malformed = await app.inject({
      method: "POST",
      url: "/sandbox/remita/_control/pay",
      headers: { "content-type": "application/json" },
      payload: "{",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty("error");
  });
});

describe("Remita outages", () => {
  it("error mode answers 500 on paymentinit and status; ok restores", async () => {
    const { rrr } = await newRrr();
    expect((await control("mode", { mode: "error" })).json()).toEqual({ mode: "error" });
    const init = await app.inject({ method: "POST", url: `${API}/merchant/api/paymentinit`, payload: {} });
    expect(init.statusCode).toBe(500);
    const hash = sha512(`${rrr}${C.apiKey}${C.merchantId}`);
    expect((await app.inject(`${API}/${C.merchantId}/${rrr}/${hash}/status.reg`)).statusCode).toBe(500);
    expect((await app.inject("/sandbox/remita/_control/mode")).json()).toEqual({ mode: "error", held: 0 });
    await control("mode", { mode: "ok" });
    expect((await status(rrr)).status).toBe("025");
  });

  it("timeout mode holds requests until the caller gives up, and lets them go on shutdown", async () => {
    const origin = await listen(app);
    await control("mode", { mode: "timeout" });
    const url = `${origin}${API}/${C.merchantId}/1/2/status.reg`;
    const started = Date.now();
    const gaveUp = await rawGet(url, 300);
    expect(gaveUp).toBeInstanceOf(Error);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    // The simulator lets a request go when its caller hangs up; the next one is closed on once it is held
    // (a request that came after the close would be refused instead).
    const heldNow = async (held: number) =>
      expect((await app.inject("/sandbox/remita/_control/mode")).json()).toEqual({ mode: "timeout", held });
    await vi.waitFor(() => heldNow(0), { timeout: 5_000, interval: 20 });
    const pending = rawGet(url);
    await vi.waitFor(() => heldNow(1), { timeout: 5_000, interval: 20 });
    const closing = Date.now();
    await app.close();
    expect(await pending).toBe(504);
    expect(Date.now() - closing).toBeLessThan(1_000);
  });
});

describe("Remita inline widget", () => {
  it("is plain JavaScript with no outside requests", async () => {
    const res = await app.inject(WIDGET);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/javascript/);
    expect(() => new Script(res.body)).not.toThrow();
    expect(res.body).not.toMatch(/https?:\/\//);
    expect(res.body).not.toMatch(/\beval\(|new Function/);
  });

  it("opens an accessible dialog and, on approve, pays the RRR and calls onSuccess", async () => {
    const origin = await listen(app);
    const { rrr } = await newRrr({ amount: "15000.00" });
    const dom = await pageWithScript(origin, WIDGET);
    const calls: Array<[string, unknown]> = [];
    const engine = (
      dom.window as unknown as {
        RmPaymentEngine: { init: (options: Record<string, unknown>) => { showPaymentWidget: () => void } };
      }
    ).RmPaymentEngine;
    engine
      .init({
        key: C.publicKey,
        processRrr: true,
        transactionId: "HP-REF-1",
        extendedData: { customFields: [{ name: "rrr", value: rrr }] },
        onSuccess: (response: unknown) => calls.push(["success", response]),
        onError: (response: unknown) => calls.push(["error", response]),
        onClose: (...args: unknown[]) => calls.push(["close", args.length]),
      })
      .showPaymentWidget();

    const { document } = dom.window;
    const dialog = document.querySelector('[role="dialog"]');
    expect(dialog?.getAttribute("aria-modal")).toBe("true");
    const title = document.getElementById(dialog?.getAttribute("aria-labelledby") ?? "");
    expect(title?.tagName).toBe("H2");
    expect(title?.textContent).toBe("Remita sandbox payment");
    expect(dialog?.contains(document.activeElement)).toBe(true);
    expect(dialogButtons(dom)).toEqual(["Approve payment", "Decline payment", "Close"]);
    await waitUntil(() => dialog?.textContent?.includes("₦15,000.00"));

    clickButton(dom, "Approve payment");
    await waitUntil(() => calls.length > 0);
    expect(calls).toEqual([
      [
        "success",
        { paymentReference: rrr, transactionId: "HP-REF-1", amount: 15000, message: "Approved", processorId: "SANDBOX" },
      ],
    ]);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(document.activeElement?.id).toBe("opener");
    expect(await status(rrr)).toMatchObject({ status: "00" });
    await receiver.waitFor(1);
    dom.window.close();
  });

  it("Escape closes with onClose() and no arguments; Decline calls onError and fails the RRR", async () => {
    const origin = await listen(app);
    const { rrr } = await newRrr();
    const dom = await pageWithScript(origin, WIDGET);
    const calls: Array<[string, unknown]> = [];
    const engine = (
      dom.window as unknown as {
        RmPaymentEngine: { init: (options: Record<string, unknown>) => { showPaymentWidget: () => void } };
      }
    ).RmPaymentEngine;
    const options = {
      key: C.publicKey,
      processRrr: true,
      extendedData: { customFields: [{ name: "rrr", value: rrr }] },
      onSuccess: (response: unknown) => calls.push(["success", response]),
      onError: (response: unknown) => calls.push(["error", response]),
      onClose: (...args: unknown[]) => calls.push(["close", args.length]),
    };
    engine.init(options).showPaymentWidget();
    pressKey(dom, "Escape");
    expect(calls).toEqual([["close", 0]]);
    expect(dom.window.document.querySelector('[role="dialog"]')).toBeNull();
    expect((await status(rrr)).status).toBe("025");

    engine.init(options).showPaymentWidget();
    clickButton(dom, "Decline payment");
    await waitUntil(() => calls.length > 1);
    expect(calls[1]).toEqual(["error", { message: "Transaction declined" }]);
    expect((await status(rrr)).status).toBe("02");
    dom.window.close();
  });

  it("invoice mode (no RRR): makes a new RRR for the amount and pays it", async () => {
    const origin = await listen(app);
    const dom = await pageWithScript(origin, WIDGET);
    const calls: unknown[] = [];
    const engine = (
      dom.window as unknown as {
        RmPaymentEngine: { init: (options: Record<string, unknown>) => { showPaymentWidget: () => void } };
      }
    ).RmPaymentEngine;
    engine
      .init({
        key: C.publicKey,
        transactionId: "HP-INVOICE-1",
        customerId: "wallet-9",
        firstName: "Bola",
        lastName: "Ige",
        email: "bola@example.ng",
        amount: 5000,
        narration: "Wallet top-up",
        onSuccess: (response: unknown) => calls.push(response),
        onError: (response: unknown) => calls.push(response),
      })
      .showPaymentWidget();
    expect(dom.window.document.querySelector('[role="dialog"]')?.textContent).toContain("₦5,000.00");
    clickButton(dom, "Approve payment");
    await waitUntil(() => calls.length > 0);
    const [success] = calls as Array<{ paymentReference: string; transactionId: string; amount: number }>;
    expect(success).toMatchObject({
      paymentReference: expect.stringMatching(/^\d{12}$/),
      transactionId: "HP-INVOICE-1",
      amount: 5000,
    });
    expect(await status(success?.paymentReference ?? "")).toMatchObject({ status: "00", orderId: "HP-INVOICE-1", amount: 5000 });
    dom.window.close();
  });

  it("refuses a wrong public key through onError", async () => {
    const origin = await listen(app);
    const { rrr } = await newRrr();
    const dom = await pageWithScript(origin, WIDGET);
    const calls: unknown[] = [];
    const engine = (
      dom.window as unknown as {
        RmPaymentEngine: { init: (options: Record<string, unknown>) => { showPaymentWidget: () => void } };
      }
    ).RmPaymentEngine;
    engine
      .init({
        key: "pk_wrong",
        processRrr: true,
        extendedData: { customFields: [{ name: "rrr", value: rrr }] },
        onError: (error: unknown) => calls.push(error),
      })
      .showPaymentWidget();
    clickButton(dom, "Approve payment");
    await waitUntil(() => calls.length > 0);
    expect(calls).toEqual([{ message: "Invalid public key" }]);
    expect((await status(rrr)).status).toBe("025");
    dom.window.close();
  });
});
