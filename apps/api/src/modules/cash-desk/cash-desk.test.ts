import { API_PATHS, CASH_DESK_MESSAGES, type ServiceRecord, type Shift } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentsHarness, itemFor, type PaymentsHarness } from "../../test/payments-harness";
import { buildUser, call, grantDesk } from "../../test/test-app";
import { checkLedger, ledgerIsSound } from "../ledger";

/** Issue 36: cash and POS at the desk, inside a shift, through the one settlement; the shift's drawer and its count. */

type User = Awaited<ReturnType<typeof buildUser>>;

let h: PaymentsHarness;
let openPrice: ServiceRecord;
let fixedPrice: ServiceRecord;
let admin: User;
let otherAdmin: User;

beforeAll(async () => {
  h = await createPaymentsHarness({
    BILL_MIN_PART_NAIRA: "500",
    BILL_RATE_LIMIT_MAX: "1000",
    DRAWER_VARIANCE_LIMIT_NAIRA: "100",
  });
  const all = await h.catalogue();
  openPrice = all.find((s) => s.fixed_price === "no")!;
  fixedPrice = all.find((s) => s.fixed_price !== "no" && Number(s.price) > 0 && Number(s.price) <= 20_000)!;
  admin = await buildUser(h.t, { role: "ADMIN", firstName: "Bola", lastName: "Signer" });
  otherAdmin = await buildUser(h.t, { role: "ADMIN", firstName: "Tunde", lastName: "Second" });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

/** A cashier: an agent who collects money (and gives no items). */
async function cashier(name = "Amaka") {
  const user = await buildUser(h.t, { role: "AGENT", firstName: name, lastName: "Cashier" });
  await grantDesk(h.t, user.id, { collectsMoney: true, givesItems: false });
  return user;
}

async function raiseBill(by: User, naira: string) {
  const res = await call(
    h.t,
    "POST",
    API_PATHS.staffBills,
    {
      hospital_number: "FTH/DESK/0001",
      patient_name: "Kelechi Desk-Patient",
      patient_phone: "08031112233",
      items: [{ service_id: openPrice.id, quantity: 1, price: naira, price_note: "Agreed at the desk" }],
    },
    by.token,
  );
  expect(res.status, res.text).toBe(201);
  return String((res.json.bill as { token: string }).token);
}

const openShift = (user: User, float?: string) =>
  call(h.t, "POST", API_PATHS.staffShifts, float === undefined ? {} : { float }, user.token);

const deskPay = (user: User, body: Record<string, unknown>) => call(h.t, "POST", API_PATHS.deskPayments, body, user.token);

const cash = (token: string, amount: string, extra: Record<string, unknown> = {}) => ({
  method: "cash",
  bill_token: token,
  amount,
  payer_name: "Ngozi Relative",
  ...extra,
});

const balance = (code: string) => h.t.db.transaction((tx) => h.t.repositories.ledger.balance(tx, code));

const billOf = async (token: string, user: User) =>
  (await call(h.t, "GET", API_PATHS.staffBill(token), undefined, user.token)).json as { status: string; paid: string };

async function expectLedgerSound() {
  expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
}

describe("taking money at the desk", () => {
  it("takes cash and POS only inside an open shift, from members who collect money", async () => {
    const member = await cashier("Ifeoma");
    const token = await raiseBill(member, "3000.00");

    const noShift = await deskPay(member, cash(token, "1000.00"));
    expect(noShift.status).toBe(409);
    expect(noShift.json.detail).toBe(CASH_DESK_MESSAGES.noOpenShift);

    const noRight = await buildUser(h.t, { role: "AGENT", firstName: "Sade", lastName: "Porter" });
    expect((await openShift(noRight)).status).toBe(201);
    const refused = await deskPay(noRight, cash(token, "1000.00"));
    expect(refused.status).toBe(403);
    expect(refused.json.detail).toBe(CASH_DESK_MESSAGES.collectsNoMoney);

    expect((await openShift(member, "5000.00")).status).toBe(201);
    const taken = await deskPay(member, cash(token, "1000.00", { tendered: "1500.00" }));
    expect(taken.status, taken.text).toBe(201);
    expect(taken.json).toMatchObject({ status: "completed", method: "cash", amount: "1000.00", change: "500.00" });
    expect(taken.json.receipt_code).toMatch(/^[A-Z0-9-]+$/);
    expect(taken.json.bill).toMatchObject({ token, paid: "1000.00", left: "2000.00", status: "open" });

    const slip = await deskPay(member, {
      method: "pos",
      bill_token: token,
      amount: "2000.00",
      terminal_reference: "rrn-204519",
      payer_name: "Obi Brother",
    });
    expect(slip.status, slip.text).toBe(201);
    expect(slip.json.bill).toMatchObject({ status: "paid", left: "0.00" });
    expect((await billOf(token, member)).status).toBe("paid");

    // The part's invoices carry their methods and no charge fee.
    const { rows } = await h.t.db.query<{ payment_method: string; charge_fee_kobo: number; total_kobo: number }>(
      `SELECT payment_method, charge_fee_kobo, total_kobo FROM invoices WHERE reference IN ($1, $2) ORDER BY payment_method`,
      [taken.json.reference, slip.json.reference],
    );
    expect(rows).toEqual([
      { payment_method: "cash", charge_fee_kobo: 0, total_kobo: 100_000 },
      { payment_method: "pos", charge_fee_kobo: 0, total_kobo: 200_000 },
    ]);
    await expectLedgerSound();
  });

  it("refuses a POS slip recorded twice, a POS payment without its reference and a cash one with one", async () => {
    const member = await cashier("Chika");
    await openShift(member);
    const token = await raiseBill(member, "4000.00");
    const first = await deskPay(member, { ...cash(token, "1000.00"), method: "pos", terminal_reference: "SLIP-777001" });
    expect(first.status, first.text).toBe(201);
    const again = await deskPay(member, { ...cash(token, "1000.00"), method: "pos", terminal_reference: "slip-777001" });
    expect(again.status).toBe(409);
    expect(again.json.detail).toBe(CASH_DESK_MESSAGES.terminalReferenceUsed);
    const missing = await deskPay(member, { ...cash(token, "1000.00"), method: "pos" });
    expect(missing.status).toBe(400);
    expect(missing.json.terminal_reference).toEqual([CASH_DESK_MESSAGES.terminalReferenceRequired]);
    const withReference = await deskPay(member, cash(token, "1000.00", { terminal_reference: "SLIP-777002" }));
    expect(withReference.status).toBe(400);
    expect(withReference.json.terminal_reference).toEqual([CASH_DESK_MESSAGES.cashHasNoReference]);
    const tooLittle = await deskPay(member, cash(token, "1000.00", { tendered: "999.99" }));
    expect(tooLittle.status).toBe(400);
    expect(tooLittle.json.tendered).toEqual([CASH_DESK_MESSAGES.tenderedTooLittle]);
    // Nothing of the refused ones was written: the bill holds the first part only.
    expect((await billOf(token, member)).paid).toBe("1000.00");
  });

  it("takes a Quick Pay cart in cash: revenue at once, into the drawer", async () => {
    const member = await cashier("Uche");
    const opened = await openShift(member);
    const shiftId = (opened.json.shift as Shift).id;
    const res = await deskPay(member, {
      method: "cash",
      items: [itemFor(fixedPrice, 2)],
      payer_name: "Walk-in Payer",
      hospital_number: "FTH/WALK/01",
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.bill).toBeNull();
    const price = Math.round(Number(fixedPrice.price) * 100) * 2;
    expect(await balance(`cash:drawer:${shiftId}`)).toBe(price);
    await expectLedgerSound();
  });

  it("never overpays a bill when desk, wallet and gateway parts arrive at once", async () => {
    const member = await cashier("Efe");
    const second = await cashier("Dayo");
    await openShift(member, "1000.00");
    await openShift(second);
    const token = await raiseBill(member, "2000.00");
    const customer = await buildUser(h.t, { firstName: "Wallet", lastName: "Payer" });
    const { wallets, ledger } = h.t.repositories;
    await h.t.db.transaction(async (tx) => {
      const wallet = await wallets.ensure(customer.id, tx);
      await wallets.credit(tx, wallet.id, 500_000);
      await ledger.post(tx, {
        kind: "test_funding",
        invoiceId: null,
        description: "test wallet funding",
        postings: [
          { accountCode: "clearing:remita", amountKobo: 500_000 },
          { accountCode: wallet.accountCode, amountKobo: -500_000 },
        ],
      });
    });
    // A Remita part started before, paid at the gateway, settled by its callback in the race.
    const started = await call(h.t, "POST", API_PATHS.payBill(token), {
      amount: "2000.00",
      payer_name: "Gateway Payer",
      payer_email: "gateway@example.ng",
      payer_phone: "08035556677",
      payment_method: "remita",
    });
    expect(started.status, started.text).toBe(201);
    await h.control("/sandbox/remita/_control/pay", { rrr: started.json.rrr, outcome: "approve", notify: false });

    const answers = await Promise.all([
      deskPay(member, cash(token, "2000.00")),
      deskPay(second, { ...cash(token, "2000.00"), method: "pos", terminal_reference: "RACE-000001" }),
      call(
        h.t,
        "POST",
        API_PATHS.payBill(token),
        {
          amount: "2000.00",
          payer_name: "Wallet Payer",
          payer_email: "wallet@example.ng",
          payer_phone: "08035556678",
          payment_method: "wallet",
        },
        customer.token,
      ),
      call(h.t, "GET", `/api/express/callback/top-up/remita/?rrr=${String(started.json.rrr)}`),
    ]);
    const deskAndWallet = answers.slice(0, 3).map((a) => a.status);
    const { rows } = await h.t.db.query<{ paid_kobo: number; total_kobo: number }>(
      `SELECT paid_kobo, total_kobo FROM bills WHERE token = $1`,
      [token],
    );
    expect(rows[0]).toEqual({ paid_kobo: 200_000, total_kobo: 200_000 });
    // Exactly one of the four counted: the others were refused (desk, wallet) or held for a refund (gateway).
    const completed = await h.t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM invoices i JOIN bills b ON b.id = i.bill_id WHERE b.token = $1 AND i.status = 'completed'`,
      [token],
    );
    expect(completed.rows[0]!.n).toBe(1);
    expect(deskAndWallet.filter((s) => s === 201).length).toBeLessThanOrEqual(1);
    // Refused either before (the bill already paid: 409, or nothing left: 400) or behind the bill's lock (409).
    expect(
      deskAndWallet.filter((s) => s !== 201).every((s) => s === 409 || s === 400),
      JSON.stringify(deskAndWallet),
    ).toBe(true);
    await expectLedgerSound();
  });
});

describe("the drawer", () => {
  it("opens with a float from the bursary and closes within the variance at once", async () => {
    const member = await cashier("Halima");
    const bursaryBefore = await balance("cash:bursary");
    const opened = await openShift(member, "5000.00");
    const shift = opened.json.shift as Shift;
    expect(shift.drawer).toMatchObject({ float: "5000.00", expected: "5000.00", counted: null, awaiting_signoff: false });
    expect(await balance(`cash:drawer:${shift.id}`)).toBe(500_000);
    const token = await raiseBill(member, "1500.00");
    expect((await deskPay(member, cash(token, "1500.00"))).status).toBe(201);

    const noCount = await call(h.t, "POST", API_PATHS.closeShift(shift.id), { note: "End of day" }, member.token);
    expect(noCount.status).toBe(400);
    expect(noCount.json.count).toEqual([CASH_DESK_MESSAGES.countRequired]);

    // ₦6,500 expected; ₦6,450 counted: ₦50 short, within the ₦100 limit.
    const count = { "50000": 0, "100000": 6, "20000": 2, "5000": 1 };
    const closed = await call(h.t, "POST", API_PATHS.closeShift(shift.id), { note: "End of day", count }, member.token);
    expect(closed.status, closed.text).toBe(200);
    const after = closed.json.shift as Shift;
    expect(after.status).toBe("closed");
    expect(after.drawer).toMatchObject({ expected: "6500.00", counted: "6450.00", variance: "-50.00", awaiting_signoff: false });
    expect(after.drawer!.cash).toEqual({ count: 1, amount: "1500.00" });
    expect(await balance(`cash:drawer:${shift.id}`)).toBe(0);
    expect((await balance("cash:bursary")) - bursaryBefore).toBe(645_000 - 500_000);
    expect(await balance("expense:cash_shortages")).toBeGreaterThanOrEqual(5_000);
    await expectLedgerSound();
  });

  it("holds a count beyond the variance for an admin's sign-off, taking no money meanwhile", async () => {
    const member = await cashier("Zainab");
    const shift = (await openShift(member, "5000.00")).json.shift as Shift;
    const token = await raiseBill(member, "3000.00");
    expect((await deskPay(member, cash(token, "1000.00"))).status).toBe(201);

    // ₦6,000 expected, ₦5,800 counted: ₦200 short.
    const count = { "100000": 5, "50000": 1, "20000": 1, "10000": 1 };
    const counted = await call(h.t, "POST", API_PATHS.closeShift(shift.id), { note: "Short by a note", count }, member.token);
    expect(counted.status, counted.text).toBe(200);
    expect(counted.json.detail).toBe(CASH_DESK_MESSAGES.awaitingAdmin("₦200.00 short"));
    expect(counted.json.shift).toMatchObject({ status: "open", drawer: { awaiting_signoff: true, variance: "-200.00" } });

    const blocked = await deskPay(member, cash(token, "1000.00"));
    expect(blocked.status).toBe(409);
    expect(blocked.json.detail).toBe(CASH_DESK_MESSAGES.awaitingSignoff);
    const twice = await call(h.t, "POST", API_PATHS.closeShift(shift.id), { note: "again", count }, member.token);
    expect(twice.status).toBe(409);

    const waiting = await call(h.t, "GET", `${API_PATHS.staffShifts}?awaiting_signoff=true`, undefined, admin.token);
    expect((waiting.json.results as Shift[]).map((s) => s.id)).toContain(shift.id);
    expect((waiting.json.results as Shift[]).find((s) => s.id === shift.id)?.drawer).toMatchObject({
      awaiting_signoff: true,
      variance: "-200.00",
    });

    const byAgent = await call(h.t, "POST", API_PATHS.signoffShift(shift.id), { decision: "approve", note: "ok" }, member.token);
    expect(byAgent.status).toBe(403);

    const sentBack = await call(
      h.t,
      "POST",
      API_PATHS.signoffShift(shift.id),
      { decision: "reject", note: "Count again" },
      admin.token,
    );
    expect(sentBack.status, sentBack.text).toBe(200);
    expect(sentBack.json.shift).toMatchObject({ status: "open", drawer: { counted: null, awaiting_signoff: false } });

    const recount = await call(h.t, "POST", API_PATHS.closeShift(shift.id), { note: "Recounted", count }, member.token);
    expect(recount.json.shift).toMatchObject({ status: "open", drawer: { awaiting_signoff: true } });
    const shortageBefore = await balance("expense:cash_shortages");
    const signed = await call(
      h.t,
      "POST",
      API_PATHS.signoffShift(shift.id),
      { decision: "approve", note: "Seen the drawer" },
      admin.token,
    );
    expect(signed.status, signed.text).toBe(200);
    expect(signed.json.detail).toBe(CASH_DESK_MESSAGES.signedOff);
    const closed = signed.json.shift as Shift;
    expect(closed).toMatchObject({ status: "closed", close_note: "Recounted" });
    expect(closed.drawer).toMatchObject({ counted: "5800.00", variance: "-200.00", signoff_note: "Seen the drawer" });
    expect(closed.drawer!.signed_off_by).toMatchObject({ id: admin.id });
    expect((await balance("expense:cash_shortages")) - shortageBefore).toBe(20_000);
    expect(await balance(`cash:drawer:${shift.id}`)).toBe(0);
    await expectLedgerSound();
  });

  it("lets no admin sign off their own count", async () => {
    await grantDesk(h.t, admin.id, { collectsMoney: true });
    const shift = (await openShift(admin, "1000.00")).json.shift as Shift;
    const counted = await call(h.t, "POST", API_PATHS.closeShift(shift.id), { note: "mine", count: {} }, admin.token);
    expect(counted.json.shift).toMatchObject({ drawer: { awaiting_signoff: true, variance: "-1000.00" } });
    const own = await call(h.t, "POST", API_PATHS.signoffShift(shift.id), { decision: "approve", note: "me" }, admin.token);
    expect(own.status).toBe(403);
    expect(own.json.detail).toBe(CASH_DESK_MESSAGES.ownCount);
    const other = await call(
      h.t,
      "POST",
      API_PATHS.signoffShift(shift.id),
      { decision: "approve", note: "seen" },
      otherAdmin.token,
    );
    expect(other.status, other.text).toBe(200);
    await expectLedgerSound();
  });

  it("refuses a count in anything but naira notes and coins", async () => {
    const member = await cashier("Nkechi");
    const shift = (await openShift(member, "100.00")).json.shift as Shift;
    const res = await call(h.t, "POST", API_PATHS.closeShift(shift.id), { note: "n", count: { "300": 1 } }, member.token);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain(CASH_DESK_MESSAGES.unknownDenomination);
  });
});

describe("POS settlements", () => {
  it("moves what the acquirer settled from POS clearing to the bank, its fee an expense, never more than awaits", async () => {
    const awaiting = await balance("clearing:pos");
    expect(awaiting).toBeGreaterThan(0);
    const tooMuch = await call(
      h.t,
      "POST",
      API_PATHS.posSettlements,
      { reference: "ACQ-1", settled_on: "2026-11-30", amount: ((awaiting + 1) / 100).toFixed(2) },
      admin.token,
    );
    expect(tooMuch.status).toBe(400);
    const body = { reference: "ACQ-2", settled_on: "2026-11-30", amount: (awaiting / 100).toFixed(2), fee: "5.00" };
    const bankBefore = await balance("clearing:bank_transfer");
    const settled = await call(h.t, "POST", API_PATHS.posSettlements, body, admin.token);
    expect(settled.status, settled.text).toBe(201);
    expect(settled.json.settlement).toMatchObject({ reference: "ACQ-2", awaiting: "0.00", fee: "5.00" });
    expect(await balance("clearing:pos")).toBe(0);
    expect((await balance("clearing:bank_transfer")) - bankBefore).toBe(awaiting - 500);
    const again = await call(h.t, "POST", API_PATHS.posSettlements, { ...body, amount: "0.01", fee: "0" }, admin.token);
    expect(again.status).toBe(400);
    const agent = await cashier("Agent");
    expect((await call(h.t, "POST", API_PATHS.posSettlements, body, agent.token)).status).toBe(403);
    await expectLedgerSound();
  });

  it("refuses bad fields with field errors, and a settlement reference recorded twice", async () => {
    const member = await cashier("Kunle");
    await openShift(member);
    const token = await raiseBill(member, "2000.00");
    const slip = `POS-${Date.now()}`;
    expect((await deskPay(member, { ...cash(token, "1000.00"), method: "pos", terminal_reference: slip })).status).toBe(201);
    const post = (body: Record<string, unknown>) => call(h.t, "POST", API_PATHS.posSettlements, body, admin.token);
    const missing = await post({ settled_on: "2026-11-30", amount: "1.00" });
    expect(missing.status).toBe(400);
    expect(missing.json.reference).toEqual(["This field is required."]);
    const badDate = await post({ reference: "ACQ-X", settled_on: "30/11/2026", amount: "1.00" });
    expect(badDate.json.settled_on).toEqual(["Enter a date as YYYY-MM-DD."]);
    const badAmount = await post({ reference: "ACQ-X", settled_on: "2026-11-30", amount: "1.005" });
    expect(badAmount.json.amount).toEqual(["Enter a valid amount."]);
    const feeOver = await post({ reference: "ACQ-X", settled_on: "2026-11-30", amount: "1.00", fee: "2.00" });
    expect(feeOver.json.fee).toEqual([CASH_DESK_MESSAGES.feeTooLarge]);
    expect((await post({ reference: "ACQ-ONCE", settled_on: "2026-11-30", amount: "400.00" })).status).toBe(201);
    const twice = await post({ reference: "ACQ-ONCE", settled_on: "2026-11-30", amount: "400.00" });
    expect(twice.status).toBe(409);
    expect(twice.json.detail).toBe(CASH_DESK_MESSAGES.posSettlementUsed);
    await expectLedgerSound();
  });
});
