import type { ServiceRecord } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentsHarness, itemFor, type PaymentsHarness } from "../../test/payments-harness";
import { SAMPLE_KYC } from "../../test/kyc-fixtures";
import { buildUser, call } from "../../test/test-app";
import { checkLedger, ledgerIsSound } from "../ledger";

/**
 * Credits that settle late (a top-up cancelled or expired, then paid; a refund into a wallet) against the
 * KYC tier caps, over real HTTP with the Remita simulator. Small caps: tier 1 takes ₦5,000 in one credit
 * and holds ₦12,000 at most.
 */
let h: PaymentsHarness;
let openPrice: ServiceRecord;
let admin: { id: number; token: string };
let superAdmin: { id: number; token: string };
let nin = 41_000_000_000;

beforeAll(async () => {
  h = await createPaymentsHarness({
    KYC_TIER1_MAX_CREDIT_NAIRA: "5000",
    KYC_TIER1_MAX_BALANCE_NAIRA: "12000",
    KYC_TIER2_MAX_CREDIT_NAIRA: "10000",
    KYC_TIER2_MAX_BALANCE_NAIRA: "40000",
    RESERVED_ACCOUNT_RETRY_SECONDS: "0",
  });
  openPrice = (await h.catalogue()).find((s) => s.fixed_price === "no" && Number(s.price) === 0)!;
  admin = await buildUser(h.t, { role: "ADMIN" });
  superAdmin = await buildUser(h.t, { role: "SUPERADMIN" });
});
afterAll(async () => {
  await h?.close();
});

/** A tier-1 customer with a submitted KYC (so staff can raise the tier later). */
async function customer() {
  const user = await buildUser(h.t);
  nin += 1;
  expect((await call(h.t, "POST", "/auth/kyc/submit/", { ...SAMPLE_KYC, id_number: String(nin) }, user.token)).status).toBe(201);
  await h.t.services.reservedAccounts.settle();
  const kycId = Number((await call(h.t, "GET", "/auth/kyc/me/", undefined, user.token)).json.id);
  const profile = await call(h.t, "GET", "/auth/profile/", undefined, user.token);
  return { ...user, kycId, walletId: Number(profile.json.wallet_id) };
}

async function startTopUp(token: string, amount: string) {
  const res = await call(h.t, "POST", "/express/top-up/", { amount, payment_method: "remita" }, token);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return { reference: String(res.json.reference), rrr: (res.json.rrr_response as { RRR: string }).RRR };
}

/** The payer pays the RRR and Remita notifies the API. */
async function payAtRemita(started: { rrr: string }) {
  await h.control("/sandbox/remita/_control/pay", { rrr: started.rrr, outcome: "approve", notify: false });
  await h.control("/sandbox/remita/_control/notify", { rrr: started.rrr });
}

/** The payer aborts at Remita and closes the widget: the top-up is closed as cancelled. */
async function abortAndCancel(started: { reference: string; rrr: string }) {
  await h.control("/sandbox/remita/_control/pay", { rrr: started.rrr, outcome: "abort", notify: false });
  const closed = await call(h.t, "POST", `/api/express/payments/${started.reference}/cancel/`, {});
  expect(closed.json).toMatchObject({ status: "failed", closed_reason: "cancelled" });
}

const balanceKobo = async (userId: number) =>
  Number((await h.t.db.query<{ b: number }>(`SELECT balance_kobo AS b FROM wallets WHERE user_id = $1`, [userId])).rows[0]!.b);
const holdsOf = async (userId: number) =>
  (
    await h.t.db.query<{ id: number; status: string; amount: number; source: string }>(
      `SELECT id, status, amount_kobo AS amount, source FROM kyc_holds WHERE user_id = $1 ORDER BY id`,
      [userId],
    )
  ).rows.map((r) => ({ ...r, amount: Number(r.amount) }));
const suspense = () => h.t.repositories.ledger.balance(h.t.db, "suspense:kyc_holds");
const CAP = 1_200_000;

