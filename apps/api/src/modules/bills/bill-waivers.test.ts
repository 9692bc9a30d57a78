import { API_PATHS, WAIVER_MESSAGES, type BillWaiver, type ServiceRecord, type StaffBill } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentsHarness, type PaymentsHarness } from "../../test/payments-harness";
import { buildUser, call, grantDesk } from "../../test/test-app";
import { checkLedger, ledgerIsSound } from "../ledger";

/** Issue 36: discounts and waivers, asked for by the desk and approved by an officer within their limit, once. */

type User = Awaited<ReturnType<typeof buildUser>>;

let h: PaymentsHarness;
let openPrice: ServiceRecord;
let desk: User;
let officer: User;
let smallOfficer: User;
let noRight: User;

beforeAll(async () => {
  h = await createPaymentsHarness({ BILL_MIN_PART_NAIRA: "500", BILL_RATE_LIMIT_MAX: "1000" });
  openPrice = (await h.catalogue()).find((s) => s.fixed_price === "no")!;
  desk = await buildUser(h.t, { role: "AGENT", firstName: "Desk", lastName: "Clerk" });
  officer = await buildUser(h.t, { role: "ADMIN", firstName: "Waiver", lastName: "Officer" });
  smallOfficer = await buildUser(h.t, { role: "ADMIN", firstName: "Small", lastName: "Limit" });
  noRight = await buildUser(h.t, { role: "ADMIN", firstName: "No", lastName: "Right" });
  await grantDesk(h.t, desk.id, { collectsMoney: true, waiverLimitKobo: 10_000_000 });
  await grantDesk(h.t, officer.id, { waiverLimitKobo: 10_000_000 });
  await grantDesk(h.t, smallOfficer.id, { waiverLimitKobo: 50_000 });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

async function raiseBill(naira: string) {
  const res = await call(
    h.t,
    "POST",
    API_PATHS.staffBills,
    {
      hospital_number: "FTH/WAIVE/0001",
      patient_name: "Amina Waiver-Patient",
      patient_phone: "08031112233",
      items: [{ service_id: openPrice.id, quantity: 1, price: naira, price_note: "Surgery agreed" }],
    },
    desk.token,
  );
  expect(res.status, res.text).toBe(201);
  return String((res.json.bill as { token: string }).token);
}

const ask = (token: string, body: Record<string, unknown>) =>
  call(h.t, "POST", API_PATHS.billWaivers(token), { reason: "Indigent patient, social welfare", ...body }, desk.token);
const decide = (id: number, by: User, decision = "approve") =>
  call(h.t, "POST", API_PATHS.decideWaiver(id), { decision, note: "Checked the social welfare form" }, by.token);
const bill = async (token: string) =>
  (await call(h.t, "GET", API_PATHS.staffBill(token), undefined, desk.token)).json as StaffBill;
const balance = (code: string) => h.t.db.transaction((tx) => h.t.repositories.ledger.balance(tx, code));

async function expectLedgerSound() {
  expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
}

describe("waivers", () => {
  it("takes 10% off a bill once an officer with the right and the limit approves it", async () => {
    const token = await raiseBill("10000.00");
    const asked = await ask(token, { percent: "10" });
    expect(asked.status, asked.text).toBe(201);
    const waiver = asked.json.waiver as BillWaiver;
    expect(waiver).toMatchObject({ amount: "1000.00", percent: "10.00", status: "pending", requested_by: { id: desk.id } });
    expect((await bill(token)).left).toBe("10000.00");

    const own = await decide(waiver.id, desk);
    expect(own.status).toBe(403);
    expect(own.json.detail).toBe(WAIVER_MESSAGES.ownRequest);
    const none = await decide(waiver.id, noRight);
    expect(none.status).toBe(403);
    expect(none.json.detail).toBe(WAIVER_MESSAGES.noRight);
    const small = await decide(waiver.id, smallOfficer);
    expect(small.status).toBe(403);
    expect(small.json.detail).toBe(WAIVER_MESSAGES.overLimit("₦500.00"));

    const before = await balance("expense:discounts_waivers");
    const approved = await decide(waiver.id, officer);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json.waiver).toMatchObject({ status: "approved", decided_by: { id: officer.id } });
    const after = await bill(token);
    expect(after).toMatchObject({ status: "open", paid: "0.00", waived: "1000.00", left: "9000.00" });
    expect(after.waivers.map((w) => w.status)).toEqual(["approved"]);
    expect((await balance("expense:discounts_waivers")) - before).toBe(100_000);

    const again = await decide(waiver.id, officer);
    expect(again.status).toBe(409);
    expect(again.json.detail).toBe(WAIVER_MESSAGES.notPending);
    expect((await bill(token)).waived).toBe("1000.00");
    // The public page asks for less too.
    const pub = await call(h.t, "GET", API_PATHS.publicBill(token));
    expect(pub.json).toMatchObject({ waived: "1000.00", left: "9000.00" });
    await expectLedgerSound();
  });

  it("never exceeds what is owed: not when asked, and not when two approvals race", async () => {
    const token = await raiseBill("2000.00");
    const tooMuch = await ask(token, { amount: "2000.01" });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json.amount).toEqual([WAIVER_MESSAGES.moreThanOwed("₦2,000.00")]);
    const both = await ask(token, { amount: "5", percent: "5" });
    expect(both.status).toBe(400);

    const first = (await ask(token, { amount: "1500.00" })).json.waiver as BillWaiver;
    const second = (await ask(token, { amount: "1500.00" })).json.waiver as BillWaiver;
    const answers = await Promise.all([decide(first.id, officer), decide(second.id, officer)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const after = await bill(token);
    expect(after).toMatchObject({ waived: "1500.00", left: "500.00", status: "open" });
    await expectLedgerSound();
  });

  it("pays the bill when it covers the rest: the total is revenue and the bill gets its receipt code", async () => {
    const token = await raiseBill("3000.00");
    const cashier = await buildUser(h.t, { role: "AGENT", firstName: "Cash", lastName: "Taker" });
    await grantDesk(h.t, cashier.id, { collectsMoney: true });
    expect((await call(h.t, "POST", API_PATHS.staffShifts, {}, cashier.token)).status).toBe(201);
    const part = await call(
      h.t,
      "POST",
      API_PATHS.deskPayments,
      { method: "cash", bill_token: token, amount: "2500.00", payer_name: "Brother Payer" },
      cashier.token,
    );
    expect(part.status, part.text).toBe(201);
    const revenueBefore = await balance("revenue:hospital");
    const waiver = (await ask(token, { amount: "500.00" })).json.waiver as BillWaiver;
    expect((await decide(waiver.id, officer)).status).toBe(200);
    const after = await bill(token);
    expect(after).toMatchObject({ status: "paid", paid: "2500.00", waived: "500.00", left: "0.00" });
    expect(after.receipt_code).toMatch(/\S/);
    expect((await balance("revenue:hospital")) - revenueBefore).toBe(-300_000);
    // Nothing more can be paid or waived.
    expect((await ask(token, { amount: "1.00" })).status).toBe(409);
    await expectLedgerSound();
  });

  it("is rejected with a note, and withdrawn or reversed when the bill is cancelled", async () => {
    const token = await raiseBill("4000.00");
    const rejected = (await ask(token, { amount: "100.00" })).json.waiver as BillWaiver;
    const no = await decide(rejected.id, officer, "reject");
    expect(no.status).toBe(200);
    expect(no.json.waiver).toMatchObject({ status: "rejected", decision_note: "Checked the social welfare form" });
    const approved = (await ask(token, { amount: "400.00" })).json.waiver as BillWaiver;
    expect((await decide(approved.id, officer)).status).toBe(200);
    const pending = (await ask(token, { amount: "200.00" })).json.waiver as BillWaiver;

    const discountsBefore = await balance("expense:discounts_waivers");
    const cancelled = await call(h.t, "POST", API_PATHS.cancelBill(token), { reason: "Patient transferred" }, officer.token);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect((await balance("expense:discounts_waivers")) - discountsBefore).toBe(-40_000);
    const after = await bill(token);
    expect(after.waivers.map((w) => [w.id, w.status])).toEqual([
      [rejected.id, "rejected"],
      [approved.id, "approved"],
      [pending.id, "withdrawn"],
    ]);
    expect((await decide(pending.id, officer)).status).toBe(409);
    await expectLedgerSound();
  });

  it("lists the waivers waiting for a decision", async () => {
    const token = await raiseBill("1000.00");
    const waiting = (await ask(token, { percent: "12.5" })).json.waiver as BillWaiver;
    expect(waiting.amount).toBe("125.00");
    const list = await call(h.t, "GET", `${API_PATHS.staffWaivers}?status=pending`, undefined, officer.token);
    expect(list.status).toBe(200);
    expect((list.json.results as BillWaiver[]).map((w) => w.id)).toContain(waiting.id);
    expect((await call(h.t, "GET", API_PATHS.staffWaivers)).status).toBe(401);
  });
});
