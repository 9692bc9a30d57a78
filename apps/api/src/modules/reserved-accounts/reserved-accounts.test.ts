import { SANDBOX_CREDENTIALS } from "@hospipay/sandbox";
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentsHarness, type PaymentsHarness } from "../../test/payments-harness";
import { SAMPLE_KYC } from "../../test/kyc-fixtures";
import { buildUser, call } from "../../test/test-app";
import type { MonnifyGateway } from "../gateways";
import { checkLedger, ledgerIsSound } from "../ledger";
import { accountReferenceFor } from "./reserved-accounts.service";

let h: PaymentsHarness;
let nin = 10_000_000_000;

beforeAll(async () => {
  // Retried at once after a failure, so "gateway down, then up" needs no waiting.
  h = await createPaymentsHarness({ RESERVED_ACCOUNT_RETRY_SECONDS: "0" });
});
afterAll(async () => {
  await h?.close();
});

const PATH = "/api/wallet/reserved-account/";

async function mine(token: string) {
  const res = await call(h.t, "GET", PATH, undefined, token);
  expect(res.status).toBe(200);
  return res.json as { status: string; account_number: string | null; bank_name: string | null; account_name: string | null };
}

/** A customer who submitted KYC with a NIN; their reservation has run (in the background). */
async function customerWithNin(names: { firstName?: string; lastName?: string } = {}) {
  const customer = await buildUser(h.t, names);
  nin += 1;
  const res = await call(h.t, "POST", "/auth/kyc/submit/", { ...SAMPLE_KYC, id_number: String(nin) }, customer.token);
  expect(res.status).toBe(201);
  await h.t.services.reservedAccounts.settle();
  return customer;
}

const balanceOf = async (token: string) =>
  String((await call(h.t, "GET", "/auth/profile/", undefined, token)).json.wallet_balance);

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function transfer(accountNumber: string, amount: string, extra: Record<string, unknown> = {}) {
  const answer = await h.control("/sandbox/monnify/_control/transfer", { accountNumber, amount, ...extra });
  return (answer.transaction as { transactionReference: string }).transactionReference;
}

const creditsOf = (reference: string) =>
  h.t.db
    .query<{ n: number }>(`SELECT count(*)::int AS n FROM reserved_account_credits WHERE transaction_reference = $1`, [reference])
    .then((r) => r.rows[0]!.n);

