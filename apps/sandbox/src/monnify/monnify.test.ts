import { createHmac } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildSandboxServer, SANDBOX_CREDENTIALS } from "../index";
import { listen, waitUntil } from "../test/browser";
import { rawGet, sleep, startWebhookReceiver, type WebhookReceiver } from "../test/webhook-receiver";
import type { MonnifySettleAnswer } from "./monnify-control.routes";
import type { MonnifySettlementTransactionPage, MonnifySettlementView } from "./monnify-settlement.service";
import { monnifyFeeKobo } from "./monnify.protocol";

const C = SANDBOX_CREDENTIALS.monnify;
const BASE = "/sandbox/monnify";
const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString("base64")}`;
const hmac = (key: string, raw: Buffer) => createHmac("sha512", key).update(raw).digest("hex");

interface Envelope<T = Record<string, unknown>> {
  requestSuccessful: boolean;
  responseMessage: string;
  responseCode: string;
  responseBody: T;
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

async function login(): Promise<string> {
  const res = await app.inject({
    method: "POST",
    url: `${BASE}/api/v1/auth/login`,
    headers: { authorization: basic(C.apiKey, C.secretKey) },
  });
  expect(res.statusCode).toBe(200);
  return res.json<Envelope<{ accessToken: string }>>().responseBody.accessToken;
}

async function call(method: "GET" | "POST", path: string, token: string | null, payload?: Record<string, unknown>) {
  return app.inject({
    method,
    url: `${BASE}${path}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
}

async function initTransaction(token: string, overrides: Record<string, unknown> = {}) {
  seq += 1;
  return call("POST", "/api/v1/merchant/transactions/init-transaction", token, {
    amount: 15100,
    customerName: "Chinedu Eze",
    customerEmail: "chinedu@example.ng",
    paymentReference: `HP-MNFY-${Date.now()}-${seq}`,
    paymentDescription: "Hospital bill",
    currencyCode: "NGN",
    contractCode: C.contractCode,
    redirectUrl: "http://127.0.0.1/payment-success",
    paymentMethods: ["ACCOUNT_TRANSFER"],
    ...overrides,
  });
}

async function accountFor(token: string, amount = 15100) {
  const init = (await initTransaction(token, { amount })).json<
    Envelope<{ transactionReference: string; paymentReference: string }>
  >().responseBody;
  const res = await call("POST", "/api/v1/merchant/bank-transfer/init-payment", token, {
    transactionReference: init.transactionReference,
  });
  expect(res.statusCode).toBe(200);
  return { ...init, account: res.json<Envelope<{ accountNumber: string; totalPayable: number }>>().responseBody };
}

async function transactionStatus(token: string, transactionReference: string) {
  const res = await call("GET", `/api/v2/transactions/${encodeURIComponent(transactionReference)}`, token);
  return res.json<
    Envelope<{
      paymentStatus: string;
      amountPaid: number;
      totalPayable: number;
      paidOn: string | null;
      paymentMethod: string | null;
    }>
  >();
}

const control = (path: string, payload: Record<string, unknown> = {}) =>
  app.inject({ method: "POST", url: `${BASE}/_control/${path}`, payload });

/** Reserves an account at Wema bank; its number. */
async function reserveFor(token: string, accountReference: string): Promise<string> {
  const res = await call("POST", "/api/v2/bank-transfer/reserved-accounts", token, {
    accountReference,
    accountName: "Tolu Adebayo",
    currencyCode: "NGN",
    contractCode: C.contractCode,
    customerEmail: "tolu@example.ng",
    customerName: "Tolu Adebayo",
    nin: "12345678901",
    preferredBanks: ["035"],
  });
  expect(res.statusCode).toBe(200);
  return res.json<Envelope<{ accounts: Array<{ accountNumber: string }> }>>().responseBody.accounts[0]!.accountNumber;
}

