import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentsHarness, type PaymentsHarness } from "../../test/payments-harness";
import { SAMPLE_KYC } from "../../test/kyc-fixtures";
import { buildUser, call } from "../../test/test-app";
import { checkLedger, ledgerIsSound } from "../ledger";

let h: PaymentsHarness;
let nin = 30_000_000_000;

beforeAll(async () => {
  h = await createPaymentsHarness({ RESERVED_ACCOUNT_RETRY_SECONDS: "0" });
});
afterAll(async () => {
  await h?.close();
});

interface Customer {
  id: number;
  token: string;
  email: string;
  kycId: number;
  accountNumber: string;
}

/** A customer whose KYC carries a NIN (their account reserved), verified at `tier` by an admin when given. */
async function customer(tier?: 1 | 2 | 3): Promise<Customer> {
  const user = await buildUser(h.t);
  nin += 1;
  expect((await call(h.t, "POST", "/auth/kyc/submit/", { ...SAMPLE_KYC, id_number: String(nin) }, user.token)).status).toBe(201);
  await h.t.services.reservedAccounts.settle();
  const kycId = Number((await call(h.t, "GET", "/auth/kyc/me/", undefined, user.token)).json.id);
  if (tier) {
    const decided = await call(
      h.t,
      "POST",
      `/api/staff/kyc/${kycId}/decision/`,
      { decision: "verified", tier_level: tier },
      admin.token,
    );
    expect(decided.status).toBe(200);
  }
  const account = await call(h.t, "GET", "/api/wallet/reserved-account/", undefined, user.token);
  expect(account.json.status).toBe("active");
  return { ...user, kycId, accountNumber: String(account.json.account_number) };
}

let admin: { id: number; token: string; email: string };
beforeAll(async () => {
  admin = await buildUser(h.t, { role: "ADMIN" });
});