describe("a late credit over a KYC tier cap", () => {
  it("holds each top-up paid after it was cancelled or expired that no longer fits: the wallet never exceeds its cap", async () => {
    const c = await customer();
    const suspenseBefore = await suspense();
    // Two top-ups started and cancelled at Remita, one left to expire: each freed its room.
    const late = [await startTopUp(c.token, "5000"), await startTopUp(c.token, "5000")];
    for (const started of late) await abortAndCancel(started);
    const expiring = await startTopUp(c.token, "4000");
    await h.t.db.query(`UPDATE invoices SET expires_at = now() - interval '1 minute' WHERE reference = $1`, [expiring.reference]);
    await h.t.db.query(
      `UPDATE gateway_payments SET next_check_at = now() WHERE invoice_id = (SELECT id FROM invoices WHERE reference = $1)`,
      [expiring.reference],
    );
    await h.t.paymentsWorker.runOnce();
    expect(
      (await h.t.db.query(`SELECT failure_reason FROM invoices WHERE reference = $1`, [expiring.reference])).rows[0],
    ).toEqual({ failure_reason: "expired" });
    late.push(expiring);
    // Fresh top-ups fill the wallet to ₦10,000 in that room.
    for (const started of [await startTopUp(c.token, "5000"), await startTopUp(c.token, "5000")]) await payAtRemita(started);
    expect(await balanceKobo(c.id)).toBe(1_000_000);

    // The closed ones are paid late: none fits (₦10,000 + ₦5,000 or ₦4,000 > ₦12,000).
    for (const started of late) {
      await payAtRemita(started);
      expect(await balanceKobo(c.id)).toBeLessThanOrEqual(CAP);
    }
    expect(await balanceKobo(c.id)).toBe(1_000_000);
    expect(await holdsOf(c.id)).toEqual([
      expect.objectContaining({ status: "held", amount: 500_000, source: "top_up" }),
      expect.objectContaining({ status: "held", amount: 500_000, source: "top_up" }),
      expect.objectContaining({ status: "held", amount: 400_000, source: "top_up" }),
    ]);
    expect(await suspense()).toBe(suspenseBefore - 1_400_000);
    // Notified again, a held top-up is not held or credited a second time.
    await h.control("/sandbox/remita/_control/notify", { rrr: late[0]!.rrr, times: 3, concurrent: true });
    await h.t.paymentsWorker.runOnce();
    expect(await holdsOf(c.id)).toHaveLength(3);
    expect(await balanceKobo(c.id)).toBe(1_000_000);
    const tier = (await call(h.t, "GET", "/api/wallet/tier/", undefined, c.token)).json;
    expect(tier).toMatchObject({ held_total: "14000.00", credit_room: "2000.00" });
    const heldHistory = (await call(h.t, "GET", "/api/wallet/transactions/?page_size=50", undefined, c.token)).json
      .results as Array<{ reference: string; status: string; payment_gateway: string }>;
    for (const started of late)
      expect(heldHistory.find((m) => m.reference === started.reference)).toMatchObject({
        status: "held",
        payment_gateway: "remita",
      });
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);

    // Room made by spending lets the worker release what now fits; a raised tier releases the rest.
    const paid = await call(
      h.t,
      "POST",
      "/express/checkout/",
      {
        items: [itemFor(openPrice, 1, "3900.00")],
        customer_meta: {
          first_name: "Ada",
          last_name: "Obi",
          email: "ada.obi@example.ng",
          phone_number: "08031234567",
          hospital_number: "FTH/2026/01001",
          transaction_description: "Scan",
        },
        payment_method: "wallet",
        wallet_id: c.walletId,
        charge_fee: "100.00",
      },
      c.token,
    );
    expect(paid.status).toBe(201);
    expect(await balanceKobo(c.id)).toBe(600_000);
    await h.t.services.kycHolds.sweep();
    expect(await balanceKobo(c.id)).toBe(1_100_000);
    expect((await holdsOf(c.id)).map((hold) => hold.status)).toEqual(["released", "held", "held"]);
    const early = await call(h.t, "POST", `/api/staff/kyc-holds/${(await holdsOf(c.id))[1]!.id}/release/`, {}, admin.token);
    expect(early.status).toBe(409);
    expect(early.json.detail).toBe(
      "This customer's tier 1 wallet may hold at most ₦12,000.00 and has room for ₦1,000.00 now; this credit is ₦5,000.00. Raise the customer's KYC tier to 2 to release it, or release it once they have spent from the wallet.",
    );
    const raised = await call(
      h.t,
      "POST",
      `/api/staff/kyc/${c.kycId}/decision/`,
      { decision: "verified", tier_level: 2 },
      admin.token,
    );
    expect(raised.status).toBe(200);
    expect(await balanceKobo(c.id)).toBe(2_000_000);
    expect((await holdsOf(c.id)).map((hold) => hold.status)).toEqual(["released", "released", "released"]);
    expect(await suspense()).toBe(suspenseBefore);
    const history = (await call(h.t, "GET", "/api/wallet/transactions/?page_size=50", undefined, c.token)).json.results as Array<{
      reference: string;
      status: string;
    }>;
    for (const started of late)
      expect(history.find((m) => m.reference === started.reference)).toMatchObject({ status: "completed" });
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });

  it("holds a refund into a wallet that is at its cap, instead of over-crediting it", async () => {
    const c = await customer();
    for (const amount of ["5000", "5000"]) await payAtRemita(await startTopUp(c.token, amount));
    const paid = await call(
      h.t,
      "POST",
      "/express/checkout/",
      {
        items: [itemFor(openPrice, 1, "1000.00")],
        customer_meta: {
          first_name: "Ada",
          last_name: "Obi",
          email: "ada.obi@example.ng",
          phone_number: "08031234567",
          hospital_number: "FTH/2026/01002",
          transaction_description: "Drugs",
        },
        payment_method: "wallet",
        wallet_id: c.walletId,
        charge_fee: "100.00",
      },
      c.token,
    );
    expect(paid.status).toBe(201);
    const reference = String((paid.json.invoice as { reference: string } | undefined)?.reference ?? paid.json.reference);
    await payAtRemita(await startTopUp(c.token, "3100"));
    expect(await balanceKobo(c.id)).toBe(CAP);
    const suspenseBefore = await suspense();

    const refunded = await call(
      h.t,
      "POST",
      `/api/staff/invoices/${reference}/refund/`,
      { reason: "Scan not done" },
      superAdmin.token,
    );
    expect(refunded.status, JSON.stringify(refunded.json)).toBe(200);
    expect(await balanceKobo(c.id)).toBe(CAP);
    expect(await holdsOf(c.id)).toEqual([expect.objectContaining({ status: "held", amount: 110_000, source: "refund" })]);
    expect(await suspense()).toBe(suspenseBefore - 110_000);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });

  it("tells the customer by e-mail and SMS, in their language, that money arrived and is held, and what to do", async () => {
    const c = await customer();
    await h.t.db.query(`UPDATE users SET locale = 'pcm' WHERE id = $1`, [c.id]);
    const lateOne = await startTopUp(c.token, "5000");
    await abortAndCancel(lateOne);
    for (const amount of ["5000", "5000"]) await payAtRemita(await startTopUp(c.token, amount));
    const mailBefore = Number((await h.t.db.query<{ n: number }>(`SELECT max(id) AS n FROM mail_outbox`)).rows[0]!.n);
    const smsBefore = Number((await h.t.db.query<{ n: number }>(`SELECT coalesce(max(id), 0) AS n FROM sms_outbox`)).rows[0]!.n);
    await payAtRemita(lateOne);
    expect(await holdsOf(c.id)).toEqual([expect.objectContaining({ status: "held", amount: 500_000 })]);

    const mails = (
      await h.t.db.query<{ subject: string; text_body: string }>(
        `SELECT subject, text_body FROM mail_outbox WHERE id > $1 AND to_address = $2`,
        [mailBefore, c.email],
      )
    ).rows;
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain("₦5,000.00");
    expect(mails[0]!.text_body).toContain(lateOne.reference);
    expect(mails[0]!.text_body).toContain("₦12,000.00");
    expect(mails[0]!.text_body).toMatch(/tier/i);
    // Pidgin, not English.
    expect(mails[0]!.subject).toMatch(/don land|don hold/i);
    const texts = (
      await h.t.db.query<{ kind: string; body: string }>(`SELECT kind, body FROM sms_outbox WHERE id > $1 AND to_number = $2`, [
        smsBefore,
        "+2348031234567",
      ])
    ).rows;
    expect(texts).toEqual([expect.objectContaining({ kind: "held_credit" })]);
    expect(texts[0]!.body).toContain("NGN 5,000.00");
    expect(texts[0]!.body).toMatch(/KYC/);
  });
});
