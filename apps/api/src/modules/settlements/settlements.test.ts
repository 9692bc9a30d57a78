import {
  API_PATHS,
  SETTLEMENT_MESSAGES,
  watDay,
  type ServiceRecord,
  type SettlementDifference,
  type SettlementReport,
} from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentsHarness, guestCheckout, itemFor, type PaymentsHarness } from "../../test/payments-harness";
import { buildUser, call } from "../../test/test-app";
import { checkLedger, ledgerIsSound } from "../ledger";
import { SettlementsRepository, SettlementsService } from ".";

type User = Awaited<ReturnType<typeof buildUser>>;

let h: PaymentsHarness;
let admin: User;
let superAdmin: User;
let customer: User;
let open: ServiceRecord;

const today = () => watDay(new Date().toISOString());
const month = () => today().slice(0, 7);
const kobo = (naira: string | number) => Math.round(Number(naira) * 100);
/** Paystack Nigeria's local fee, written out again here: 1.5% (half up), ₦100 more from ₦2,500, at most ₦2,000. */
const paystackFee = (amount: number) => Math.min(Math.round(amount * 0.015) + (amount < 250_000 ? 0 : 10_000), 200_000);
/** Monnify's collection fee in the simulator: 1.5% (half up), at most ₦2,000. */
const monnifyFee = (amount: number) => Math.min(Math.round(amount * 0.015), 200_000);