describe("Monnify authentication", () => {
  it("logs in with Basic apiKey:secretKey and answers in the envelope", async () => {
    const res = await app.inject({
      method: "POST",
      url: `${BASE}/api/v1/auth/login`,
      headers: { authorization: basic(C.apiKey, C.secretKey) },
    });
    expect(res.json()).toEqual({
      requestSuccessful: true,
      responseMessage: "success",
      responseCode: "0",
      responseBody: { accessToken: expect.any(String), expiresIn: 3600 },
    });
  });

  it("refuses wrong or missing Basic credentials with 401", async () => {
    for (const authorization of [basic(C.apiKey, "wrong"), basic("MK_OTHER", C.secretKey), "Basic !!!", undefined]) {
      const res = await app.inject({
        method: "POST",
        url: `${BASE}/api/v1/auth/login`,
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json<Envelope>().requestSuccessful).toBe(false);
    }
  });

  it("needs a bearer token: 401 when missing, unknown or expired (by control or by time)", async () => {
    expect((await initTransaction("")).statusCode).toBe(401);
    const unknown = await initTransaction("not-a-token");
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ requestSuccessful: false, responseMessage: "Invalid access token" });

    const token = await login();
    expect((await initTransaction(token)).statusCode).toBe(200);
    expect((await control("expire-tokens")).json()).toEqual({ expired: 1 });
    const expired = await initTransaction(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ requestSuccessful: false, responseMessage: "Access token expired" });

    const fresh = await login();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 3_599_000);
    expect((await initTransaction(fresh)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 2_000);
    expect((await initTransaction(fresh)).statusCode).toBe(401);
  });
});

describe("Monnify transactions and dynamic accounts", () => {
  it("init-transaction answers a MNFY transaction reference and a checkout URL", async () => {
    const token = await login();
    const res = await initTransaction(token, { paymentReference: "HP-REF-42" });
    expect(res.statusCode).toBe(200);
    const body = res.json<Envelope<{ transactionReference: string; paymentReference: string; checkoutUrl: string }>>();
    expect(body).toMatchObject({ requestSuccessful: true, responseCode: "0" });
    expect(body.responseBody.transactionReference).toMatch(/^MNFY\|\d{2}\|\d{14}\|\d{6}$/);
    expect(body.responseBody.paymentReference).toBe("HP-REF-42");
    const page = await app.inject(new URL(body.responseBody.checkoutUrl).pathname);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.body).toContain("Wema bank");
  });

  it("refuses bad input like Monnify: contract code, currency, amount, duplicate paymentReference", async () => {
    const token = await login();
    for (const overrides of [
      { contractCode: "000" },
      { currencyCode: "USD" },
      { amount: 0 },
      { customerEmail: "nope" },
      { paymentMethods: ["CHEQUE"] },
    ]) {
      const res = await initTransaction(token, overrides);
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json<Envelope>().requestSuccessful).toBe(false);
    }
    await initTransaction(token, { paymentReference: "HP-DUP" });
    const duplicate = await initTransaction(token, { paymentReference: "HP-DUP" });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toMatchObject({ requestSuccessful: false, responseMessage: "Duplicate payment reference" });
  });

  it("init-payment gives a 10-digit account at Wema bank for 30 minutes; a paymentReference there fails", async () => {
    const token = await login();
    const init = (await initTransaction(token, { amount: "15100.00" })).json<
      Envelope<{ transactionReference: string; paymentReference: string }>
    >().responseBody;
    const wrong = await call("POST", "/api/v1/merchant/bank-transfer/init-payment", token, {
      transactionReference: init.paymentReference,
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json<Envelope>().requestSuccessful).toBe(false);

    const res = await call("POST", "/api/v1/merchant/bank-transfer/init-payment", token, {
      transactionReference: init.transactionReference,
    });
    const account = res.json<Envelope<Record<string, unknown>>>().responseBody;
    expect(account).toMatchObject({
      accountNumber: expect.stringMatching(/^\d{10}$/),
      accountName: expect.stringContaining("Chinedu Eze"),
      bankName: "Wema bank",
      bankCode: "035",
      accountDurationSeconds: 1800,
      totalPayable: 15100,
      transactionReference: init.transactionReference,
      paymentReference: init.paymentReference,
    });
    expect(account.expiresOn).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/);
    const again = await call("POST", "/api/v1/merchant/bank-transfer/init-payment", token, {
      transactionReference: init.transactionReference,
    });
    expect(again.json<Envelope<{ accountNumber: string }>>().responseBody.accountNumber).toBe(account.accountNumber);
  });

  it("account numbers carry a valid NUBAN check digit for their bank", async () => {
    const token = await login();
    const { account } = await accountFor(token);
    const digits = `000035${account.accountNumber.slice(0, 9)}`;
    const weights = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3];
    const sum = [...digits].reduce((total, digit, index) => total + Number(digit) * (weights[index] ?? 0), 0);
    expect(Number(account.accountNumber[9])).toBe((10 - (sum % 10)) % 10);
  });

  it("reports status by transaction reference (URL-encoded) and by payment reference", async () => {
    const token = await login();
    const { transactionReference, paymentReference } = await accountFor(token);
    const byTransaction = await transactionStatus(token, transactionReference);
    expect(byTransaction).toMatchObject({
      requestSuccessful: true,
      responseBody: { paymentStatus: "PENDING", amountPaid: 0, totalPayable: 15100, paidOn: null },
    });
    const byPayment = await call(
      "GET",
      `/api/v2/merchant/transactions/query?paymentReference=${encodeURIComponent(paymentReference)}`,
      token,
    );
    expect(byPayment.json()).toMatchObject({ responseBody: { transactionReference, paymentStatus: "PENDING" } });
    expect(
      (await call("GET", `/api/v2/transactions/${encodeURIComponent("MNFY|00|20000101000000|000000")}`, token)).statusCode,
    ).toBe(404);
    expect((await call("GET", "/api/v2/merchant/transactions/query?paymentReference=missing", token)).statusCode).toBe(404);
  });
});

