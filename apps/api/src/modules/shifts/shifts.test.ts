import { API_PATHS, csvField, watDay, type ServiceRecord, type Shift, type ShiftReport } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentsHarness, fundWallet, guestCheckout, itemFor, type PaymentsHarness } from "../../test/payments-harness";
import { buildUser, call, grantDesk } from "../../test/test-app";
import { checkLedger, ledgerIsSound } from "../ledger";

type User = Awaited<ReturnType<typeof buildUser>>;

let h: PaymentsHarness;
let lab: ServiceRecord;
let openPrice: ServiceRecord;
let admin: User;

beforeAll(async () => {
  h = await createPaymentsHarness({ BILL_RATE_LIMIT_MAX: "1000", BILL_MIN_PART_NAIRA: "500" });
  const all = await h.catalogue();
  lab = all.find((s) => s.fixed_price !== "no" && Number(s.price) > 0 && Number(s.price) <= 10_000 && s.department?.name)!;
  openPrice = all.find((s) => s.fixed_price === "no")!;
  admin = await buildUser(h.t, { role: "ADMIN" });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const openShift = (user: User) => call(h.t, "POST", API_PATHS.staffShifts, {}, user.token);
const closeShift = (id: number, note: unknown, user: User) => call(h.t, "POST", API_PATHS.closeShift(id), { note }, user.token);
const current = (user: User) => call(h.t, "GET", API_PATHS.currentShift, undefined, user.token);

async function raiseBill(agent: User, items: unknown[]) {
  const res = await call(
    h.t,
    "POST",
    API_PATHS.staffBills,
    { hospital_number: "FTH/SHIFT/0001", patient_name: "Kelechi Shift-Patient", patient_phone: "08031112233", items },
    agent.token,
  );
  expect(res.status, res.text).toBe(201);
  return res.json.bill as { token: string };
}

/** A signed-in customer whose wallet holds `naira`, funded through the ledger (clearing → wallet). */
async function fundedCustomer(naira: number) {
  const customer = await buildUser(h.t, { firstName: "Relative", lastName: "Payer" });
  await fundWallet(h.t, customer.id, naira * 100);
  return customer;
}

const part = (amount: string, method: string, name = "Chinedu Okafor") => ({
  amount,
  payer_name: name,
  payer_email: "chinedu@example.ng",
  payer_phone: "08035556677",
  payment_method: method,
});

async function payWalletPart(token: string, amount: string) {
  const payer = await fundedCustomer(20_000);
  const paid = await call(h.t, "POST", API_PATHS.payBill(token), part(amount, "wallet", "Emeka Relative"), payer.token);
  expect(paid.status, paid.text).toBe(201);
  return String(paid.json.reference);
}

async function payGuestPart(token: string, amount: string) {
  const started = await call(h.t, "POST", API_PATHS.payBill(token), part(amount, "remita", "Ngozi Okafor"));
  expect(started.status, started.text).toBe(201);
  await h.control("/sandbox/remita/_control/pay", { rrr: started.json.rrr, outcome: "approve", notify: false });
  const settled = await call(h.t, "GET", `/api/express/callback/top-up/remita/?rrr=${String(started.json.rrr)}`);
  expect(settled.json.transaction_status).toBe("SUCCESS");
  return String(started.json.reference);
}

let transfers = 0;
/** A customer's bank-transfer payment confirmed by `agent`; returns its reference and amount. */
async function confirmedTransfer(agent: User) {
  const customer = await buildUser(h.t);
  const checkout = await call(h.t, "POST", API_PATHS.checkout, guestCheckout([itemFor(lab, 1)], "bank_transfer"), customer.token);
  expect(checkout.status, checkout.text).toBe(201);
  const reference = String(checkout.json.reference);
  transfers += 1;
  const confirmed = await call(
    h.t,
    "POST",
    API_PATHS.confirmTransfer(reference),
    { amount_received: String(checkout.json.amount), transfer_reference: `SHIFT-${transfers}-${reference}` },
    agent.token,
  );
  expect(confirmed.status, confirmed.text).toBe(200);
  return reference;
}

/** The receipt code of a bill paid in full: items are given against it (its parts' receipts give nothing). */
async function billReceiptOf(token: string, staff: { token: string }) {
  const bill = await call(h.t, "GET", API_PATHS.staffBill(token), undefined, staff.token);
  expect(bill.json.status).toBe("paid");
  return String(bill.json.receipt_code);
}

/** The id of a bill receipt's line of this department. */
async function lineOf(code: string, department: string | null, staff: { token: string }) {
  const receipt = await call(h.t, "GET", API_PATHS.staffReceipt(code), undefined, staff.token);
  const items = receipt.json.items as Array<{ id: number; department: string | null }>;
  return items.find((item) => item.department === department)!.id;
}

/** What the ledger's settlement entries of these payments received (their debits), by payment method. */
async function ledgerReceived(references: string[]): Promise<Record<string, number>> {
  const { rows } = await h.t.db.query<{ method: string; kobo: number }>(
    `SELECT i.payment_method AS method, sum(p.amount_kobo)::bigint AS kobo
     FROM journal_entries e JOIN postings p ON p.entry_id = e.id JOIN invoices i ON i.id = e.invoice_id
     WHERE e.kind = 'settlement' AND p.amount_kobo > 0 AND i.reference = ANY($1::text[])
     GROUP BY 1`,
    [references],
  );
  return Object.fromEntries(rows.map((r) => [r.method, Number(r.kobo)]));
}

const kobo = (decimal: string) => Math.round(Number(decimal) * 100);

describe("opening and closing a shift", () => {
  it("opens one shift at a time, shows it, closes it once with a note, and audits both", async () => {
    const agent = await buildUser(h.t, { role: "AGENT", firstName: "Bisi", lastName: "Cashier" });
    expect((await current(agent)).status).toBe(404);
    const opened = await openShift(agent);
    expect(opened.status, opened.text).toBe(201);
    const shift = opened.json.shift as Shift;
    expect(opened.json.detail).toBe("Shift opened.");
    expect(shift).toMatchObject({
      status: "open",
      closed_at: null,
      close_note: null,
      staff: { id: agent.id, name: "Bisi Cashier" },
    });
    expect(shift.report.totals).toEqual({ count: 0, amount: "0.00" });

    const again = await openShift(agent);
    expect(again.status).toBe(409);
    expect(again.json.detail).toBe("You already have an open shift: close it before opening another.");
    expect((await current(agent)).json.id).toBe(shift.id);

    // Another agent neither sees nor closes it; an admin sees it.
    const other = await buildUser(h.t, { role: "AGENT" });
    expect((await call(h.t, "GET", API_PATHS.staffShift(shift.id), undefined, other.token)).status).toBe(404);
    expect((await closeShift(shift.id, "Not mine", other)).status).toBe(404);
    expect((await call(h.t, "GET", API_PATHS.staffShift(shift.id), undefined, admin.token)).status).toBe(200);

    const blank = await closeShift(shift.id, "   ", agent);
    expect(blank.status).toBe(400);
    expect(blank.json.note).toBeDefined();

    const closed = await closeShift(shift.id, "Handed over to the night clerk", agent);
    expect(closed.status, closed.text).toBe(200);
    expect(closed.json.detail).toBe("Shift closed.");
    expect(closed.json.shift).toMatchObject({
      status: "closed",
      close_note: "Handed over to the night clerk",
      closed_by: { id: agent.id, name: "Bisi Cashier" },
    });
    const twice = await closeShift(shift.id, "Again", agent);
    expect(twice.status).toBe(409);
    expect(twice.json.detail).toBe("This shift is already closed.");
    expect((await current(agent)).status).toBe(404);

    // The database itself refuses to change or remove a closed shift.
    await expect(h.t.db.query(`UPDATE staff_shifts SET close_note = 'edited' WHERE id = $1`, [shift.id])).rejects.toThrow();
    await expect(h.t.db.query(`DELETE FROM staff_shifts WHERE id = $1`, [shift.id])).rejects.toThrow();

    const { rows } = await h.t.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE target_type = 'shift' AND target_id = $1 ORDER BY id`,
      [String(shift.id)],
    );
    expect(rows.map((r) => r.action)).toEqual(["shift.opened", "shift.closed"]);

    // A new shift may follow the closed one.
    expect((await openShift(agent)).status).toBe(201);
  });

  it("gives one shift to 20 concurrent opens by the same staff member", async () => {
    const agent = await buildUser(h.t, { role: "AGENT" });
    const answers = await Promise.all(Array.from({ length: 20 }, () => openShift(agent)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const { rows } = await h.t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff_shifts WHERE staff_id = $1`, [
      agent.id,
    ]);
    expect(rows[0]!.n).toBe(1);
  });
});

describe("a shift's report", () => {
  it("reports bills, parts by method, transfers and items given; its money equals the ledger's; the close locks it", async () => {
    const agent = await buildUser(h.t, { role: "AGENT", firstName: "Ada", lastName: "Report" });
    await grantDesk(h.t, agent.id, { departments: [lab.department!.name], collectsMoney: true });
    // Before the shift: a bill raised and part-paid outside it counts nowhere in it.
    const before = await raiseBill(agent, [{ service_id: openPrice.id, quantity: 1, price: "1000.00", price_note: "Deposit" }]);
    await payWalletPart(before.token, "500.00");

    const shift = (await openShift(agent)).json.shift as Shift;
    const bill = await raiseBill(agent, [
      { service_id: lab.id, quantity: 2 },
      { service_id: openPrice.id, quantity: 1, price: "3000.00", price_note: "Theatre deposit" },
    ]);
    const billTotal = Number(lab.price) * 2 * 100 + 300_000;
    const guestRef = await payGuestPart(bill.token, "1000.00");
    const walletRef = await payWalletPart(bill.token, ((billTotal - 100_000) / 100).toFixed(2));
    const lateRef = await payWalletPart(before.token, "500.00");
    const transferRef = await confirmedTransfer(agent);

    // The bill is paid in full: the agent gives one of its lab line's two tests against the bill's receipt.
    const code = await billReceiptOf(bill.token, agent);
    const itemId = await lineOf(code, lab.department!.name, agent);
    const given = await call(
      h.t,
      "POST",
      API_PATHS.redeemReceipt(code),
      { department: lab.department!.name, items: [{ item_id: itemId, quantity: 1 }] },
      agent.token,
    );
    expect(given.status, given.text).toBe(200);

    const live = await current(agent);
    expect(live.status).toBe(200);
    const report = (live.json as Shift).report;
    expect(report.bills).toMatchObject({
      count: 1,
      open: 0,
      paid: 1,
      cancelled: 0,
      total: (billTotal / 100).toFixed(2),
      paid_amount: (billTotal / 100).toFixed(2),
    });
    const departments = new Set([lab.department!.name, openPrice.department?.name ?? ""]);
    expect(report.bills.by_department.map((d) => d.department).sort()).toEqual([...departments].sort());
    expect(report.bills.by_department.reduce((sum, d) => sum + kobo(d.amount), 0)).toBe(billTotal);
    // The part of the earlier bill paid during the shift is money received in it.
    expect(report.received.count).toBe(3);
    const byMethod = Object.fromEntries(report.received.by_method.map((m) => [m.method, m]));
    expect(byMethod.remita).toMatchObject({
      method_name: "Remita",
      count: 1,
      amount: "1000.00",
      fees: "100.00",
      total: "1100.00",
    });
    expect(byMethod.wallet).toMatchObject({ method_name: "Wallet", count: 2 });
    expect(report.transfers).toMatchObject({ count: 1, awaiting_approval: 0 });
    expect(report.items_given).toEqual({
      lines: 1,
      quantity: 1,
      by_department: [{ department: lab.department!.name, lines: 1, quantity: 1 }],
    });

    // The money equals what the ledger's settlement entries of the same payments received.
    const ledger = await ledgerReceived([guestRef, walletRef, lateRef]);
    for (const m of report.received.by_method) expect(kobo(m.total), m.method).toBe(ledger[m.method]);
    expect(kobo(report.received.total)).toBe(Object.values(ledger).reduce((a, b) => a + b, 0));
    expect(report.received.ledger_total).toBe(report.received.total);
    const transferLedger = await ledgerReceived([transferRef]);
    expect(kobo(report.transfers.amount)).toBe(transferLedger.bank_transfer);
    expect(kobo(report.totals.amount)).toBe(kobo(report.received.total) + transferLedger.bank_transfer!);
    expect(report.totals.count).toBe(4);

    const closed = await closeShift(shift.id, "Cash box checked", agent);
    expect(closed.status, closed.text).toBe(200);
    const stored = (closed.json.shift as Shift).report;
    expect({ ...stored, from: "", to: "" }).toEqual({ ...report, from: "", to: "" });
    expect(stored.to).toBe((closed.json.shift as Shift).closed_at);

    // After the close: more money against the agent's bills changes nothing in the closed report.
    const after = await raiseBill(agent, [{ service_id: openPrice.id, quantity: 1, price: "800.00", price_note: "Late" }]);
    await payWalletPart(after.token, "800.00");
    const read = await call(h.t, "GET", API_PATHS.staffShift(shift.id), undefined, agent.token);
    expect((read.json as Shift).report).toEqual(stored);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });
});

describe("the admins' list and daily summary", () => {
  let agent: User;
  let shiftId: number;
  let stored: ShiftReport;
  const today = watDay(new Date().toISOString());

  beforeAll(async () => {
    agent = await buildUser(h.t, { role: "AGENT", firstName: "Tayo", lastName: "Daily" });
    await grantDesk(h.t, agent.id, { departments: [openPrice.department!.name], collectsMoney: true });
    shiftId = Number(((await openShift(agent)).json.shift as Shift).id);
    const bill = await raiseBill(agent, [{ service_id: openPrice.id, quantity: 1, price: "2000.00", price_note: "Ward" }]);
    await payWalletPart(bill.token, "2000.00");
    const code = await billReceiptOf(bill.token, agent);
    const itemId = await lineOf(code, openPrice.department!.name, agent);
    const given = await call(
      h.t,
      "POST",
      API_PATHS.redeemReceipt(code),
      { department: openPrice.department!.name, items: [{ item_id: itemId, quantity: 1 }] },
      agent.token,
    );
    expect(given.status, given.text).toBe(200);
    stored = ((await closeShift(shiftId, "Day done", agent)).json.shift as Shift).report;
  });

  it("lists every shift by day and staff member, paged, with the stored report of a closed one", async () => {
    const mine = await call(h.t, "GET", `${API_PATHS.staffShifts}?date=${today}&staff=${agent.id}`, undefined, admin.token);
    expect(mine.status, mine.text).toBe(200);
    expect(mine.json).toMatchObject({ count: 1, page: 1, page_size: 20 });
    expect((mine.json.results as Shift[])[0]).toMatchObject({ id: shiftId, status: "closed", report: stored });
    const all = await call(h.t, "GET", `${API_PATHS.staffShifts}?page_size=2`, undefined, admin.token);
    expect(all.json.count as number).toBeGreaterThan(2);
    expect(all.json.results).toHaveLength(2);
    const otherDay = await call(h.t, "GET", `${API_PATHS.staffShifts}?date=2001-01-01`, undefined, admin.token);
    expect(otherDay.json.count).toBe(0);
    // An open shift is listed without a report (its own page has the live one).
    const open = await call(h.t, "GET", `${API_PATHS.staffShifts}?page_size=100`, undefined, admin.token);
    for (const row of open.json.results as Array<Shift & { report: ShiftReport | null }>)
      expect(row.report === null, `shift ${row.id}`).toBe(row.status === "open");
    expect((await call(h.t, "GET", API_PATHS.staffShifts, undefined, agent.token)).status).toBe(403);
  });

  it("refuses a bad date or staff id with field errors", async () => {
    for (const query of ["date=2026-13-45", "date=yesterday", "staff=abc", "staff=-1", "page=0", "page_size=1000"]) {
      const res = await call(h.t, "GET", `${API_PATHS.staffShifts}?${query}`, undefined, admin.token);
      expect(res.status, query).toBe(400);
      expect(
        Object.keys(res.json).filter((k) => k !== "detail" && k !== "code"),
        query,
      ).toHaveLength(1);
    }
    for (const path of [API_PATHS.shiftsDaily, API_PATHS.shiftsDailyExport]) {
      const res = await call(h.t, "GET", `${path}?date=2026-02-30`, undefined, admin.token);
      expect(res.status, path).toBe(400);
      expect(res.json.date, path).toBeDefined();
    }
    for (const id of ["0", "abc", "99999999999999999999"]) {
      expect((await call(h.t, "GET", `/api/staff/shifts/${id}/`, undefined, admin.token)).status, id).toBe(400);
    }
    expect((await call(h.t, "GET", API_PATHS.staffShift(987_654), undefined, admin.token)).status).toBe(404);
  });

  it("sums everybody's day by method and department, equal to the ledger, and exports it as CSV", async () => {
    const daily = await call(h.t, "GET", `${API_PATHS.shiftsDaily}?date=${today}`, undefined, admin.token);
    expect(daily.status, daily.text).toBe(200);
    expect(daily.json.date).toBe(today);
    const report = daily.json.report as ShiftReport;
    // Today holds every bill part of this file's tests: the day's money is what the ledger's settlement
    // entries of every bill part paid today received.
    const { rows } = await h.t.db.query<{ reference: string }>(
      `SELECT reference FROM invoices WHERE bill_id IS NOT NULL AND status IN ('completed', 'refunded')`,
    );
    const ledger = await ledgerReceived(rows.map((r) => r.reference));
    for (const m of report.received.by_method) expect(kobo(m.total), m.method).toBe(ledger[m.method]);
    expect(kobo(report.received.ledger_total)).toBe(Object.values(ledger).reduce((a, b) => a + b, 0));
    expect(report.received.ledger_total).toBe(report.received.total);
    expect(report.items_given.by_department).toContainEqual({ department: openPrice.department!.name, lines: 1, quantity: 1 });
    expect((daily.json.shifts as { closed: number }).closed).toBeGreaterThanOrEqual(2);
    // A day without anything in it.
    const empty = await call(h.t, "GET", `${API_PATHS.shiftsDaily}?date=2001-01-01`, undefined, admin.token);
    expect(empty.json).toMatchObject({ date: "2001-01-01", shifts: { opened: 0, closed: 0, still_open: 0 } });
    expect((empty.json.report as ShiftReport).totals).toEqual({ count: 0, amount: "0.00" });
    // No date: today (WAT).
    expect((await call(h.t, "GET", API_PATHS.shiftsDaily, undefined, admin.token)).json.date).toBe(today);

    const csv = await h.t.app.inject({
      method: "GET",
      url: `${API_PATHS.shiftsDailyExport}?date=${today}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe(`attachment; filename="shifts-${today}.csv"`);
    const lines = csv.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Date,Section,Name,Count,Quantity,Amount,Fees,Total");
    const wallet = report.received.by_method.find((m) => m.method === "wallet")!;
    expect(lines).toContain(
      `${today},Received by method,Wallet,${wallet.count},,${wallet.amount},${wallet.fees},${wallet.total}`,
    );
    expect(lines).toContain(`${today},Received,Ledger settlement entries,,,,,${report.received.ledger_total}`);
    expect(lines).toContain(`${today},Money in,Total,${report.totals.count},,,,${report.totals.amount}`);
    // The department as the catalogue names it, through the export's field writer (csvField: RFC 4180 quoting,
    // a leading quote before what a spreadsheet would run as a formula).
    expect(lines).toContain(`${today},Items given by department,${csvField(openPrice.department!.name)},1,1,,,`);
    expect((await call(h.t, "GET", API_PATHS.shiftsDailyExport, undefined, agent.token)).status).toBe(403);
  });
});