describe("reserving a customer's account", () => {
  it("asks for a NIN first; once the KYC carries one the account is reserved and shown", async () => {
    const customer = await buildUser(h.t, { firstName: "Ngozi", lastName: "Bello" });
    expect(await mine(customer.token)).toEqual({
      status: "needs_nin",
      reason: "no_kyc",
      account_number: null,
      bank_name: null,
      account_name: null,
    });
    // A passport is not a NIN: no account.
    await call(h.t, "POST", "/auth/kyc/submit/", { ...SAMPLE_KYC, id_type: "PASSPORT", id_number: "A01234567" }, customer.token);
    await h.t.services.reservedAccounts.settle();
    expect(await mine(customer.token)).toMatchObject({ status: "needs_nin", reason: "not_nin" });
    nin += 1;
    const fixed = await call(h.t, "PUT", "/auth/kyc/update/", { ...SAMPLE_KYC, id_number: String(nin) }, customer.token);
    expect(fixed.status).toBe(200);
    await h.t.services.reservedAccounts.settle();
    const account = await mine(customer.token);
    expect(account).toMatchObject({ status: "active", bank_name: expect.any(String), account_name: "Ngozi Bello" });
    expect(account.account_number).toMatch(/^\d{10}$/);
  });

  it("reserves once: asked again (a KYC correction, a sweep, a lost answer) it keeps the same account", async () => {
    const customer = await customerWithNin();
    const first = await mine(customer.token);
    expect(first.status).toBe("active");
    nin += 1;
    await call(h.t, "PUT", "/auth/kyc/update/", { ...SAMPLE_KYC, id_number: String(nin) }, customer.token);
    await h.t.services.reservedAccounts.settle();
    await h.t.paymentsWorker.runOnce();
    expect(await mine(customer.token)).toEqual(first);
    // The answer lost and Monnify asked again with the same reference: it refuses, the adapter reads it.
    const monnify = h.t.gateways.monnify as MonnifyGateway;
    const reread = await monnify.reserveAccount({
      accountReference: accountReferenceFor(customer.id),
      accountName: "Anyone",
      customerName: "Anyone",
      customerEmail: customer.email,
      nin: "12345678901",
    });
    expect(reread.accountNumber).toBe(first.account_number);
    const rows = await h.t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM reserved_accounts WHERE user_id = $1`, [
      customer.id,
    ]);
    expect(rows.rows[0]!.n).toBe(1);
  });

  it("gateway down: the account is being set up; the worker reserves it once the gateway is back", async () => {
    await h.control("/sandbox/monnify/_control/mode", { mode: "error" });
    let customer;
    try {
      customer = await customerWithNin();
      expect((await mine(customer.token)).status).toBe("pending");
      await h.t.paymentsWorker.runOnce();
      expect((await mine(customer.token)).status).toBe("pending");
      const row = await h.t.db.query<{ attempts: number; last_error: string | null }>(
        `SELECT attempts, last_error FROM reserved_accounts WHERE user_id = $1`,
        [customer.id],
      );
      expect(row.rows[0]!.attempts).toBeGreaterThanOrEqual(2);
      expect(row.rows[0]!.last_error).toMatch(/Monnify/);
    } finally {
      await h.control("/sandbox/monnify/_control/mode", { mode: "ok" });
    }
    await h.t.paymentsWorker.runOnce();
    const account = await mine(customer.token);
    expect(account.status).toBe("active");
    expect(account.account_number).toMatch(/^\d{10}$/);
  });

  it("only customers have one", async () => {
    const agent = await buildUser(h.t, { role: "AGENT" });
    expect((await call(h.t, "GET", PATH, undefined, agent.token)).status).toBe(403);
    expect((await call(h.t, "GET", PATH)).status).toBe(401);
  });
});

describe("transfers into a reserved account", () => {
  it("credit the wallet by themselves, for the amount received, shown with the sender's name and e-mailed", async () => {
    const customer = await customerWithNin({ firstName: "Tunde", lastName: "Okoro" });
    const { account_number: number } = await mine(customer.token);
    expect(await balanceOf(customer.token)).toBe("0.00");
    const reference = await transfer(number!, "12345.67", { senderName: "Adaeze Okafor" });
    expect(
      await until(
        () => balanceOf(customer.token),
        (b) => b === "12345.67",
      ),
    ).toBe("12345.67");
    const history = await call(h.t, "GET", "/api/wallet/transactions/", undefined, customer.token);
    expect(history.json.results).toEqual([
      expect.objectContaining({
        transaction_type: "credit",
        amount: "12345.67",
        status: "completed",
        sender_name: "Adaeze Okafor",
      }),
    ]);
    expect(await creditsOf(reference)).toBe(1);
    const mail = await h.t.mailbox();
    const receipt = mail.find((m) => m.to === customer.email && m.subject.includes("bank transfer"));
    expect(receipt?.text).toContain("Adaeze Okafor");
    expect(receipt?.text).toContain(number!);
    const ledger = await h.t.repositories.ledger.balance(h.t.db, `wallet:${customer.id}`);
    expect(ledger).toBe(-1_234_567);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });

  it("50 concurrent duplicate webhooks (each with its status query) credit once", async () => {
    const customer = await customerWithNin();
    const { account_number: number } = await mine(customer.token);
    const reference = await transfer(number!, "5000.00", { notify: false });
    const answer = await h.control("/sandbox/monnify/_control/webhook", {
      transactionReference: reference,
      times: 50,
      concurrent: true,
    });
    const statuses = (answer.deliveries as Array<{ status: number }>).map((d) => d.status);
    expect(statuses).toEqual(Array.from({ length: 50 }, () => 200));
    expect(await balanceOf(customer.token)).toBe("5000.00");
    expect(await creditsOf(reference)).toBe(1);
    const movements = await call(h.t, "GET", "/api/wallet/transactions/", undefined, customer.token);
    expect(movements.json.count).toBe(1);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });

  it("late, duplicated and reordered webhooks credit each transfer once", async () => {
    const customer = await customerWithNin();
    const { account_number: number } = await mine(customer.token);
    const first = await transfer(number!, "100.00", { delayMs: 400, copies: 3 });
    const second = await transfer(number!, "250.50", { delayMs: 0, copies: 2 });
    expect(
      await until(
        () => balanceOf(customer.token),
        (b) => b === "350.50",
      ),
    ).toBe("350.50");
    // Every automatic delivery answered.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await balanceOf(customer.token)).toBe("350.50");
    expect(await creditsOf(first)).toBe(1);
    expect(await creditsOf(second)).toBe(1);
  });

  it("a forged webhook credits nothing; a signed one is believed only as far as the status query", async () => {
    const customer = await customerWithNin();
    const { account_number: number } = await mine(customer.token);
    const reference = await transfer(number!, "700.00", { notify: false });
    const bad = await h.control("/sandbox/monnify/_control/webhook", { transactionReference: reference, badSignature: true });
    const none = await h.control("/sandbox/monnify/_control/webhook", { transactionReference: reference, omitSignature: true });
    expect(
      [...(bad.deliveries as Array<{ status: number }>), ...(none.deliveries as Array<{ status: number }>)].map((d) => d.status),
    ).toEqual([401, 401]);
    // Hand-made, unsigned, claiming a big amount into this account: refused.
    const forged = JSON.stringify({
      eventType: "SUCCESSFUL_TRANSACTION",
      eventData: {
        transactionReference: reference,
        amountPaid: 9_999_999,
        paymentStatus: "PAID",
        paymentMethod: "ACCOUNT_TRANSFER",
        product: { type: "RESERVED_ACCOUNT", reference: accountReferenceFor(customer.id) },
      },
    });
    const unsigned = await fetch(`${h.apiUrl}/api/express/webhooks/monnify/`, {
      method: "POST",
      headers: { "content-type": "application/json", "monnify-signature": "0".repeat(128) },
      body: forged,
    });
    expect(unsigned.status).toBe(401);
    expect(await balanceOf(customer.token)).toBe("0.00");
    expect(await creditsOf(reference)).toBe(0);
    // Signed (as only Monnify can) but with a wrong amount: the status query's amount is what counts.
    const signed = await fetch(`${h.apiUrl}/api/express/webhooks/monnify/`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "monnify-signature": createHmac("sha512", SANDBOX_CREDENTIALS.monnify.secretKey).update(forged).digest("hex"),
      },
      body: forged,
    });
    expect(signed.status).toBe(200);
    expect(await balanceOf(customer.token)).toBe("700.00");
    // Signed, naming a transaction Monnify does not know: not credited, and not answered 200 (asked again).
    const unknown = forged.replace(reference, "MNFY|99|20260101000000|000000");
    const refused = await fetch(`${h.apiUrl}/api/express/webhooks/monnify/`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "monnify-signature": createHmac("sha512", SANDBOX_CREDENTIALS.monnify.secretKey).update(unknown).digest("hex"),
      },
      body: unknown,
    });
    expect(refused.status).toBe(503);
    expect(await balanceOf(customer.token)).toBe("700.00");
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });

  it("the status query is asked while Monnify is down: not credited and not answered 200, so it comes again", async () => {
    const customer = await customerWithNin();
    const { account_number: number } = await mine(customer.token);
    const reference = await transfer(number!, "300.00", { notify: false });
    await h.control("/sandbox/monnify/_control/mode", { mode: "error" });
    try {
      const answer = await h.control("/sandbox/monnify/_control/webhook", { transactionReference: reference });
      expect((answer.deliveries as Array<{ status: number }>)[0]!.status).toBe(503);
      expect(await creditsOf(reference)).toBe(0);
    } finally {
      await h.control("/sandbox/monnify/_control/mode", { mode: "ok" });
    }
    const again = await h.control("/sandbox/monnify/_control/webhook", { transactionReference: reference });
    expect((again.deliveries as Array<{ status: number }>)[0]!.status).toBe(200);
    expect(await balanceOf(customer.token)).toBe("300.00");
  });
});

describe("why a verified KYC has no account number", () => {
  /**
   * A customer whose KYC was stored as given (as before ID numbers were checked: the API now refuses these)
   * and verified at tier 2 by an admin, with the reservation's sweep run.
   */
  async function verifiedWithId(idType: string, idNumber: string) {
    const customer = await buildUser(h.t);
    const { rows } = await h.t.db.query<{ id: number }>(
      `INSERT INTO kyc_records (user_id, dob, address, next_of_kin_name, next_of_kin_phone, next_of_kin_address, id_number, id_type)
       VALUES ($1, '1988-04-12', '12 Marina', 'Bisi Adeyemi', '08021112222', '12 Marina', $2, $3) RETURNING id`,
      [customer.id, idNumber, idType],
    );
    const kycId = rows[0]!.id;
    const admin = await buildUser(h.t, { role: "ADMIN" });
    const decided = await call(
      h.t,
      "POST",
      `/api/staff/kyc/${kycId}/decision/`,
      { decision: "verified", tier_level: 2 },
      admin.token,
    );
    expect(decided.status).toBe(200);
    await h.t.paymentsWorker.runOnce();
    await h.t.services.reservedAccounts.settle();
    return { customer, admin, kycId, decided };
  }

  const reviewOf = async (token: string, kycId: number) => {
    const queue = await call(h.t, "GET", "/api/staff/kyc/?status=verified", undefined, token);
    expect(queue.status).toBe(200);
    return (queue.json.results as Array<{ id: number; reserved_account: unknown }>).find((row) => row.id === kycId);
  };

  it("a NIN that is not 11 digits: the customer and the reviewer are told it is why", async () => {
    const { customer, admin, kycId, decided } = await verifiedWithId("NIN", "12");
    expect(await mine(customer.token)).toEqual({
      status: "needs_nin",
      reason: "invalid_nin",
      account_number: null,
      bank_name: null,
      account_name: null,
    });
    expect(decided.json.reserved_account).toEqual({ status: "needs_nin", reason: "invalid_nin" });
    expect((await reviewOf(admin.token, kycId))?.reserved_account).toEqual({ status: "needs_nin", reason: "invalid_nin" });
  });

  it("an ID that is not a NIN, and no KYC at all, each with its own reason", async () => {
    const { customer, admin, kycId } = await verifiedWithId("PASSPORT", "A01234567");
    expect(await mine(customer.token)).toMatchObject({ status: "needs_nin", reason: "not_nin", account_number: null });
    expect((await reviewOf(admin.token, kycId))?.reserved_account).toEqual({ status: "needs_nin", reason: "not_nin" });
    const newcomer = await buildUser(h.t);
    expect(await mine(newcomer.token)).toMatchObject({ status: "needs_nin", reason: "no_kyc" });
  });

  it("an account issued, or being set up, has no reason; the reviewer sees it issued", async () => {
    const customer = await customerWithNin();
    expect(await mine(customer.token)).toMatchObject({ status: "active", reason: null });
    const admin = await buildUser(h.t, { role: "ADMIN" });
    const kycId = (await call(h.t, "GET", "/auth/kyc/me/", undefined, customer.token)).json.id as number;
    const pending = await call(h.t, "GET", "/api/staff/kyc/?status=PENDING", undefined, admin.token);
    const row = (pending.json.results as Array<{ id: number; reserved_account: unknown }>).find((r) => r.id === kycId);
    expect(row?.reserved_account).toEqual({ status: "active", reason: null });
  });
});