describe("Monnify transfers and webhooks", () => {
  it("an exact transfer is PAID and sends a webhook signed over the raw body", async () => {
    const token = await login();
    const { transactionReference, paymentReference, account } = await accountFor(token);
    const res = await control("transfer", { accountNumber: account.accountNumber, amount: "15100.00" });
    expect(res.statusCode).toBe(200);
    expect((await transactionStatus(token, transactionReference)).responseBody).toMatchObject({
      paymentStatus: "PAID",
      amountPaid: 15100,
      paymentMethod: "ACCOUNT_TRANSFER",
      paidOn: expect.any(String),
    });
    const [hit] = await receiver.waitFor(1);
    if (!hit) throw new Error("no webhook");
    expect(hit.gateway).toBe("monnify");
    expect(hit.headers["monnify-signature"]).toBe(hmac(C.secretKey, hit.raw));
    const event = JSON.parse(hit.raw.toString("utf8")) as { eventType: string; eventData: Record<string, unknown> };
    expect(event.eventType).toBe("SUCCESSFUL_TRANSACTION");
    expect(event.eventData).toMatchObject({
      transactionReference,
      paymentReference,
      amountPaid: 15100,
      totalPayable: 15100,
      paymentStatus: "PAID",
      paymentMethod: "ACCOUNT_TRANSFER",
      paidOn: expect.any(String),
      customer: { name: "Chinedu Eze", email: "chinedu@example.ng" },
    });
  });

  it("less is PARTIALLY_PAID, then more adds up to OVERPAID", async () => {
    const token = await login();
    const { transactionReference } = await accountFor(token, 10000);
    await control("transfer", { transactionReference, amount: "4000.00", notify: false });
    expect((await transactionStatus(token, transactionReference)).responseBody).toMatchObject({
      paymentStatus: "PARTIALLY_PAID",
      amountPaid: 4000,
    });
    await control("transfer", { transactionReference, amount: "6500.50", notify: false });
    expect((await transactionStatus(token, transactionReference)).responseBody).toMatchObject({
      paymentStatus: "OVERPAID",
      amountPaid: 10500.5,
    });
    await sleep(100);
    expect(receiver.received).toHaveLength(0);
  });

  it("resends an automatic webhook until the API answers 200", async () => {
    receiver.respond = (_hit, index) =>
      index === 0 ? { status: 401, body: "bad" } : index === 1 ? { status: 202, body: "" } : { status: 200, body: "ok" };
    const token = await login();
    const { transactionReference, account } = await accountFor(token);
    await control("transfer", { accountNumber: account.accountNumber, amount: "15100" });
    await receiver.waitFor(3);
    const listing = await waitUntil(async () => {
      const all = (await app.inject(`${BASE}/_control/transactions`)).json<{
        transactions: Array<{ transactionReference: string; notifications: Array<{ status: number }> }>;
      }>();
      const record = all.transactions.find((candidate) => candidate.transactionReference === transactionReference);
      return record && record.notifications.length === 3 ? record : undefined;
    });
    expect(listing.notifications.map((delivery) => delivery.status)).toEqual([401, 202, 200]);
  });

  it("control webhook: many copies concurrently, a bad signature, no signature", async () => {
    const token = await login();
    const { transactionReference, account } = await accountFor(token);
    await control("transfer", { accountNumber: account.accountNumber, amount: "15100", notify: false });

    const copies = await control("webhook", { transactionReference, times: 5, concurrent: true });
    expect(copies.json<{ deliveries: unknown[] }>().deliveries).toHaveLength(5);
    expect(receiver.received).toHaveLength(5);
    expect(receiver.received.every((hit) => hit.headers["monnify-signature"] === hmac(C.secretKey, hit.raw))).toBe(true);

    await control("webhook", { transactionReference, badSignature: true });
    const badHit = receiver.received[5];
    expect(badHit?.headers["monnify-signature"]).toMatch(/^[0-9a-f]{128}$/);
    expect(badHit?.headers["monnify-signature"]).not.toBe(hmac(C.secretKey, badHit?.raw ?? Buffer.alloc(0)));

    await control("webhook", { transactionReference, omitSignature: true });
    expect(receiver.received[6]?.headers["monnify-signature"]).toBeUndefined();
  });

  it("an expired account refuses transfers and reports EXPIRED; it also expires by time", async () => {
    const token = await login();
    const { transactionReference, account } = await accountFor(token);
    expect((await control("expire", { transactionReference })).json()).toMatchObject({
      transaction: { paymentStatus: "EXPIRED" },
    });
    expect((await transactionStatus(token, transactionReference)).responseBody.paymentStatus).toBe("EXPIRED");
    const refused = await control("transfer", { accountNumber: account.accountNumber, amount: "15100" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toHaveProperty("error");

    const later = await accountFor(token);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 1_801_000);
    const fresh = await login();
    expect((await transactionStatus(fresh, later.transactionReference)).responseBody.paymentStatus).toBe("EXPIRED");
  });

  it("reserved accounts: created with a BVN at the chosen bank; a transfer is its own PAID transaction", async () => {
    const token = await login();
    const res = await call("POST", "/api/v2/bank-transfer/reserved-accounts", token, {
      accountReference: "wallet-17",
      accountName: "Ngozi Bello",
      currencyCode: "NGN",
      contractCode: C.contractCode,
      customerEmail: "ngozi@example.ng",
      customerName: "Ngozi Bello",
      bvn: "22212345678",
      preferredBanks: ["035"],
    });
    expect(res.statusCode).toBe(200);
    const reserved =
      res.json<Envelope<{ accounts: Array<{ accountNumber: string; bankCode: string }>; status: string }>>().responseBody;
    expect(reserved.status).toBe("ACTIVE");
    expect(reserved.accounts).toEqual([
      expect.objectContaining({ bankCode: "035", accountNumber: expect.stringMatching(/^\d{10}$/) }),
    ]);
    const again = await call("POST", "/api/v2/bank-transfer/reserved-accounts", token, {
      accountReference: "wallet-17",
      accountName: "Ngozi Bello",
      contractCode: C.contractCode,
      customerEmail: "ngozi@example.ng",
      bvn: "22212345678",
    });
    // Monnify refuses a taken reference (even with the same details); the account is read with GET.
    expect(again.statusCode).toBe(422);
    expect(again.json<Envelope>()).toMatchObject({
      requestSuccessful: false,
      responseCode: "99",
      responseMessage: "You can not reserve two accounts with the same reference",
    });
    const read = await call("GET", "/api/v2/bank-transfer/reserved-accounts/wallet-17", token);
    expect(read.json<Envelope<{ accounts: unknown[] }>>().responseBody.accounts).toEqual(reserved.accounts);
    expect((await call("GET", "/api/v2/bank-transfer/reserved-accounts/wallet-404", token)).statusCode).toBe(404);
    const noId = await call("POST", "/api/v2/bank-transfer/reserved-accounts", token, {
      accountReference: "wallet-18",
      accountName: "No Id",
      contractCode: C.contractCode,
      customerEmail: "x@example.ng",
    });
    expect(noId.statusCode).toBe(400);

    await control("transfer", { accountNumber: reserved.accounts[0]?.accountNumber, amount: "2500.00" });
    const [hit] = await receiver.waitFor(1);
    const event = JSON.parse(hit?.raw.toString() ?? "{}") as {
      eventData: { product: { type: string; reference: string }; paymentStatus: string; amountPaid: number };
    };
    expect(event.eventData).toMatchObject({
      product: { type: "RESERVED_ACCOUNT", reference: "wallet-17" },
      paymentStatus: "PAID",
      amountPaid: 2500,
    });
  });

  it("reserved accounts: a transfer from any sender answers PAID to the status query and names the sender in the webhook", async () => {
    const token = await login();
    const accountNumber = await reserveFor(token, "wallet-31");
    expect(accountNumber).toMatch(/^\d{10}$/);
    const sent = await control("transfer", { accountNumber, amount: "123456.78", senderName: "Adaeze Okafor" });
    expect(sent.statusCode).toBe(200);
    const reference = sent.json<{ transaction: { transactionReference: string } }>().transaction.transactionReference;
    const status = await call("GET", `/api/v2/transactions/${encodeURIComponent(reference)}`, token);
    expect(status.json<Envelope>().responseBody).toMatchObject({
      paymentStatus: "PAID",
      amountPaid: 123456.78,
      paymentMethod: "ACCOUNT_TRANSFER",
      product: { type: "RESERVED_ACCOUNT", reference: "wallet-31" },
    });
    const [hit] = await receiver.waitFor(1);
    expect(hit?.headers["monnify-signature"]).toBe(hmac(C.secretKey, hit!.raw));
    const event = JSON.parse(hit?.raw.toString() ?? "{}") as {
      eventType: string;
      eventData: { transactionReference: string; product: unknown; paymentSourceInformation: Array<{ accountName: string }> };
    };
    expect(event.eventType).toBe("SUCCESSFUL_TRANSACTION");
    expect(event.eventData.transactionReference).toBe(reference);
    expect(event.eventData.product).toEqual({ type: "RESERVED_ACCOUNT", reference: "wallet-31" });
    expect(event.eventData.paymentSourceInformation[0]?.accountName).toBe("Adaeze Okafor");
  });

  it("reserved-account webhooks can be delayed, duplicated and reordered", async () => {
    const token = await login();
    const accountNumber = await reserveFor(token, "wallet-32");
    const referenceOf = (res: { json: <T>() => T }) =>
      res.json<{ transaction: { transactionReference: string } }>().transaction.transactionReference;
    // Delayed: the first transfer's webhook comes after the second's.
    const first = referenceOf(await control("transfer", { accountNumber, amount: "100.00", delayMs: 300 }));
    const second = referenceOf(await control("transfer", { accountNumber, amount: "200.00", delayMs: 0 }));
    const order = (await receiver.waitFor(2)).map(
      (hit) => (JSON.parse(hit.raw.toString()) as { eventData: { transactionReference: string } }).eventData.transactionReference,
    );
    expect(order).toEqual([second, first]);
    // Duplicated: three automatic deliveries of one webhook.
    await control("transfer", { accountNumber, amount: "300.00", copies: 3 });
    expect(await receiver.waitFor(5)).toHaveLength(5);
    // Withheld, then sent in the order asked.
    const third = referenceOf(await control("transfer", { accountNumber, amount: "1.00", notify: false }));
    const fourth = referenceOf(await control("transfer", { accountNumber, amount: "2.00", notify: false }));
    const sent = await control("webhook", { transactionReferences: [fourth, third] });
    expect(sent.json<{ deliveries: Array<{ status: number }> }>().deliveries.map((d) => d.status)).toEqual([200, 200]);
    const last = (await receiver.waitFor(7))
      .slice(5)
      .map(
        (hit) =>
          (JSON.parse(hit.raw.toString()) as { eventData: { transactionReference: string } }).eventData.transactionReference,
      );
    expect(last).toEqual([fourth, third]);
    expect((await control("transfer", { accountNumber, amount: "1", copies: 0 })).statusCode).toBe(400);
    expect((await control("transfer", { accountNumber, amount: "1", delayMs: -1 })).statusCode).toBe(400);
    expect((await control("transfer", { accountNumber, amount: "1", senderName: "" })).statusCode).toBe(400);
    expect((await control("webhook", { transactionReferences: [] })).statusCode).toBe(400);
  });

  it("validates control input with JSON errors", async () => {
    expect((await control("transfer", { accountNumber: "0000000000", amount: "100" })).statusCode).toBe(404);
    expect((await control("transfer", { amount: "100" })).statusCode).toBe(400);
    expect((await control("transfer", { accountNumber: "1", amount: "abc" })).statusCode).toBe(400);
    expect((await control("webhook", { transactionReference: "MNFY|x" })).statusCode).toBe(404);
    expect((await control("expire", {})).statusCode).toBe(404);
  });
});

describe("Monnify outages", () => {
  it("error mode: 500 in the envelope on login and API calls; ok restores", async () => {
    const token = await login();
    await control("mode", { mode: "error" });
    const failed = await initTransaction(token);
    expect(failed.statusCode).toBe(500);
    expect(failed.json<Envelope>().requestSuccessful).toBe(false);
    expect(
      (
        await app.inject({
          method: "POST",
          url: `${BASE}/api/v1/auth/login`,
          headers: { authorization: basic(C.apiKey, C.secretKey) },
        })
      ).statusCode,
    ).toBe(500);
    await control("mode", { mode: "ok" });
    expect((await initTransaction(token)).statusCode).toBe(200);
  });

  it("timeout mode holds API calls until the caller gives up", async () => {
    const origin = await listen(app);
    await control("mode", { mode: "timeout" });
    expect(await rawGet(`${origin}${BASE}/api/v2/merchant/transactions/query?paymentReference=x`, 200)).toBeInstanceOf(Error);
    await control("mode", { mode: "ok" });
    expect(await rawGet(`${origin}${BASE}/api/v2/merchant/transactions/query?paymentReference=x`, 2_000)).toBe(401);
  });
});

/** Runs `step` with the clock at `instant` (tokens and accounts made there stay valid there). */
async function at<T>(instant: string, step: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(instant));
  try {
    return await step();
  } finally {
    vi.useRealTimers();
  }
}

