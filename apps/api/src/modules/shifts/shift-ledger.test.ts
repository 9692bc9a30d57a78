import {
  API_PATHS,
  koboToDecimal,
  MESSAGES,
  nairaToKobo,
  watDay,
  type ServiceRecord,
  type Shift,
  type ShiftReport,
} from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentsHarness, fundWallet, guestCheckout, itemFor, type PaymentsHarness } from "../../test/payments-harness";
import { buildUser, call } from "../../test/test-app";
import { checkLedger, ledgerIsSound } from "../ledger";

type User = Awaited<ReturnType<typeof buildUser>>;

/**
 * One day on a database of its own, so that the day's figures are exactly what this file builds: the
 * reports' money is compared, figure by figure, with sums of the ledger's postings read here.
 */
let h: PaymentsHarness;
let lab: ServiceRecord;
let openPrice: ServiceRecord;
let agent: User;
let admin: User;
const today = watDay(new Date().toISOString());

beforeAll(async () => {
  h = await createPaymentsHarness({ BILL_RATE_LIMIT_MAX: "1000", BILL_MIN_PART_NAIRA: "500" });
  const all = await h.catalogue();
  lab = all.find((s) => s.fixed_price !== "no" && Number(s.price) > 0 && Number(s.price) <= 10_000 && s.department?.name)!;
  openPrice = all.find((s) => s.fixed_price === "no")!;
  agent = await buildUser(h.t, { role: "AGENT", firstName: "Ada", lastName: "Ledger" });
  admin = await buildUser(h.t, { role: "ADMIN", firstName: "Bola", lastName: "Approver" });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const kobo = (decimal: string) => nairaToKobo(decimal)!;

async function raiseBill(naira: string) {
  const res = await call(
    h.t,
    "POST",
    API_PATHS.staffBills,
    {
      hospital_number: "FTH/LEDGER/0001",
      patient_name: "Kelechi Ledger-Patient",
      patient_phone: "08031112233",
      items: [{ service_id: openPrice.id, quantity: 1, price: naira, price_note: "Theatre deposit" }],
    },
    agent.token,
  );
  expect(res.status, res.text).toBe(201);
  return String((res.json.bill as { token: string }).token);
}

const part = (amount: string, method: string, name: string) => ({
  amount,
  payer_name: name,
  payer_email: "relative@example.ng",
  payer_phone: "08035556677",
  payment_method: method,
});

/** A signed-in customer's bank-transfer part, pending until staff confirm it; its reference. */
async function startTransferPart(token: string, amount: string) {
  const customer = await buildUser(h.t, { firstName: "Ifeoma", lastName: "Transfer" });
  const started = await call(
    h.t,
    "POST",
    API_PATHS.payBill(token),
    part(amount, "bank_transfer", "Ifeoma Transfer"),
    customer.token,
  );
  expect(started.status, started.text).toBe(201);
  return String(started.json.reference);
}

async function payGuestPart(token: string, amount: string) {
  const started = await call(h.t, "POST", API_PATHS.payBill(token), part(amount, "remita", "Ngozi Guest"));
  expect(started.status, started.text).toBe(201);
  await h.control("/sandbox/remita/_control/pay", { rrr: started.json.rrr, outcome: "approve", notify: false });
  const settled = await call(h.t, "GET", `/api/express/callback/top-up/remita/?rrr=${String(started.json.rrr)}`);
  expect(settled.json.transaction_status).toBe("SUCCESS");
  return String(started.json.reference);
}

async function payWalletPart(token: string, amount: string) {
  const payer = await buildUser(h.t, { firstName: "Emeka", lastName: "Wallet" });
  await fundWallet(h.t, payer.id, 2_000_000);
  const paid = await call(h.t, "POST", API_PATHS.payBill(token), part(amount, "wallet", "Emeka Wallet"), payer.token);
  expect(paid.status, paid.text).toBe(201);
  return String(paid.json.reference);
}

let transferRefs = 0;
const confirm = (reference: string, amount: string, staff: User) =>
  call(
    h.t,
    "POST",
    API_PATHS.confirmTransfer(reference),
    { amount_received: amount, transfer_reference: `LEDGER-${(transferRefs += 1)}` },
    staff.token,
  );

/** A customer's bank-transfer checkout (no bill); its reference and total. */
async function transferCheckout() {
  const customer = await buildUser(h.t);
  const checkout = await call(h.t, "POST", API_PATHS.checkout, guestCheckout([itemFor(lab, 1)], "bank_transfer"), customer.token);
  expect(checkout.status, checkout.text).toBe(201);
  return { reference: String(checkout.json.reference), amount: String(checkout.json.amount) };
}

/** Sums of the postings of the entries of `kind` of these payments, by payment method: debits, and credits by account. */
async function ledgerOf(kind: "settlement" | "bill_part_unfit", references: string[]) {
  const { rows } = await h.t.db.query<{ method: string; debits: number; deposits: number; fees: number; entries: number }>(
    `SELECT i.payment_method AS method, count(DISTINCT e.id)::int AS entries,
       coalesce(sum(p.amount_kobo) FILTER (WHERE p.amount_kobo > 0), 0)::bigint AS debits,
       coalesce(-sum(p.amount_kobo) FILTER (WHERE a.code = 'liability:bill_deposits'), 0)::bigint AS deposits,
       coalesce(-sum(p.amount_kobo) FILTER (WHERE a.code = 'income:fees'), 0)::bigint AS fees
     FROM journal_entries e JOIN postings p ON p.entry_id = e.id JOIN ledger_accounts a ON a.id = p.account_id
       JOIN invoices i ON i.id = e.invoice_id
     WHERE e.kind = $1 AND i.reference = ANY($2::text[])
     GROUP BY 1`,
    [kind, references],
  );
  const by = Object.fromEntries(rows.map((r) => [r.method, r]));
  const sum = (of: (r: (typeof rows)[number]) => number) => rows.reduce((total, r) => total + Number(of(r)), 0);
  return { by, debits: sum((r) => r.debits), entries: sum((r) => r.entries) };
}

describe("the reports' money is the ledger's, each naira once", () => {
  let refs: {
    transferPart: string;
    guestPart: string;
    walletPart: string;
    held: string;
    plainTransfer: string;
    otherStaffPart: string;
  };
  let shift: Shift;

  beforeAll(async () => {
    shift = (await call(h.t, "POST", API_PATHS.staffShifts, {}, agent.token)).json.shift as Shift;
    // A ₦6,000 bill: ₦4,000 by bank transfer (₦4,100 with the fee), confirmed by the agent who raised it,
    // then ₦1,000 at Remita and ₦1,000 from a wallet. A second transfer part started meanwhile is
    // confirmed after the bill was paid in full: held in review for a refund, never counted.
    const bill = await raiseBill("6000.00");
    const transferPart = await startTransferPart(bill, "4000.00");
    const held = await startTransferPart(bill, "1000.00");
    expect((await confirm(transferPart, "4100.00", agent)).json).toMatchObject({ confirmed: true });
    const guestPart = await payGuestPart(bill, "1000.00");
    const walletPart = await payWalletPart(bill, "1000.00");
    const heldAnswer = await confirm(held, "1100.00", agent);
    expect(heldAnswer.json).toMatchObject({ detail: MESSAGES.bills.partUnfit, confirmed: false });
    // A transfer for a payment that is no bill's part, confirmed by the agent.
    const plain = await transferCheckout();
    expect((await confirm(plain.reference, plain.amount, agent)).json).toMatchObject({ confirmed: true });
    // A part of another of the agent's bills, confirmed by an admin: the agent's money received, the admin's transfer.
    const other = await raiseBill("2000.00");
    const otherStaffPart = await startTransferPart(other, "2000.00");
    expect((await confirm(otherStaffPart, "2100.00", admin)).json).toMatchObject({ confirmed: true });
    // A gateway payment that is no bill's part: in neither report.
    const guest = await call(h.t, "POST", API_PATHS.checkout, guestCheckout([itemFor(lab, 1)], "remita"));
    expect(guest.status, guest.text).toBe(201);
    await h.control("/sandbox/remita/_control/pay", { rrr: guest.json.rrr, outcome: "approve", notify: false });
    await call(h.t, "GET", `/api/express/callback/top-up/remita/?rrr=${String(guest.json.rrr)}`);
    refs = { transferPart, guestPart, walletPart, held, plainTransfer: plain.reference, otherStaffPart };
  }, 120_000);

  it("the staff member's shift: parts received, transfers settled and held, and money in, each from its postings", async () => {
    const live = await call(h.t, "GET", API_PATHS.currentShift, undefined, agent.token);
    expect(live.status, live.text).toBe(200);
    const report = (live.json as Shift).report;

    const parts = await ledgerOf("settlement", [refs.transferPart, refs.guestPart, refs.walletPart, refs.otherStaffPart]);
    expect(report.received.count).toBe(parts.entries);
    for (const m of report.received.by_method) {
      const ledger = parts.by[m.method]!;
      expect(kobo(m.amount), m.method).toBe(Number(ledger.deposits));
      expect(kobo(m.fees), m.method).toBe(Number(ledger.fees));
      expect(kobo(m.total), m.method).toBe(Number(ledger.debits));
    }
    expect(report.received.by_method.map((m) => m.method).sort()).toEqual(Object.keys(parts.by).sort());
    expect(kobo(report.received.total)).toBe(parts.debits);
    expect(report.received.ledger_total).toBe(report.received.total);

    // Settled: the agent's two transfers whose money the ledger settled; the held one is apart, from suspense.
    const settled = await ledgerOf("settlement", [refs.transferPart, refs.plainTransfer]);
    const held = await ledgerOf("bill_part_unfit", [refs.held]);
    expect(report.transfers).toMatchObject({
      count: settled.entries,
      amount: koboToDecimal(settled.debits),
      held: held.entries,
      held_amount: koboToDecimal(held.debits),
      awaiting_approval: 0,
    });
    expect(report.transfers).toMatchObject({ count: 2, held: 1, held_amount: "1100.00" });

    // Money in: every settlement entry of the parts and the settled transfers, the ₦4,100 transfer part once.
    const moneyIn = await ledgerOf("settlement", [
      refs.transferPart,
      refs.guestPart,
      refs.walletPart,
      refs.otherStaffPart,
      refs.plainTransfer,
    ]);
    expect(report.totals).toEqual({ count: moneyIn.entries, amount: koboToDecimal(moneyIn.debits) });
    expect(report.totals.count).toBe(5);

    const closed = await call(h.t, "POST", API_PATHS.closeShift(shift.id), { note: "Bank statement checked" }, agent.token);
    expect(closed.status, closed.text).toBe(200);
    expect({ ...(closed.json.shift as Shift).report, from: "", to: "" }).toEqual({ ...report, from: "", to: "" });
  });

  it("everybody's day: each figure the sum of its postings, a transfer part confirmed by another staff member once", async () => {
    const daily = await call(h.t, "GET", `${API_PATHS.shiftsDaily}?date=${today}`, undefined, admin.token);
    expect(daily.status, daily.text).toBe(200);
    const report = daily.json.report as ShiftReport;
    const { rows } = await h.t.db.query<{ reference: string; part: boolean; transfer: boolean }>(
      `SELECT i.reference, i.bill_id IS NOT NULL AS part,
         EXISTS (SELECT 1 FROM transfer_confirmations t WHERE t.invoice_id = i.id AND t.status = 'settled') AS transfer
       FROM invoices i WHERE i.purpose = 'checkout'`,
    );
    const partRefs = rows.filter((r) => r.part).map((r) => r.reference);
    const transferRefs = rows.filter((r) => r.transfer).map((r) => r.reference);
    const parts = await ledgerOf("settlement", partRefs);
    expect(kobo(report.received.total)).toBe(parts.debits);
    expect(report.received.count).toBe(parts.entries);
    for (const m of report.received.by_method) expect(kobo(m.total), m.method).toBe(Number(parts.by[m.method]!.debits));
    const settled = await ledgerOf("settlement", transferRefs);
    expect(report.transfers).toMatchObject({ count: settled.entries, amount: koboToDecimal(settled.debits) });
    expect(report.transfers).toMatchObject({ count: 3, held: 1, held_amount: "1100.00" });
    const moneyIn = await ledgerOf("settlement", [...new Set([...partRefs, ...transferRefs])]);
    expect(report.totals).toEqual({ count: moneyIn.entries, amount: koboToDecimal(moneyIn.debits) });
    expect(report.totals.count).toBe(5);

    const csv = await h.t.app.inject({
      method: "GET",
      url: `${API_PATHS.shiftsDailyExport}?date=${today}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const lines = csv.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines).toContain(`${today},Bank transfers confirmed,Settled,3,,,,${report.transfers.amount}`);
    expect(lines).toContain(`${today},Bank transfers confirmed,Held for refund,1,,,,1100.00`);
    expect(lines).toContain(`${today},Money in,Total,5,,,,${report.totals.amount}`);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });

  it("a confirmation approved later is booked by its approver when it settles, with the excess it received", async () => {
    const before = (await call(h.t, "GET", `${API_PATHS.shiftsDaily}?date=${today}`, undefined, admin.token)).json
      .report as ShiftReport;
    const agentShift = (await call(h.t, "POST", API_PATHS.staffShifts, {}, agent.token)).json.shift as Shift;
    const adminShift = (await call(h.t, "POST", API_PATHS.staffShifts, {}, admin.token)).json.shift as Shift;
    const plain = await transferCheckout();
    const overpaid = koboToDecimal(kobo(plain.amount) + 500_000);
    const asked = await confirm(plain.reference, overpaid, agent);
    expect(asked.status, asked.text).toBe(202);
    const reportOf = async (user: User) =>
      ((await call(h.t, "GET", API_PATHS.currentShift, undefined, user.token)).json as Shift).report;
    expect((await reportOf(agent)).transfers).toMatchObject({ count: 0, awaiting_approval: 1 });
    expect((await reportOf(admin)).totals).toEqual({ count: 0, amount: "0.00" });

    const id = (asked.json.confirmation as { id: number }).id;
    const approved = await call(
      h.t,
      "POST",
      API_PATHS.approveTransferConfirmation(id),
      { note: "Seen on the statement" },
      admin.token,
    );
    expect(approved.status, approved.text).toBe(200);
    const ledger = await ledgerOf("settlement", [plain.reference]);
    expect(ledger.debits).toBe(kobo(overpaid));
    expect((await reportOf(agent)).transfers).toMatchObject({ count: 0, amount: "0.00", awaiting_approval: 0 });
    expect((await reportOf(agent)).totals).toEqual({ count: 0, amount: "0.00" });
    const adminReport = await reportOf(admin);
    expect(adminReport.transfers).toMatchObject({ count: 1, amount: overpaid, held: 0 });
    expect(adminReport.totals).toEqual({ count: 1, amount: overpaid });

    const after = (await call(h.t, "GET", `${API_PATHS.shiftsDaily}?date=${today}`, undefined, admin.token)).json
      .report as ShiftReport;
    expect(after.transfers.count).toBe(before.transfers.count + 1);
    expect(kobo(after.totals.amount)).toBe(kobo(before.totals.amount) + ledger.debits);
    for (const [user, shift] of [
      [agent, agentShift],
      [admin, adminShift],
    ] as const)
      expect((await call(h.t, "POST", API_PATHS.closeShift(shift.id), { note: "Done" }, user.token)).status).toBe(200);
  });
});

describe("a closed shift's stored report", () => {
  it("without held transfers in it reads them as none", async () => {
    const staff = await buildUser(h.t, { role: "AGENT", firstName: "Old", lastName: "Report" });
    const report: Record<string, unknown> = {
      from: "2026-01-05T07:00:00.000Z",
      to: "2026-01-05T15:00:00.000Z",
      bills: { count: 0, open: 0, paid: 0, cancelled: 0, total: "0.00", paid_amount: "0.00", by_department: [] },
      received: { by_method: [], count: 0, amount: "0.00", fees: "0.00", total: "0.00", ledger_total: "0.00" },
      transfers: { count: 1, amount: "4100.00", awaiting_approval: 0 },
      items_given: { lines: 0, quantity: 0, by_department: [] },
      totals: { count: 1, amount: "4100.00" },
    };
    const { rows } = await h.t.db.query<{ id: number }>(
      `INSERT INTO staff_shifts (staff_id, opened_at, closed_at, closed_by, close_note, report)
       VALUES ($1, $2, $3, $1, 'Done', $4::jsonb) RETURNING id`,
      [staff.id, report.from, report.to, JSON.stringify(report)],
    );
    const id = rows[0]!.id;
    const read = await call(h.t, "GET", API_PATHS.staffShift(id), undefined, admin.token);
    expect(read.status, read.text).toBe(200);
    expect((read.json as Shift).report.transfers).toEqual({
      count: 1,
      amount: "4100.00",
      awaiting_approval: 0,
      held: 0,
      held_amount: "0.00",
    });
    const listed = await call(h.t, "GET", `${API_PATHS.staffShifts}?date=2026-01-05`, undefined, admin.token);
    expect(listed.status, listed.text).toBe(200);
    expect((listed.json.results as Shift[])[0]!.report.transfers).toMatchObject({ held: 0, held_amount: "0.00" });
  });
});