/** Sends a transfer into the account and waits until it is credited or held. */
async function transfer(c: Customer, amount: string, senderName = "Bola Ade") {
  const answer = await h.control("/sandbox/monnify/_control/transfer", { accountNumber: c.accountNumber, amount, senderName });
  const reference = (answer.transaction as { transactionReference: string }).transactionReference;
  const end = Date.now() + 5_000;
  for (;;) {
    const { rows } = await h.t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM reserved_account_credits c
       WHERE c.transaction_reference = $1 AND (c.invoice_id IS NOT NULL OR EXISTS (SELECT 1 FROM kyc_holds k WHERE k.credit_id = c.id))`,
      [reference],
    );
    if (rows[0]!.n === 1 || Date.now() > end) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return reference;
}

const balanceOf = async (c: Customer) =>
  String((await call(h.t, "GET", "/auth/profile/", undefined, c.token)).json.wallet_balance);
const tierView = async (c: Customer) => (await call(h.t, "GET", "/api/wallet/tier/", undefined, c.token)).json;
const holdsOf = (c: Customer) =>
  h.t.db
    .query<{ id: number; status: string; amount: number; invoices: number }>(
      `SELECT id, status, amount_kobo AS amount, (SELECT count(*)::int FROM invoices WHERE id = kyc_holds.invoice_id) AS invoices
       FROM kyc_holds WHERE user_id = $1 ORDER BY id`,
      [c.id],
    )
    .then((r) => r.rows);
const suspense = () => h.t.repositories.ledger.balance(h.t.db, "suspense:kyc_holds");

describe("a reserved-account transfer over a tier cap", () => {
  it("is held in suspense, shown to the customer and staff, refused release while over the cap, and released when the tier is raised", async () => {
    const c = await customer(2);
    const suspenseBefore = await suspense();
    await transfer(c, "50000");
    expect(await balanceOf(c)).toBe("50000.00");
    await transfer(c, "150000", "Chukwuma Eze");
    expect(await balanceOf(c)).toBe("50000.00");
    const [hold] = await holdsOf(c);
    expect(hold).toMatchObject({ status: "held", amount: 15_000_000 });
    expect(await suspense()).toBe(suspenseBefore - 15_000_000);

    const view = await tierView(c);
    expect(view).toMatchObject({
      tier: { tier_level: 2, max_single_credit: "100000.00", max_balance: "500000.00" },
      held_total: "150000.00",
      holds: [{ amount: "150000.00", sender_name: "Chukwuma Eze", cap: "single_credit", status: "held" }],
      credit_room: "100000.00",
    });
    expect(view.tiers).toHaveLength(3);
    // The customer's history shows the held transfer, its state and its Monnify reference as Monnify's.
    const heldHistory = await call(h.t, "GET", "/api/wallet/transactions/", undefined, c.token);
    expect(heldHistory.json.results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          amount: "150000.00",
          status: "held",
          sender_name: "Chukwuma Eze",
          payment_gateway: "monnify",
          rrr: expect.any(String),
        }),
      ]),
    );

    const list = await call(h.t, "GET", "/api/staff/kyc-holds/?status=held", undefined, admin.token);
    expect(list.status).toBe(200);
    expect(list.json.results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: hold!.id, amount: "150000.00", cap_amount: "100000.00", tier_level: 2, current_tier: 2 }),
      ]),
    );

    const early = await call(h.t, "POST", `/api/staff/kyc-holds/${hold!.id}/release/`, {}, admin.token);
    expect(early.status).toBe(409);
    // Staff read what stops the release and what would allow it, not the customer's top-up message.
    expect(early.json.detail).toBe(
      "This customer's tier 2 wallet accepts at most ₦100,000.00 in one credit; this credit is ₦150,000.00. Raise the customer's KYC tier to 3 to release it.",
    );

    const raised = await call(h.t, "POST", `/api/staff/kyc/${c.kycId}/tier/`, { tier_level: 3 }, admin.token);
    expect(raised.status).toBe(200);
    expect(raised.json.tier_level).toBe(3);
    expect(await balanceOf(c)).toBe("200000.00");
    expect((await holdsOf(c))[0]).toMatchObject({ status: "released", invoices: 1 });
    expect(await suspense()).toBe(suspenseBefore);
    expect((await tierView(c)).holds).toEqual([]);
    const history = await call(h.t, "GET", "/api/wallet/transactions/", undefined, c.token);
    expect(history.json.results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ amount: "150000.00", status: "completed", sender_name: "Chukwuma Eze" }),
      ]),
    );
    const audit = await h.t.db.query(`SELECT 1 FROM audit_log WHERE action = 'kyc.tier_changed' AND target_id = $1`, [
      String(c.kycId),
    ]);
    expect(audit.rows).toHaveLength(1);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });

  it("is released by the staff verification that sets a high enough tier (in its transaction)", async () => {
    const c = await customer();
    await transfer(c, "80000");
    expect(await balanceOf(c)).toBe("0.00");
    expect((await tierView(c)).tier).toMatchObject({ tier_level: 1 });
    const decided = await call(
      h.t,
      "POST",
      `/api/staff/kyc/${c.kycId}/decision/`,
      { decision: "verified", tier_level: 2 },
      admin.token,
    );
    expect(decided.status).toBe(200);
    expect(await balanceOf(c)).toBe("80000.00");
    expect((await holdsOf(c))[0]!.status).toBe("released");
  });

  it("is released once when many release requests and the worker's sweep race for it", async () => {
    const c = await customer();
    await transfer(c, "60000");
    const [hold] = await holdsOf(c);
    expect(hold!.status).toBe("held");
    // The tier raised without the hook (as if that release had been missed): release requests and the sweep race.
    await h.t.db.query(`UPDATE kyc_records SET status = 'verified', tier_level = 2 WHERE id = $1`, [c.kycId]);
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, () => call(h.t, "POST", `/api/staff/kyc-holds/${hold!.id}/release/`, {}, admin.token)),
      h.t.services.kycHolds.sweep(),
    ]);
    for (const answer of answers.slice(0, 12)) {
      expect(answer).toMatchObject({ status: 200, json: expect.objectContaining({ status: "released" }) });
    }
    expect(await balanceOf(c)).toBe("60000.00");
    const invoices = await h.t.db.query(`SELECT 1 FROM reserved_account_credits WHERE user_id = $1 AND invoice_id IS NOT NULL`, [
      c.id,
    ]);
    expect(invoices.rows).toHaveLength(1);
    const audits = await h.t.db.query(`SELECT 1 FROM audit_log WHERE action = 'kyc_hold.released' AND target_id = $1`, [
      String(hold!.id),
    ]);
    expect(audits.rows.length).toBeLessThanOrEqual(1);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });

  it("can be refunded to its sender by staff, audited, once; a refunded transfer is never released", async () => {
    const c = await customer();
    const suspenseBefore = await suspense();
    await transfer(c, "70000");
    const [hold] = await holdsOf(c);
    const noReason = await call(h.t, "POST", `/api/staff/kyc-holds/${hold!.id}/refund/`, { reason: " " }, admin.token);
    expect(noReason.status).toBe(400);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(h.t, "POST", `/api/staff/kyc-holds/${hold!.id}/refund/`, { reason: "Sender asked for it back" }, admin.token),
      ),
    );
    for (const answer of answers)
      expect(answer.json).toMatchObject({ status: "refunded", refund_reason: "Sender asked for it back" });
    expect(await suspense()).toBe(suspenseBefore);
    const refunds = await h.t.db.query(`SELECT 1 FROM journal_entries WHERE kind = 'kyc_hold_refund' AND description LIKE $1`, [
      `%(hold ${hold!.id})`,
    ]);
    expect(refunds.rows).toHaveLength(1);
    const audits = await h.t.db.query(`SELECT 1 FROM audit_log WHERE action = 'kyc_hold.refunded' AND target_id = $1`, [
      String(hold!.id),
    ]);
    expect(audits.rows).toHaveLength(1);
    const decided = await call(
      h.t,
      "POST",
      `/api/staff/kyc/${c.kycId}/decision/`,
      { decision: "verified", tier_level: 3 },
      admin.token,
    );
    expect(decided.status).toBe(200);
    expect(await balanceOf(c)).toBe("0.00");
    const release = await call(h.t, "POST", `/api/staff/kyc-holds/${hold!.id}/release/`, {}, admin.token);
    expect(release.status).toBe(409);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });

  it("refuses a tier that is not a whole number from 1 to 3 with a field error, changing nothing", async () => {
    const c = await customer(2);
    for (const body of [
      {},
      { tier_level: "3" },
      { tier_level: 0 },
      { tier_level: 4 },
      { tier_level: 2.5 },
      { tier_level: null },
    ]) {
      const res = await call(h.t, "POST", `/api/staff/kyc/${c.kycId}/tier/`, body, admin.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(
        Object.keys(res.json).filter((key) => key !== "detail" && key !== "code"),
        JSON.stringify(body),
      ).toEqual(["tier_level"]);
    }
    expect(await tierView(c)).toMatchObject({ tier: { tier_level: 2 } });
  });

  it("refuses a refund without a reason, with a field error", async () => {
    const res = await call(h.t, "POST", "/api/staff/kyc-holds/1/refund/", { reason: "   " }, admin.token);
    expect(res.status).toBe(400);
    expect(res.json.reason).toEqual(["This field may not be blank."]);
  });

  it("is for admins only; a customer sees only their own tier", async () => {
    const agent = await buildUser(h.t, { role: "AGENT" });
    const c = await customer();
    expect((await call(h.t, "GET", "/api/staff/kyc-holds/", undefined, agent.token)).status).toBe(403);
    expect((await call(h.t, "GET", "/api/staff/kyc-holds/", undefined, c.token)).status).toBe(403);
    expect((await call(h.t, "POST", "/api/staff/kyc-holds/1/release/", {}, c.token)).status).toBe(403);
    expect((await call(h.t, "GET", "/api/wallet/tier/", undefined, agent.token)).status).toBe(403);
    expect((await call(h.t, "POST", `/api/staff/kyc/${c.kycId}/tier/`, { tier_level: 2 }, admin.token)).status).toBe(409);
  });
});