/** A silent transfer of `amount` naira into a reserved account at `instant`; its transactionReference. */
async function transferAt(instant: string, accountNumber: string, amount: string): Promise<string> {
  const res = await at(instant, () => control("transfer", { accountNumber, amount, notify: false }));
  expect(res.statusCode).toBe(200);
  return res.json<{ transaction: { transactionReference: string } }>().transaction.transactionReference;
}

async function settlementTransactions(token: string, query: string) {
  return call("GET", `/api/v1/transactions/find-by-settlement-reference?${query}`, token);
}

describe("Monnify fees", () => {
  it("1.5% rounded half up to the kobo, ₦2,000 at most, whatever the method", () => {
    expect(monnifyFeeKobo(30)).toBe(0);
    expect(monnifyFeeKobo(100)).toBe(2);
    expect(monnifyFeeKobo(1_510_000)).toBe(22_650);
    expect(monnifyFeeKobo(13_333_266)).toBe(199_999);
    expect(monnifyFeeKobo(13_333_300)).toBe(200_000);
    expect(monnifyFeeKobo(13_333_333)).toBe(200_000);
    expect(monnifyFeeKobo(100_000_000)).toBe(200_000);
  });
});

describe("Monnify settlements", () => {
  it("settles a WAT day's PAID transactions, less fees, into one settlement and sends a signed SETTLEMENT webhook", async () => {
    const accountNumber = await at("2026-11-20T08:00:00.000Z", async () => reserveFor(await login(), "wallet-settle"));
    const early = await transferAt("2026-11-20T23:30:00.000Z", accountNumber, "15100.00"); // 00:30 WAT on the 21st
    const capped = await transferAt("2026-11-21T22:59:59.000Z", accountNumber, "200000.00"); // 23:59:59 WAT
    await transferAt("2026-11-21T23:00:00.000Z", accountNumber, "500.00"); // the 22nd in WAT
    const { partial, dynamic, withheld } = await at("2026-11-21T11:00:00.000Z", async () => {
      const token = await login();
      const partial = (await accountFor(token, 10000)).transactionReference;
      await control("transfer", { transactionReference: partial, amount: "4000.00", notify: false });
      const [dynamic, withheld] = [await accountFor(token, 2500), await accountFor(token, 700)];
      await control("transfer", { transactionReference: dynamic.transactionReference, amount: "2500.00", notify: false });
      await control("transfer", { transactionReference: withheld.transactionReference, amount: "700.00", notify: false });
      return { partial, dynamic, withheld };
    });
    const byPaymentReference = await control("withhold", { reference: withheld.paymentReference });
    expect(byPaymentReference.json()).toMatchObject({
      transaction: { transactionReference: withheld.transactionReference, withheld: true, settlementReference: null },
    });

    const res = await control("settle", { day: "2026-11-21" });
    expect(res.statusCode).toBe(201);
    const answer = res.json<MonnifySettleAnswer>();
    const net = 15100 - 226.5 + (200000 - 2000) + (2500 - 37.5);
    expect(answer).toEqual({
      settlement: {
        settlementReference: expect.stringMatching(/^MNFY\|SETTLE\|[A-Z0-9]+$/),
        amount: net,
        destinationAccountNumber: "0123456789",
        destinationAccountName: "Hospipay Teaching Hospital",
        destinationBankCode: "058",
        destinationBankName: "GTBank",
        settlementTime: "21/11/2026 22:00:00",
        transactionsCount: 3,
        transactionReferences: [early, dynamic.transactionReference, capped],
      },
      delivered: { status: 200, body: "OK" },
    });
    const settlement = answer.settlement as MonnifySettlementView;

    const [hit] = await receiver.waitFor(1);
    if (!hit) throw new Error("no webhook");
    expect(hit.gateway).toBe("monnify");
    expect(hit.headers["monnify-signature"]).toBe(hmac(C.secretKey, hit.raw));
    const { transactionReferences: _references, ...eventData } = settlement;
    expect(JSON.parse(hit.raw.toString("utf8"))).toEqual({ eventType: "SETTLEMENT", eventData });

    const token = await login();
    const page = await settlementTransactions(token, `reference=${encodeURIComponent(settlement.settlementReference)}`);
    expect(page.statusCode).toBe(200);
    const body = page.json<Envelope<MonnifySettlementTransactionPage>>();
    expect(body).toMatchObject({ requestSuccessful: true, responseMessage: "success", responseCode: "0" });
    expect(body.responseBody).toMatchObject({ totalElements: 3, totalPages: 1, size: 10, number: 0 });
    expect(body.responseBody.content[0]).toEqual({
      transactionReference: early,
      paymentReference: early,
      amountPaid: 15100,
      totalPayable: 15100,
      settlementAmount: 14873.5,
      paidOn: "2026-11-21 00:30:00.000",
      paymentStatus: "PAID",
      paymentMethod: "ACCOUNT_TRANSFER",
      currency: "NGN",
    });
    expect(body.responseBody.content[1]).toMatchObject({ paymentReference: dynamic.paymentReference, settlementAmount: 2462.5 });
    expect(body.responseBody.content[2]).toMatchObject({ transactionReference: capped, settlementAmount: 198000 });
    // The status query reports the same settlement amount.
    expect((await transactionStatus(token, early)).responseBody).toMatchObject({ settlementAmount: 14873.5 });

    // Settled once only; the partly paid and the withheld transaction stay out.
    expect((await control("settle", { day: "2026-11-21" })).json()).toEqual({ settlement: null });
    expect((await control("settle", { day: "2026-11-21" })).statusCode).toBe(200);
    const listing = (await app.inject(`${BASE}/_control/transactions`)).json<{
      transactions: Array<{ transactionReference: string; settlementReference: string | null }>;
    }>().transactions;
    const settlementOf = (reference: string) => listing.find((t) => t.transactionReference === reference)?.settlementReference;
    expect([settlementOf(partial), settlementOf(withheld.transactionReference)]).toEqual([null, null]);
    expect(settlementOf(capped)).toBe(settlement.settlementReference);
    expect((await control("withhold", { reference: early })).statusCode).toBe(409);
    expect(receiver.received).toHaveLength(1);
  });

  it("find-by-settlement-reference: pages from 0, size 10 by default and 100 at most, bearer token, 404 when unknown", async () => {
    const accountNumber = await at("2026-11-20T08:00:00.000Z", async () => reserveFor(await login(), "wallet-pages"));
    for (let minute = 10; minute < 22; minute += 1) await transferAt(`2026-11-21T09:${minute}:00.000Z`, accountNumber, "100.00");
    const { settlement } = (await control("settle", { day: "2026-11-21" })).json<{ settlement: MonnifySettlementView }>();
    expect(settlement.transactionsCount).toBe(12);
    const reference = encodeURIComponent(settlement.settlementReference);
    const token = await login();

    const first = (await settlementTransactions(token, `reference=${reference}`)).json<
      Envelope<MonnifySettlementTransactionPage>
    >();
    expect(first.responseBody).toMatchObject({ totalElements: 12, totalPages: 2, size: 10, number: 0 });
    expect(first.responseBody.content).toHaveLength(10);
    const second = (await settlementTransactions(token, `reference=${reference}&page=1&size=5`)).json<
      Envelope<MonnifySettlementTransactionPage>
    >();
    expect(second.responseBody).toMatchObject({ totalElements: 12, totalPages: 3, size: 5, number: 1 });
    expect(second.responseBody.content.map((t) => t.transactionReference)).toEqual(
      first.responseBody.content.slice(5, 10).map((t) => t.transactionReference),
    );
    const big = (await settlementTransactions(token, `reference=${reference}&size=1000`)).json<
      Envelope<MonnifySettlementTransactionPage>
    >();
    expect(big.responseBody).toMatchObject({ size: 100, totalPages: 1 });

    expect((await settlementTransactions("", `reference=${reference}`)).statusCode).toBe(401);
    const unknown = await settlementTransactions(token, `reference=${encodeURIComponent("MNFY|SETTLE|NOPE")}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ requestSuccessful: false, responseCode: "99" });
    for (const query of ["", `reference=${reference}&page=-1`, `reference=${reference}&size=0`]) {
      const res = await settlementTransactions(token, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<Envelope>().requestSuccessful).toBe(false);
    }
  });

  it("a settlement webhook the API refuses is reported, not retried", async () => {
    receiver.respond = () => ({ status: 500, body: "down" });
    const accountNumber = await at("2026-11-20T08:00:00.000Z", async () => reserveFor(await login(), "wallet-refused"));
    await transferAt("2026-11-21T09:00:00.000Z", accountNumber, "100.00");
    const answer = (await control("settle", { day: "2026-11-21" })).json<MonnifySettleAnswer>();
    expect(answer).toMatchObject({ delivered: { status: 500, body: "down" } });
    await sleep(100);
    expect(receiver.received).toHaveLength(1);
  });

  it("validates the settle and withhold controls with JSON errors", async () => {
    for (const day of [undefined, "2026-13-01", "2026/11/21"]) {
      const res = await control("settle", { day });
      expect(res.statusCode, String(day)).toBe(400);
      expect(res.json()).toHaveProperty("error");
    }
    expect((await control("withhold", { reference: "MNFY|nope" })).statusCode).toBe(404);
  });
});
