import { API_PATHS, watDay, type DayBook, type ServiceRecord, type Shift } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentsHarness, guestCheckout, itemFor, type PaymentsHarness } from "../../test/payments-harness";
import { buildUser, call, grantDesk } from "../../test/test-app";
import { periodWindow } from "./day-book.service";

/**
 * Issue 36: the day book on a database of its own, so that the day's figures are exactly what this file
 * builds: every channel, by department and by cashier, with waivers and a drawer's shortage, equal to the ledger.
 */

type User = Awaited<ReturnType<typeof buildUser>>;

let h: PaymentsHarness;
let lab: ServiceRecord;
let pharmacy: ServiceRecord;
let admin: User;
let cashier: User;
const today = watDay(new Date().toISOString());

const book = async (query = `?date=${today}`) => {
  const res = await call(h.t, "GET", `${API_PATHS.dayBook}${query}`, undefined, admin.token);
  expect(res.status, res.text).toBe(200);
  return res.json as DayBook;
};

beforeAll(async () => {
  h = await createPaymentsHarness({ BILL_MIN_PART_NAIRA: "500", BILL_RATE_LIMIT_MAX: "1000" });
  const all = await h.catalogue();
  const priced = all.filter(
    (s) => s.fixed_price !== "no" && Number(s.price) > 0 && Number(s.price) <= 20_000 && s.department?.name,
  );
  lab = priced.find((s) => /lab/i.test(s.department!.name))!;
  pharmacy = priced.find((s) => s.department!.name !== lab.department!.name)!;
  admin = await buildUser(h.t, { role: "ADMIN", firstName: "Day", lastName: "Book" });
  cashier = await buildUser(h.t, { role: "AGENT", firstName: "Ngozi", lastName: "Cashier" });
  await grantDesk(h.t, cashier.id, { collectsMoney: true });
  await grantDesk(h.t, admin.id, { waiverLimitKobo: 1_000_000 });

  // A guest pays a cart at Remita.
  const guest = await call(h.t, "POST", API_PATHS.checkout, guestCheckout([itemFor(lab, 1)], "remita"));
  expect(guest.status, guest.text).toBe(201);
  await h.control("/sandbox/remita/_control/pay", { rrr: guest.json.rrr, outcome: "approve", notify: false });
  await call(h.t, "GET", `/api/express/callback/top-up/remita/?rrr=${String(guest.json.rrr)}`);

  // The cashier's shift: a ₦5,000 float, a bill of a lab line and a pharmacy line paid in cash and by POS after a
  // waiver, then a drawer counted ₦200 short and signed off.
  const shift = (await call(h.t, "POST", API_PATHS.staffShifts, { float: "5000.00" }, cashier.token)).json.shift as Shift;
  const bill = await call(
    h.t,
    "POST",
    API_PATHS.staffBills,
    {
      hospital_number: "FTH/BOOK/0001",
      patient_name: "Chidi Book-Patient",
      patient_phone: "08031112233",
      items: [
        { service_id: lab.id, quantity: 1 },
        { service_id: pharmacy.id, quantity: 2 },
      ],
    },
    cashier.token,
  );
  expect(bill.status, bill.text).toBe(201);
  const { token, total } = bill.json.bill as { token: string; total: string };
  const totalKobo = Math.round(Number(total) * 100);
  const cash = await call(
    h.t,
    "POST",
    API_PATHS.deskPayments,
    { method: "cash", bill_token: token, amount: "500.00", payer_name: "Relative One" },
    cashier.token,
  );
  expect(cash.status, cash.text).toBe(201);
  const waiver = await call(
    h.t,
    "POST",
    API_PATHS.billWaivers(token),
    { amount: "100.00", reason: "Staff discount" },
    cashier.token,
  );
  expect(waiver.status, waiver.text).toBe(201);
  const approved = await call(
    h.t,
    "POST",
    API_PATHS.decideWaiver((waiver.json.waiver as { id: number }).id),
    { decision: "approve", note: "Staff family" },
    admin.token,
  );
  expect(approved.status, approved.text).toBe(200);
  const rest = ((totalKobo - 50_000 - 10_000) / 100).toFixed(2);
  const pos = await call(
    h.t,
    "POST",
    API_PATHS.deskPayments,
    { method: "pos", bill_token: token, amount: rest, terminal_reference: "BOOK-RRN-0001", payer_name: "Relative Two" },
    cashier.token,
  );
  expect(pos.status, pos.text).toBe(201);
  const counted = await call(
    h.t,
    "POST",
    API_PATHS.closeShift(shift.id),
    { note: "End of day", count: { "100000": 5, "20000": 1, "10000": 1 } },
    cashier.token,
  );
  expect(counted.json.shift).toMatchObject({ drawer: { awaiting_signoff: true, variance: "-200.00" } });
  const signed = await call(h.t, "POST", API_PATHS.signoffShift(shift.id), { decision: "approve", note: "ok" }, admin.token);
  expect(signed.status, signed.text).toBe(200);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe("the day book", () => {
  it("counts every channel once, by department and by cashier, and matches the ledger", async () => {
    const day = await book();
    expect(day.period).toBe(today);
    const byChannel = Object.fromEntries(day.channels.map((c) => [c.channel, c]));
    expect(byChannel.remita).toMatchObject({ payments: 1, fees: "100.00" });
    expect(byChannel.cash).toMatchObject({ payments: 1, amount: "500.00", fees: "0.00", received: "500.00" });
    expect(byChannel.pos).toMatchObject({ payments: 1, fees: "0.00" });
    expect(day.totals).toMatchObject({ payments: 3, matches_ledger: true, difference: "0.00" });
    expect(day.totals.received).toBe(day.totals.ledger_received);

    // Departments: what the payments paid for (subtotals), the bill's parts by its lines' shares.
    const paidFor = day.channels.reduce((sum, c) => sum + Math.round(Number(c.amount) * 100), 0);
    const byDepartment = day.departments.reduce((sum, d) => sum + Math.round(Number(d.amount) * 100), 0);
    expect(byDepartment).toBe(paidFor);
    expect(day.departments.map((d) => d.department)).toEqual(
      expect.arrayContaining([lab.department!.name, pharmacy.department!.name]),
    );

    expect(day.staff).toEqual([
      expect.objectContaining({ id: cashier.id, cash_payments: 1, cash: "500.00", pos_payments: 1, variance: "-200.00" }),
    ]);
    expect(day.waivers).toEqual({ count: 1, amount: "100.00" });
    expect(day.drawers).toMatchObject({ floats: "5000.00", handed_over: "5300.00", shortages: "200.00", overages: "0.00" });
  });

  it("shows a difference when a payment counts without its ledger entry", async () => {
    const ghost = await h.t.db.query<{ id: number }>(`SELECT id FROM invoices WHERE payment_method = 'cash' ORDER BY id LIMIT 1`);
    // A copy of the cash payment, completed by hand with no settlement entry.
    await h.t.db.query(
      `INSERT INTO invoices (reference, purpose, payment_method, status, subtotal_kobo, charge_fee_kobo, total_kobo, customer_name,
         customer_email, customer_phone, customer_phone_digits, customer_meta, paid_at, staff_head)
       SELECT 'GHOST-' || reference, purpose, payment_method, 'completed', subtotal_kobo, charge_fee_kobo, total_kobo, customer_name,
         customer_email, customer_phone, customer_phone_digits, customer_meta, paid_at, staff_head
       FROM invoices WHERE id = $1`,
      [ghost.rows[0]!.id],
    );
    const day = await book();
    expect(day.totals).toMatchObject({ matches_ledger: false, difference: "-500.00" });
    const csv = await call(h.t, "GET", `${API_PATHS.dayBookExport}?date=${today}`, undefined, admin.token);
    expect(csv.status).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.text).toContain("Differs from the ledger by ₦500.00");
    expect(csv.text).toContain(`${today},Channel,Cash,2,1000.00,0.00,1000.00`);
  });

  it("reads a month and refuses a day and a month together; agents may not read it", async () => {
    const month = await book(`?month=${today.slice(0, 7)}`);
    expect(month.period).toBe(today.slice(0, 7));
    expect(month.totals.payments).toBeGreaterThanOrEqual(3);
    const both = await call(h.t, "GET", `${API_PATHS.dayBook}?date=${today}&month=${today.slice(0, 7)}`, undefined, admin.token);
    expect(both.status).toBe(400);
    expect((await call(h.t, "GET", API_PATHS.dayBook, undefined, cashier.token)).status).toBe(403);
  });

  it("windows a WAT day and month, December into January", () => {
    expect(periodWindow({ month: "2026-12" })).toEqual({
      period: "2026-12",
      from: new Date("2026-11-30T23:00:00Z"),
      to: new Date("2026-12-31T23:00:00Z"),
    });
    expect(periodWindow({ date: "2026-03-01" }).to).toEqual(new Date("2026-03-01T23:00:00Z"));
  });
});
