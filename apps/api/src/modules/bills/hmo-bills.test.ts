import {
  API_PATHS,
  formatNaira,
  HMO_MESSAGES,
  MESSAGES,
  watDay,
  type Hmo,
  type HmoReceivables,
  type PublicBill,
  type ServiceRecord,
  type StaffBill,
} from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentsHarness, fundWallet, type PaymentsHarness } from "../../test/payments-harness";
import { buildUser, call, grantDesk } from "../../test/test-app";
import { checkLedger, ledgerIsSound } from "../ledger";

type User = Awaited<ReturnType<typeof buildUser>>;

let h: PaymentsHarness;
let agent: User;
let admin: User;
/** A service of the drugs' department (10% co-payment), a procedure needing the HMO's code, and one the plan covers whole. */
let drug: ServiceRecord;
let procedure: ServiceRecord;
let plain: ServiceRecord;
let hmo: Hmo;
let planId: number;

const kobo = (naira: string | number) => Math.round(Number(naira) * 100);
const naira = (k: number) => (k / 100).toFixed(2);
const priced = (all: ServiceRecord[]) =>
  all.filter((s) => s.fixed_price !== "no" && Number(s.price) > 0 && Number(s.price) <= 20_000);

beforeAll(async () => {
  h = await createPaymentsHarness({ BILL_MIN_PART_NAIRA: "100" });
  const all = priced(await h.catalogue());
  drug = all.find((s) => s.department?.name)!;
  const drugs = drug.department!.name;
  procedure = all.find((s) => s.id !== drug.id && s.department?.name !== drugs)!;
  plain = all.find((s) => s.id !== drug.id && s.id !== procedure.id && s.department?.name !== drugs)!;
  agent = await buildUser(h.t, { role: "AGENT" });
  admin = await buildUser(h.t, { role: "ADMIN" });
  await grantDesk(h.t, agent.id, { collectsMoney: true, waiverLimitKobo: 10_000_000 });
  await grantDesk(h.t, admin.id, { waiverLimitKobo: 10_000_000 });
  const registered = await call(
    h.t,
    "POST",
    API_PATHS.staffHmos,
    {
      name: "Hygeia HMO",
      nhia_code: "NHIA/HMO/0001",
      contact_name: "Bola Adeyemi",
      contact_phone: "08031112222",
      contact_email: "claims@hygeia.example.ng",
      bank_name: "Zenith Bank",
      bank_account_number: "1012345678",
      bank_account_name: "Hygeia HMO Limited",
    },
    admin.token,
  );
  expect(registered.status, registered.text).toBe(201);
  hmo = registered.json.hmo as Hmo;
  const plan = await call(
    h.t,
    "POST",
    API_PATHS.staffHmoPlans(hmo.id),
    {
      name: "NHIA Formal Sector",
      covered_percent: "100",
      rules: [
        { department: drugs, covered_percent: "90", copay_percent: "10" },
        { service_id: String(procedure.id), covered_percent: "100", preauth_required: true },
      ],
    },
    admin.token,
  );
  expect(plan.status, plan.text).toBe(201);
  planId = (plan.json.plan as { id: number }).id;
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const dayFrom = (days: number) => watDay(new Date(Date.now() + days * 86_400_000).toISOString());

let serial = 0;
/** A register patient, enrolled on the plan from `from` to `to` (days from today) unless `enrolled` is false. */
async function enrollee({ enrolled = true, from = -30, to = 335 } = {}): Promise<number> {
  serial += 1;
  const res = await call(
    h.t,
    "POST",
    API_PATHS.staffPatients,
    {
      hospital_number: `NHIA/PAT/${serial}`,
      first_name: "Ngozi",
      last_name: "Eze",
      phone: "08035550000",
      language: "en",
      date_of_birth: "1985-06-01",
    },
    agent.token,
  );
  expect(res.status, res.text).toBe(201);
  const id = (res.json.patient as { id: number }).id;
  if (enrolled) {
    const body = { plan_id: planId, enrollee_id: `HYG-${serial}`, valid_from: dayFrom(from), valid_to: dayFrom(to) };
    const enrolment = await call(h.t, "POST", API_PATHS.staffPatientEnrolments(id), body, agent.token);
    expect(enrolment.status, enrolment.text).toBe(201);
  }
  return id;
}

const raise = (body: Record<string, unknown>) => call(h.t, "POST", API_PATHS.staffBills, body, agent.token);
const line = (service: ServiceRecord, extra: Record<string, unknown> = {}) => ({ service_id: service.id, quantity: 1, ...extra });

async function raised(body: Record<string, unknown>): Promise<StaffBill> {
  const res = await raise(body);
  expect(res.status, res.text).toBe(201);
  return res.json.bill as StaffBill;
}

const balance = (code: string) => h.t.db.transaction((tx) => h.t.repositories.ledger.balance(tx, code));
const receivable = () => balance(`asset:hmo_receivable:${hmo.id}`);
const count = async (table: string) =>
  Number((await h.t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n);

/** A signed-in customer whose wallet holds `amount` naira, funded through the ledger (clearing → wallet). */
async function fundedCustomer(amount: number) {
  const customer = await buildUser(h.t, { firstName: "Ngozi", lastName: "Eze" });
  await fundWallet(h.t, customer.id, amount * 100);
  return customer;
}

describe("an HMO enrollee's bill", () => {
  it("needs the HMO's pre-authorisation code on the procedure: refused without it, nothing written", async () => {
    const patient = await enrollee();
    const before = await count("bills");
    const res = await raise({ patient_id: patient, items: [line(drug), line(procedure)] });
    expect(res.status).toBe(400);
    expect(res.json["items.1.preauth_code"]).toEqual([HMO_MESSAGES.preauthNeeded(procedure.name, hmo.name)]);
    expect(res.json["items.0.preauth_code"]).toBeUndefined();
    expect(await count("bills")).toBe(before);
  });

  it("splits each line: the drug's 10% co-payment is the patient's, the procedure with its code the HMO's whole", async () => {
    const patient = await enrollee();
    const bill = await raised({
      patient_id: patient,
      items: [line(drug, { quantity: 3 }), line(procedure, { preauth_code: " PA/2026-0001 " })],
    });
    const drugTotal = kobo(drug.price) * 3;
    const drugHmo = Math.floor((drugTotal * 9_000) / 10_000);
    const hmoPart = drugHmo + kobo(procedure.price);
    expect(bill).toMatchObject({
      status: "open",
      total: naira(drugTotal + kobo(procedure.price)),
      hmo_part: naira(hmoPart),
      left: naira(drugTotal - drugHmo),
      coverage: { hmo_id: hmo.id, hmo_name: "Hygeia HMO", plan_name: "NHIA Formal Sector", enrollee_id: `HYG-${serial}` },
    });
    // The link the patient is texted asks for their part only.
    const link = await h.t.db.query<{ body: string }>(
      `SELECT body FROM sms_outbox WHERE kind = 'bill_link' ORDER BY id DESC LIMIT 1`,
    );
    expect(link.rows[0]!.body).toContain(`NGN ${formatNaira(drugTotal - drugHmo, { symbol: false })}`);
    expect(link.rows[0]!.body).not.toContain(`NGN ${formatNaira(drugTotal + kobo(procedure.price), { symbol: false })}`);
    expect(bill.items.map((item) => [item.hmo_part, item.copay, item.preauth_code])).toEqual([
      [naira(drugHmo), naira(Math.floor(drugTotal / 10)), null],
      [naira(kobo(procedure.price)), "0.00", "PA/2026-0001"],
    ]);

    // Anyone with the link sees both parts, and the HMO's name, never the code.
    const shown = (await call(h.t, "GET", API_PATHS.publicBill(bill.token))).json as unknown as PublicBill;
    expect(shown).toMatchObject({ hmo_part: naira(hmoPart), hmo_name: "Hygeia HMO", left: naira(drugTotal - drugHmo) });
    expect(shown.items[1]).not.toHaveProperty("preauth_code");

    // The patient pays their part from the wallet: the bill is final and the HMO owes the rest.
    const [owedBefore, revenueBefore] = [await receivable(), await balance("revenue:hospital")];
    const payer = await fundedCustomer(50_000);
    const paid = await call(
      h.t,
      "POST",
      API_PATHS.payBill(bill.token),
      {
        amount: naira(drugTotal - drugHmo),
        payer_name: "Ngozi Eze",
        payer_email: "ngozi@example.ng",
        payer_phone: "08035550000",
        payment_method: "wallet",
      },
      payer.token,
    );
    expect(paid.status, paid.text).toBe(201);
    const after = (await call(h.t, "GET", API_PATHS.staffBill(bill.token), undefined, agent.token)).json as unknown as StaffBill;
    expect(after).toMatchObject({ status: "paid", left: "0.00", paid: naira(drugTotal - drugHmo) });
    expect(after.receipt_code).toMatch(/^[A-Z0-9]{4}-/);
    expect((await receivable()) - owedBefore).toBe(hmoPart);
    expect(revenueBefore - (await balance("revenue:hospital"))).toBe(drugTotal + kobo(procedure.price));
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });

  it("asks the patient for no more than their part", async () => {
    const patient = await enrollee();
    const bill = await raised({ patient_id: patient, items: [line(drug)] });
    const payer = await fundedCustomer(50_000);
    const res = await call(
      h.t,
      "POST",
      API_PATHS.payBill(bill.token),
      {
        amount: bill.total,
        payer_name: "Ngozi Eze",
        payer_email: "ngozi@example.ng",
        payer_phone: "08035550000",
        payment_method: "wallet",
      },
      payer.token,
    );
    expect(res.status).toBe(400);
    expect(res.json.amount).toEqual([MESSAGES.bills.partTooLarge(formatNaira(kobo(bill.left)))]);
  });

  it("is final as it is raised when the HMO covers it whole: its receipt code given, the HMO owing all of it", async () => {
    const patient = await enrollee();
    const owedBefore = await receivable();
    const [linksBefore, receiptsBefore] = [
      await count("sms_outbox WHERE kind = 'bill_link'"),
      await count("sms_outbox WHERE kind = 'receipt'"),
    ];
    const bill = await raised({ patient_id: patient, items: [line(plain, { quantity: 2 })] });
    // No link to pay nothing: the patient is texted the bill's receipt code instead.
    expect(await count("sms_outbox WHERE kind = 'bill_link'")).toBe(linksBefore);
    expect(await count("sms_outbox WHERE kind = 'receipt'")).toBe(receiptsBefore + 1);
    expect(bill).toMatchObject({ status: "paid", left: "0.00", paid: "0.00", hmo_part: bill.total });
    expect(bill.receipt_code).toMatch(/^[A-Z0-9]{4}-/);
    expect((await receivable()) - owedBefore).toBe(kobo(plain.price) * 2);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
    // The point of care sees both parts, and may give the lines.
    const view = await call(h.t, "GET", API_PATHS.staffReceipt(bill.receipt_code!), undefined, agent.token);
    expect(view.status, view.text).toBe(200);
    expect(view.json).toMatchObject({
      kind: "bill",
      status: "paid",
      redeemable: true,
      amount: bill.total,
      hmo_part: bill.total,
      hmo_name: "Hygeia HMO",
    });
  });

  it("is the patient's whole when the desk says so, when the enrolment is not valid today, or with no register patient", async () => {
    const privately = await raised({ patient_id: await enrollee(), charge_hmo: false, items: [line(plain)] });
    expect(privately).toMatchObject({ hmo_part: "0.00", coverage: null, left: privately.total, status: "open" });
    const later = await raised({ patient_id: await enrollee({ from: 2, to: 30 }), items: [line(plain)] });
    expect(later).toMatchObject({ hmo_part: "0.00", coverage: null });
    const lapsed = await raised({ patient_id: await enrollee({ from: -60, to: -1 }), items: [line(plain)] });
    expect(lapsed).toMatchObject({ hmo_part: "0.00", coverage: null });
    const typed = await raised({
      hospital_number: "WALK/IN/1",
      patient_name: "Walk In",
      patient_phone: "08030000000",
      items: [line(procedure)],
    });
    expect(typed).toMatchObject({ hmo_part: "0.00", coverage: null });
  });

  it("takes a waiver's percentage of the patient's part, and a waiver of all of it makes the bill final", async () => {
    const patient = await enrollee();
    const bill = await raised({ patient_id: patient, items: [line(drug, { quantity: 4 })] });
    const owedBefore = await receivable();
    const asked = await call(
      h.t,
      "POST",
      API_PATHS.billWaivers(bill.token),
      { percent: "100", reason: "Indigent patient" },
      agent.token,
    );
    expect(asked.status, asked.text).toBe(201);
    expect(asked.json.waiver).toMatchObject({ amount: bill.left });
    const waiverId = (asked.json.waiver as { id: number }).id;
    const decision = { decision: "approve", note: "Checked the social welfare form" };
    const approved = await call(h.t, "POST", API_PATHS.decideWaiver(waiverId), decision, admin.token);
    expect(approved.status, approved.text).toBe(200);
    const after = (await call(h.t, "GET", API_PATHS.staffBill(bill.token), undefined, agent.token)).json as unknown as StaffBill;
    expect(after).toMatchObject({ status: "paid", waived: bill.left, left: "0.00" });
    expect((await receivable()) - owedBefore).toBe(kobo(bill.hmo_part));
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });

  it("ages what each HMO owes by its final bills' days since final, the total equal to its ledger account", async () => {
    const ages = [0, 45, 75, 120];
    const tokens: string[] = [];
    for (const _age of ages) tokens.push((await raised({ patient_id: await enrollee(), items: [line(plain)] })).token);
    // Made final on earlier days (paid_at is when the bill became final).
    for (const [i, age] of ages.entries())
      await h.t.db.query(`UPDATE bills SET paid_at = now() - make_interval(days => $2) WHERE token = $1`, [tokens[i], age]);
    const res = await call(h.t, "GET", API_PATHS.staffHmoReceivables, undefined, admin.token);
    expect(res.status, res.text).toBe(200);
    const body = res.json as unknown as HmoReceivables;
    const row = body.results.find((result) => result.hmo_id === hmo.id)!;
    const price = kobo(plain.price);
    expect(kobo(row.buckets["31-60"])).toBe(price);
    expect(kobo(row.buckets["61-90"])).toBe(price);
    expect(kobo(row.buckets["90+"])).toBe(price);
    expect(kobo(row.owed)).toBe(await receivable());
    expect(kobo(row.buckets["0-30"]) + 3 * price).toBe(kobo(row.owed));
    expect(body.total).toBe(row.owed);
    expect((await call(h.t, "GET", API_PATHS.staffHmoReceivables, undefined, agent.token)).status).toBe(403);
  });

  it("refuses a pre-authorisation code that is not letters, digits, / and -", async () => {
    const patient = await enrollee();
    for (const code of ["PA 2026", "x".repeat(41)]) {
      const res = await raise({ patient_id: patient, items: [line(procedure, { preauth_code: code })] });
      expect(res.status).toBe(400);
      expect(res.json["items.0.preauth_code"]).toBeInstanceOf(Array);
    }
  });
});