beforeAll(async () => {
  h = await createPaymentsHarness();
  open = (await h.catalogue()).find((s) => s.fixed_price === "no" && Number(s.price) === 0)!;
  admin = await buildUser(h.t, { role: "ADMIN" });
  superAdmin = await buildUser(h.t, { role: "SUPERADMIN" });
  customer = await buildUser(h.t, { firstName: "Ada", lastName: "Obi" });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

async function waitFor(probe: () => Promise<boolean>, timeoutMs = 8_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const statusOf = async (reference: string) =>
  (await h.t.db.query<{ status: string }>(`SELECT status FROM invoices WHERE reference = $1`, [reference])).rows[0]?.status;
const balance = (code: string) => h.t.db.transaction((tx) => h.t.repositories.ledger.balance(tx, code));

/** A Paystack payment of `naira` (plus the ₦100 charge fee) by the signed-in customer, settled by its webhook. */
async function paystackPayment(naira: string): Promise<{ reference: string; totalKobo: number }> {
  const res = await call(h.t, "POST", API_PATHS.checkout, guestCheckout([itemFor(open, 1, naira)], "paystack"), customer.token);
  expect(res.status, res.text).toBe(201);
  const reference = String(res.json.reference);
  const gateway = res.json.gateway as { reference: string };
  await h.control("/sandbox/paystack/_control/charge", { reference: gateway.reference, outcome: "success", notify: true });
  await waitFor(async () => (await statusOf(reference)) === "completed");
  return { reference, totalKobo: kobo(naira) + 10_000 };
}

/** A Monnify transfer payment of `naira` (plus the fee) by a guest, settled by its webhook. */
async function monnifyPayment(naira: string): Promise<{ reference: string; totalKobo: number }> {
  const res = await call(h.t, "POST", API_PATHS.checkout, guestCheckout([itemFor(open, 1, naira)], "monnify"));
  expect(res.status, res.text).toBe(201);
  const reference = String(res.json.reference);
  const gateway = res.json.gateway as { bank_account: { account_number: string; amount: string } };
  await h.control("/sandbox/monnify/_control/transfer", {
    accountNumber: gateway.bank_account.account_number,
    amount: gateway.bank_account.amount,
    notify: true,
  });
  await waitFor(async () => (await statusOf(reference)) === "completed");
  return { reference, totalKobo: kobo(naira) + 10_000 };
}

const report = async (token = admin.token) => {
  const res = await call(h.t, "GET", `${API_PATHS.staffSettlements}?month=${month()}`, undefined, token);
  expect(res.status, res.text).toBe(200);
  return res.json as unknown as SettlementReport;
};
const day = async (gateway: string) => (await report()).days.find((row) => row.gateway === gateway && row.day === today())!;
const differences = async (gateway: string, of = month()) =>
  (await call(h.t, "GET", `${API_PATHS.settlementDifferences}?month=${of}&gateway=${gateway}`, undefined, admin.token)).json
    .results as SettlementDifference[];
const importPaystack = (token = admin.token) =>
  call(h.t, "POST", API_PATHS.importSettlements, { gateway: "paystack", from: today(), to: tomorrow() }, token);
const tomorrow = () => watDay(new Date(Date.now() + 86_400_000).toISOString());

describe("gateway settlements reconciled", () => {
  it("imports Paystack's settlement of the day: the settled payments leave clearing, the net reaches the bank, the fees are an expense; one withheld waits", async () => {
    const payments = [await paystackPayment("3000.00"), await paystackPayment("1500.00"), await paystackPayment("900.00")];
    const withheld = payments[2]!;
    await h.control("/sandbox/paystack/_control/withhold", { reference: withheld.reference });
    const settled = await h.control("/sandbox/paystack/_control/settle", { day: today() });
    expect(settled.settlement).toBeTruthy();
    const [clearing, bank, fees] = [
      await balance("clearing:paystack"),
      await balance("asset:bank:gateway_settlements"),
      await balance("expense:gateway_fees"),
    ];

    const res = await importPaystack();
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ detail: SETTLEMENT_MESSAGES.imported(1), imported: 1 });
    const gross = payments[0]!.totalKobo + payments[1]!.totalKobo;
    const fee = paystackFee(payments[0]!.totalKobo) + paystackFee(payments[1]!.totalKobo);
    expect(clearing - (await balance("clearing:paystack"))).toBe(gross);
    expect((await balance("asset:bank:gateway_settlements")) - bank).toBe(gross - fee);
    expect((await balance("expense:gateway_fees")) - fees).toBe(fee);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);

    const row = await day("paystack");
    expect(row).toMatchObject({
      payments: 3,
      awaiting: (withheld.totalKobo / 100).toFixed(2),
      missing: "0.00",
      open_differences: 1,
    });
    expect(kobo(row.settled)).toBe(gross);
    expect(kobo(row.fees)).toBe(fee);
    expect(kobo(row.net)).toBe(gross - fee);
    expect(kobo(row.collected)).toBe(gross + withheld.totalKobo);
    expect(await differences("paystack")).toEqual([
      expect.objectContaining({ kind: "awaiting", status: "awaiting", invoice_reference: withheld.reference, id: null }),
    ]);

    // Imported once: a second import finds nothing new and moves nothing.
    const again = await importPaystack();
    expect(again.json).toEqual({ detail: SETTLEMENT_MESSAGES.nothingNew, imported: 0 });
    expect(clearing - (await balance("clearing:paystack"))).toBe(gross);
  });

  it("writes the withheld payment off only with another officer's sign-off, and then owes nothing open", async () => {
    const [withheld] = (await differences("paystack")).filter((row) => row.status === "awaiting");
    const asked = await call(
      h.t,
      "POST",
      API_PATHS.settlementDifferences,
      {
        gateway: "paystack",
        kind: "missing",
        reference: withheld!.invoice_reference,
        explanation: "Charged back by the cardholder's bank",
        write_off: true,
      },
      admin.token,
    );
    expect(asked.status, asked.text).toBe(201);
    expect(asked.json.detail).toBe(SETTLEMENT_MESSAGES.writeOffAsked);
    const twice = await call(
      h.t,
      "POST",
      API_PATHS.settlementDifferences,
      { gateway: "paystack", kind: "missing", reference: withheld!.invoice_reference, explanation: "Again" },
      admin.token,
    );
    expect(twice.status).toBe(409);
    const [pending] = (await differences("paystack")).filter((row) => row.status === "write_off_pending");
    expect(pending).toMatchObject({ explanation: "Charged back by the cardholder's bank", explained_by: expect.any(String) });
    const own = await call(
      h.t,
      "POST",
      API_PATHS.decideSettlementWriteOff(pending!.id!),
      { decision: "approve", note: "Mine" },
      admin.token,
    );
    expect(own.status).toBe(403);
    const clearing = await balance("clearing:paystack");
    const approved = await call(
      h.t,
      "POST",
      API_PATHS.decideSettlementWriteOff(pending!.id!),
      { decision: "approve", note: "Chargeback letter on file" },
      superAdmin.token,
    );
    expect(approved.status, approved.text).toBe(200);
    expect(clearing - (await balance("clearing:paystack"))).toBe(kobo(pending!.amount));
    const row = await day("paystack");
    expect(row).toMatchObject({ written_off: pending!.amount, open_differences: 0 });
    const decidedAgain = await call(
      h.t,
      "POST",
      API_PATHS.decideSettlementWriteOff(pending!.id!),
      { decision: "approve", note: "Twice" },
      superAdmin.token,
    );
    expect(decidedAgain.status).toBe(409);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });

  it("records Monnify's settlement from its signed webhook, reading its transactions by settlement reference", async () => {
    const paid = [await monnifyPayment("2000.00"), await monnifyPayment("150000.00")];
    const clearing = await balance("clearing:monnify");
    const settled = await h.control("/sandbox/monnify/_control/settle", { day: today() });
    expect((settled.delivered as { status: number }).status).toBe(200);
    const gross = paid[0]!.totalKobo + paid[1]!.totalKobo;
    const fee = monnifyFee(paid[0]!.totalKobo) + monnifyFee(paid[1]!.totalKobo);
    expect(clearing - (await balance("clearing:monnify"))).toBe(gross);
    const row = await day("monnify");
    expect(row).toMatchObject({ payments: 2, awaiting: "0.00", unmatched: "0.00", open_differences: 0 });
    expect(kobo(row.settled)).toBe(gross);
    expect(kobo(row.fees)).toBe(fee);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
    // The same settlement notified again is recorded once.
    const recorded = await h.t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM gateway_settlements WHERE gateway = 'monnify'`,
    );
    expect(recorded.rows[0]!.n).toBe(1);
  });

  it("keeps a settled transaction that names no payment of ours in suspense until it is explained or written off", async () => {
    // A Paystack transaction started at the gateway by someone else, not through the hospital.
    const started = await fetch(`${h.apiUrl}/sandbox/paystack/transaction/initialize`, {
      method: "POST",
      headers: { authorization: `Bearer ${h.t.env.PAYSTACK_SECRET_KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ email: "stranger@example.ng", amount: 500_000, reference: `STRANGER-${Date.now()}` }),
    });
    const { data } = (await started.json()) as { data: { reference: string } };
    await h.control("/sandbox/paystack/_control/charge", { reference: data.reference, outcome: "success", notify: false });
    await h.control("/sandbox/paystack/_control/settle", { day: today() });
    const suspense = await balance("suspense:unmatched_settlements");
    expect((await importPaystack()).json).toMatchObject({ imported: 1 });
    expect(suspense - (await balance("suspense:unmatched_settlements"))).toBe(500_000);
    // Paystack settles the next day: the transaction is a difference of the settlement's day (and month).
    const settledMonth = tomorrow().slice(0, 7);
    const unmatched = (await differences("paystack", settledMonth)).find((row) => row.kind === "unmatched")!;
    expect(unmatched.day).toBe(tomorrow());
    expect(unmatched).toMatchObject({ gateway_reference: data.reference, amount: "5000.00", status: "open" });
    const explained = await call(
      h.t,
      "POST",
      API_PATHS.settlementDifferences,
      { gateway: "paystack", kind: "unmatched", reference: data.reference, explanation: "A test charge by Paystack support" },
      admin.token,
    );
    expect(explained.status, explained.text).toBe(201);
    expect((await differences("paystack", settledMonth)).find((row) => row.kind === "unmatched")).toMatchObject({
      status: "explained",
    });
    const unknown = await call(
      h.t,
      "POST",
      API_PATHS.settlementDifferences,
      { gateway: "paystack", kind: "missing", reference: "NOT-A-PAYMENT", explanation: "x" },
      admin.token,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.json.reference).toEqual([SETTLEMENT_MESSAGES.noDifference]);
  });

  it("closes a month only once it is over and nothing in it is left open; Remita is not reconciled", async () => {
    const closeNow = await call(h.t, "POST", API_PATHS.closeSettlementMonth(month()), { note: "Too soon" }, admin.token);
    expect(closeNow.status).toBe(409);
    expect(closeNow.json.detail).toBe(SETTLEMENT_MESSAGES.monthNotOver);
    const remita = await call(
      h.t,
      "POST",
      API_PATHS.importSettlements,
      { gateway: "remita", from: today(), to: today() },
      admin.token,
    );
    expect(remita.status).toBe(400);
    expect(remita.json.gateway).toEqual([SETTLEMENT_MESSAGES.noReport]);
    expect((await call(h.t, "GET", `${API_PATHS.staffSettlements}?month=${month()}`, undefined, customer.token)).status).toBe(
      403,
    );

    for (const path of [API_PATHS.staffSettlements, API_PATHS.settlementDifferences]) {
      for (const query of ["", "?month=2026-13", "?month=november"]) {
        const bad = await call(h.t, "GET", `${path}${query}`, undefined, admin.token);
        expect(bad.status, `${path}${query}`).toBe(400);
        expect(bad.json.month, `${path}${query}`).toBeInstanceOf(Array);
      }
    }
    const backwards = await call(
      h.t,
      "POST",
      API_PATHS.importSettlements,
      { gateway: "paystack", from: today(), to: "2020-01-01" },
      admin.token,
    );
    expect(backwards.status).toBe(400);
    expect(backwards.json.to).toEqual([SETTLEMENT_MESSAGES.range]);

    // Standing on the next month's first week: a Paystack payment still unsettled keeps the month open.
    const late = await paystackPayment("700.00");
    const nextMonth = new Date(Date.UTC(Number(month().slice(0, 4)), Number(month().slice(5, 7)), 5)).toISOString().slice(0, 10);
    const service = new SettlementsService({
      db: h.t.db,
      settlements: new SettlementsRepository(h.t.db),
      paystack: { settlements: () => Promise.resolve([]) },
      monnify: { settlementNotice: () => null, settlement: () => Promise.reject(new Error("unused")) },
      ledger: h.t.repositories.ledger,
      audit: h.t.repositories.audit,
      log: h.t.app.log,
      today: () => nextMonth,
    });
    const staff = { id: admin.id, role: "ADMIN" } as Parameters<typeof service.close>[0];
    await expect(service.close(staff, month(), "All settled")).rejects.toMatchObject({
      statusCode: 409,
      message: SETTLEMENT_MESSAGES.monthOpen(1),
    });
    await call(
      h.t,
      "POST",
      API_PATHS.settlementDifferences,
      { gateway: "paystack", kind: "missing", reference: late.reference, explanation: "Settled in the next month's first batch" },
      admin.token,
    );
    await expect(service.close(staff, month(), "All settled or explained")).resolves.toEqual({
      detail: SETTLEMENT_MESSAGES.monthClosed,
    });
    await expect(service.close(staff, month(), "Again")).rejects.toMatchObject({ statusCode: 409 });
    const closed = await report();
    expect(closed.closed).toMatchObject({ note: "All settled or explained" });
    // A closed month takes no more explanations.
    const after = await call(
      h.t,
      "POST",
      API_PATHS.settlementDifferences,
      { gateway: "paystack", kind: "missing", reference: late.reference, explanation: "Later" },
      admin.token,
    );
    expect(after.status).toBe(409);
  });
});
