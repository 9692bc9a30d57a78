import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentsHarness, type PaymentsHarness } from "../../test/payments-harness";
import { SAMPLE_KYC } from "../../test/kyc-fixtures";
import { buildUser, call } from "../../test/test-app";

let h: PaymentsHarness;
let nin = 20_000_000_000;

beforeAll(async () => {
  h = await createPaymentsHarness({ RESERVED_ACCOUNT_RETRY_SECONDS: "0" });
});
afterAll(async () => {
  await h?.close();
});

const topUp = (token: string, amount: string) =>
  call(h.t, "POST", "/express/top-up/", { amount, payment_method: "remita" }, token);

const invoicesOf = (userId: number) =>
  h.t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM invoices WHERE user_id = $1`, [userId]).then((r) => r.rows[0]!.n);

/** A customer with KYC (a NIN), verified by an admin at `tier` when given. */
async function customerAtTier(tier?: 2 | 3) {
  const customer = await buildUser(h.t);
  nin += 1;
  expect((await call(h.t, "POST", "/auth/kyc/submit/", { ...SAMPLE_KYC, id_number: String(nin) }, customer.token)).status).toBe(
    201,
  );
  await h.t.services.reservedAccounts.settle();
  if (tier) {
    const admin = await buildUser(h.t, { role: "ADMIN" });
    const kycId = (await call(h.t, "GET", "/auth/kyc/me/", undefined, customer.token)).json.id;
    const decided = await call(
      h.t,
      "POST",
      `/api/staff/kyc/${kycId}/decision/`,
      { decision: "verified", tier_level: tier },
      admin.token,
    );
    expect(decided.status).toBe(200);
  }
  return customer;
}

describe("a gateway top-up over a tier cap", () => {
  it("is refused before payment for an unverified customer (tier 1), naming the single-credit cap; nothing is written", async () => {
    const customer = await buildUser(h.t);
    const res = await topUp(customer.token, "50000.01");
    expect(res.status).toBe(400);
    expect(res.json.amount).toEqual(["Your tier 1 wallet accepts at most ₦50,000.00 in one credit: top up at most ₦50,000.00."]);
    expect(await invoicesOf(customer.id)).toBe(0);
    expect((await topUp(customer.token, "50000")).status).toBe(201);
  });

  it("counts pending top-ups against the balance cap, and names what still fits", async () => {
    const customer = await buildUser(h.t);
    for (let i = 0; i < 5; i += 1) expect((await topUp(customer.token, "50000")).status).toBe(201);
    const before = await invoicesOf(customer.id);
    expect((await topUp(customer.token, "40000")).status).toBe(201);
    const res = await topUp(customer.token, "20000");
    expect(res.status).toBe(400);
    expect(res.json.amount).toEqual(["Your tier 1 wallet may hold at most ₦300,000.00: top up at most ₦10,000.00."]);
    expect((await topUp(customer.token, "10000")).status).toBe(201);
    const full = await topUp(customer.token, "0.01");
    expect(full.status).toBe(400);
    expect(full.json.amount).toEqual([
      "Your tier 1 wallet may hold at most ₦300,000.00: you cannot top up until you spend from it.",
    ]);
    expect(await invoicesOf(customer.id)).toBe(before + 2);
  });

  it("follows the staff KYC decision: tier 2 and tier 3 caps", async () => {
    const two = await customerAtTier(2);
    expect((await topUp(two.token, "100000")).status).toBe(201);
    const refused = await topUp(two.token, "100000.01");
    expect(refused.status).toBe(400);
    expect(refused.json.amount).toEqual([
      "Your tier 2 wallet accepts at most ₦100,000.00 in one credit: top up at most ₦100,000.00.",
    ]);
    const three = await customerAtTier(3);
    expect((await topUp(three.token, "5000000")).status).toBe(201);
    expect((await topUp(three.token, "5000000")).status).toBe(201);
  });

  it("lets concurrent top-ups past the balance cap only as far as it allows", async () => {
    const customer = await buildUser(h.t);
    const answers = await Promise.all(Array.from({ length: 10 }, () => topUp(customer.token, "50000")));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(6);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(4);
  });
});
