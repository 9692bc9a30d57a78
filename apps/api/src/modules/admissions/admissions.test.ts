import {
  ADMISSION_MESSAGES,
  API_PATHS,
  formatNaira,
  watDay,
  type AdmissionDetail,
  type Hmo,
  type ServiceRecord,
} from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentsHarness, fundWallet, type PaymentsHarness } from "../../test/payments-harness";
import { buildUser, call } from "../../test/test-app";
import { checkLedger, ledgerIsSound } from "../ledger";

type User = Awaited<ReturnType<typeof buildUser>>;

let h: PaymentsHarness;
let agent: User;
let admin: User;
/** A ward day (a service whose price fits three days in a ₦50,000 deposit), a drug and a test. */
let wardDay: ServiceRecord;
let drug: ServiceRecord;
let labTest: ServiceRecord;

const kobo = (naira: string | number) => Math.round(Number(naira) * 100);
const naira = (k: number) => (k / 100).toFixed(2);

beforeAll(async () => {
  h = await createPaymentsHarness({ BILL_MIN_PART_NAIRA: "100" });
  const priced = (await h.catalogue()).filter((s) => s.fixed_price !== "no" && Number(s.price) > 0 && Number(s.price) <= 8_000);
  [wardDay, drug, labTest] = [priced[0]!, priced[1]!, priced[2]!];
  agent = await buildUser(h.t, { role: "AGENT" });
  admin = await buildUser(h.t, { role: "ADMIN" });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

let serial = 0;
async function patient(): Promise<number> {
  serial += 1;
  const res = await call(
    h.t,
    "POST",
    API_PATHS.staffPatients,
    {
      hospital_number: `ADM/PAT/${serial}`,
      first_name: "Tunde",
      last_name: "Bakare",
      phone: "08035551234",
      language: "en",
      date_of_birth: "1970-02-01",
    },
    agent.token,
  );
  expect(res.status, res.text).toBe(201);
  return (res.json.patient as { id: number }).id;
}

async function admitted(body: Record<string, unknown> = {}): Promise<AdmissionDetail> {
  const res = await call(
    h.t,
    "POST",
    API_PATHS.staffAdmissions,
    { patient_id: await patient(), ward: "Male Ward B", ...body },
    agent.token,
  );
  expect(res.status, res.text).toBe(201);
  return res.json as unknown as AdmissionDetail;
}

const get = async (id: number) =>
  (await call(h.t, "GET", API_PATHS.staffAdmission(id), undefined, agent.token)).json as unknown as AdmissionDetail;
const addLines = (id: number, items: Array<{ service: ServiceRecord; quantity?: number }>) =>
  call(
    h.t,
    "POST",
    API_PATHS.staffAdmissionLines(id),
    { items: items.map((i) => ({ service_id: i.service.id, quantity: i.quantity ?? 1 })) },
    agent.token,
  );
const discharge = (id: number, body: Record<string, unknown> = {}, token = admin.token) =>
  call(h.t, "POST", API_PATHS.dischargeAdmission(id), body, token);
const balance = (code: string) => h.t.db.transaction((tx) => h.t.repositories.ledger.balance(tx, code));
const count = async (table: string) =>
  Number((await h.t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n);

/** A customer whose wallet holds `amount` naira (funded through the ledger), its tier 1 caps far above what the tests give back. */
async function funded(amount: number) {
  const customer = await buildUser(h.t, { firstName: "Kemi", lastName: "Bakare" });
  await fundWallet(h.t, customer.id, amount * 100);
  return customer;
}

async function deposit(token: string, amount: string, payer: User) {
  const res = await call(
    h.t,
    "POST",
    API_PATHS.payBill(token),
    { amount, payer_name: "Kemi Bakare", payer_email: "kemi@example.ng", payer_phone: "08035551234", payment_method: "wallet" },
    payer.token,
  );
  expect(res.status, res.text).toBe(201);
}

const walletOf = async (user: User) =>
  Number((await h.t.db.query<{ b: number }>(`SELECT balance_kobo AS b FROM wallets WHERE user_id = $1`, [user.id])).rows[0]!.b);

describe("an admission", () => {
  it("opens a running bill with no lines, which takes a deposit larger than its charges", async () => {
    const { admission, bill } = await admitted({ low_deposit: "20000" });
    expect(admission).toMatchObject({
      status: "admitted",
      ward: "Male Ward B",
      charges: "0.00",
      deposits: "0.00",
      deposit_low: true,
    });
    expect(bill).toMatchObject({ running: true, status: "open", total: "0.00", left: "0.00" });
    const shown = await call(h.t, "GET", API_PATHS.publicBill(bill.token));
    expect(shown.json).toMatchObject({ running: true, left: "0.00", min_part: "100.00" });
    const payer = await funded(60_000);
    const depositsBefore = await balance("liability:bill_deposits");
    await deposit(bill.token, "50000", payer);
    const after = await get(admission.id);
    expect(after.admission).toMatchObject({ deposits: "50000.00", balance: "50000.00", deposit_low: false });
    expect(depositsBefore - (await balance("liability:bill_deposits"))).toBe(5_000_000);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });

  it("is one stay at a time per patient, of a register patient, and refuses bad input writing nothing", async () => {
    const id = await patient();
    const first = await call(h.t, "POST", API_PATHS.staffAdmissions, { patient_id: id, ward: "Ward A" }, agent.token);
    expect(first.status, first.text).toBe(201);
    const before = [await count("admissions"), await count("bills")];
    const again = await call(h.t, "POST", API_PATHS.staffAdmissions, { patient_id: id, ward: "Ward C" }, agent.token);
    expect(again.status).toBe(409);
    expect(again.json.detail).toBe(ADMISSION_MESSAGES.alreadyAdmitted);
    const unknown = await call(h.t, "POST", API_PATHS.staffAdmissions, { patient_id: 99_999_999, ward: "Ward A" }, agent.token);
    expect(unknown.status).toBe(400);
    expect(unknown.json.patient_id).toBeInstanceOf(Array);
    const bad = await call(h.t, "POST", API_PATHS.staffAdmissions, { patient_id: "x", ward: "", low_deposit: "-5" }, agent.token);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json)).toEqual(expect.arrayContaining(["patient_id", "ward"]));
    expect([await count("admissions"), await count("bills")]).toEqual(before);
  });

  it("takes lines over three days, warns the ward when the deposit runs low, and discharges with the excess back to the wallet", async () => {
    const { admission, bill } = await admitted({ low_deposit: "30000" });
    const payer = await funded(60_000);
    await deposit(bill.token, "50000", payer);
    for (const _day of [1, 2, 3]) expect((await addLines(admission.id, [{ service: wardDay }])).status).toBe(200);
    const lines = await addLines(admission.id, [{ service: drug, quantity: 2 }, { service: labTest }]);
    expect(lines.status, lines.text).toBe(200);
    const charges = kobo(wardDay.price) * 3 + kobo(drug.price) * 2 + kobo(labTest.price);
    const during = await get(admission.id);
    expect(during.bill.items.map((item) => item.service_name)).toEqual([
      wardDay.name,
      wardDay.name,
      wardDay.name,
      drug.name,
      labTest.name,
    ]);
    expect(during.admission).toMatchObject({ charges: naira(charges), balance: naira(5_000_000 - charges) });
    expect(during.admission.deposit_low).toBe(5_000_000 - charges < 3_000_000);
    const listed = await call(h.t, "GET", API_PATHS.staffAdmissions, undefined, agent.token);
    expect((listed.json.results as Array<{ id: number }>).some((row) => row.id === admission.id)).toBe(true);

    // Only an officer discharges (money may go back).
    expect((await discharge(admission.id, {}, agent.token)).status).toBe(403);
    const walletBefore = await walletOf(payer);
    const [revenueBefore, depositsBefore] = [await balance("revenue:hospital"), await balance("liability:bill_deposits")];
    const res = await discharge(admission.id, { excess_to: "wallet" });
    expect(res.status, res.text).toBe(200);
    const done = res.json as unknown as AdmissionDetail & { detail: string };
    expect(done.detail).toBe(ADMISSION_MESSAGES.discharged);
    expect(done.admission).toMatchObject({
      status: "cleared",
      balance: "0.00",
      returned_to_wallets: naira(5_000_000 - charges),
      owed_by_refund: "0.00",
      deposit_low: false,
    });
    expect(done.bill).toMatchObject({
      running: false,
      status: "paid",
      total: naira(charges),
      returned: naira(5_000_000 - charges),
    });
    expect(done.admission.clearance_code).toMatch(/^[A-Z0-9]{4}-/);
    expect((await walletOf(payer)) - walletBefore).toBe(5_000_000 - charges);
    expect(revenueBefore - (await balance("revenue:hospital"))).toBe(charges);
    // The stay's whole deposit left the bill deposits: its charges to revenue, the rest to the wallet.
    expect((await balance("liability:bill_deposits")) - depositsBefore).toBe(5_000_000);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);

    // The exit checks the clearance code as it checks any receipt.
    const verified = await call(h.t, "GET", API_PATHS.receipt(done.admission.clearance_code!));
    expect(verified.status, verified.text).toBe(200);
    expect(verified.json).toMatchObject({ status: "paid" });
    // Discharged once; no line after it; the deposit is not refunded a second time.
    expect((await discharge(admission.id)).status).toBe(409);
    expect((await addLines(admission.id, [{ service: drug }])).status).toBe(409);
    // Its excess went to the wallet: no refund is owed to record.
    const none = await call(h.t, "POST", API_PATHS.admissionRefundPaid(admission.id), { bank_reference: "X/1" }, admin.token);
    expect(none.status).toBe(409);
    expect(none.json.detail).toBe(ADMISSION_MESSAGES.noRefundOwed);
    const part = done.bill.parts[0]!.reference;
    const refund = await call(h.t, "POST", API_PATHS.refundInvoice(part), { reason: "asked again" }, admin.token);
    expect(refund.status).toBe(409);
    expect(refund.json.detail).toBe(
      "What this deposit paid beyond the stay went back to the wallet at discharge; the rest is the stay's.",
    );
  });

  it("discharges with a shortfall as a bill still to pay; the rest paid, the clearance code is given", async () => {
    const { admission, bill } = await admitted();
    const payer = await funded(60_000);
    await deposit(bill.token, "100", payer);
    expect((await addLines(admission.id, [{ service: wardDay, quantity: 2 }])).status).toBe(200);
    const owed = kobo(wardDay.price) * 2 - 10_000;
    const res = await discharge(admission.id);
    expect(res.status, res.text).toBe(200);
    expect(res.json.detail).toBe(ADMISSION_MESSAGES.dischargedOwing(formatNaira(owed)));
    expect(res.json.admission).toMatchObject({ status: "awaiting_payment", balance: naira(-owed), clearance_code: null });
    await deposit(bill.token, naira(owed), payer);
    const after = await get(admission.id);
    expect(after.admission.status).toBe("cleared");
    expect(after.admission.clearance_code).toMatch(/^[A-Z0-9]{4}-/);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });

  it("owes the excess back by refund when told so, and refuses a discharge with no lines or the bill's cancellation", async () => {
    const { admission, bill } = await admitted();
    const payer = await funded(20_000);
    await deposit(bill.token, "15000", payer);
    const empty = await discharge(admission.id);
    expect(empty.status).toBe(400);
    expect(empty.json.items).toEqual([ADMISSION_MESSAGES.noLines]);
    const cancel = await call(h.t, "POST", API_PATHS.cancelBill(bill.token), { reason: "by mistake" }, admin.token);
    expect(cancel.status).toBe(409);
    expect(cancel.json.detail).toBe(ADMISSION_MESSAGES.runningBill);
    expect((await addLines(admission.id, [{ service: labTest }])).status).toBe(200);
    const refundsBefore = await balance("liability:deposit_refunds");
    const walletBefore = await walletOf(payer);
    const res = await discharge(admission.id, { excess_to: "refund" });
    expect(res.status, res.text).toBe(200);
    const excess = 1_500_000 - kobo(labTest.price);
    expect(res.json.admission).toMatchObject({ status: "cleared", owed_by_refund: naira(excess), returned_to_wallets: "0.00" });
    expect(refundsBefore - (await balance("liability:deposit_refunds"))).toBe(excess);
    expect(await walletOf(payer)).toBe(walletBefore);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
    const bad = await discharge((res.json.admission as { id: number }).id, { excess_to: "cash" });
    expect(bad.status).toBe(400);

    // The refund owed is paid out by bank transfer, recorded once by an officer.
    const paidOut = (token: string, body: Record<string, unknown> = { bank_reference: "GTB/REF/0042" }) =>
      call(h.t, "POST", API_PATHS.admissionRefundPaid(admission.id), body, token);
    expect((await paidOut(agent.token)).status).toBe(403);
    expect((await paidOut(admin.token, { bank_reference: "" })).status).toBe(400);
    const bankBefore = await balance("clearing:bank_transfer");
    const recorded = await paidOut(admin.token);
    expect(recorded.status, recorded.text).toBe(200);
    expect(recorded.json.detail).toBe(ADMISSION_MESSAGES.refundPaid);
    expect(recorded.json.admission).toMatchObject({ refund_paid: { reference: "GTB/REF/0042", by: expect.any(String) } });
    expect(await balance("liability:deposit_refunds")).toBe(refundsBefore);
    expect(bankBefore - (await balance("clearing:bank_transfer"))).toBe(excess);
    const again = await paidOut(admin.token);
    expect(again.status).toBe(409);
    expect(again.json.detail).toBe(ADMISSION_MESSAGES.refundAlreadyPaid);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });

  it("discharges once when two officers discharge at the same moment", async () => {
    const { admission, bill } = await admitted();
    const payer = await funded(20_000);
    await deposit(bill.token, "10000", payer);
    expect((await addLines(admission.id, [{ service: labTest }])).status).toBe(200);
    const walletBefore = await walletOf(payer);
    const answers = await Promise.all([discharge(admission.id), discharge(admission.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await walletOf(payer)) - walletBefore).toBe(1_000_000 - kobo(labTest.price));
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });

  it("splits an HMO enrollee's stay by the enrolment it was admitted under: the HMO owes its part once discharged", async () => {
    const registered = await call(
      h.t,
      "POST",
      API_PATHS.staffHmos,
      {
        name: "Ward HMO",
        nhia_code: "NHIA/HMO/0777",
        contact_name: "Bola Ade",
        contact_phone: "08031112299",
        contact_email: "claims@ward-hmo.example.ng",
        bank_name: "Zenith Bank",
        bank_account_number: "1012345699",
        bank_account_name: "Ward HMO Limited",
      },
      admin.token,
    );
    expect(registered.status, registered.text).toBe(201);
    const hmo = registered.json.hmo as Hmo;
    const plan = await call(
      h.t,
      "POST",
      API_PATHS.staffHmoPlans(hmo.id),
      { name: "Inpatient", covered_percent: "90", copay_percent: "10" },
      admin.token,
    );
    expect(plan.status, plan.text).toBe(201);
    const id = await patient();
    const today = (days: number) => watDay(new Date(Date.now() + days * 86_400_000).toISOString());
    const enrol = {
      plan_id: (plan.json.plan as { id: number }).id,
      enrollee_id: "WARD-1",
      valid_from: today(-10),
      valid_to: today(100),
    };
    expect((await call(h.t, "POST", API_PATHS.staffPatientEnrolments(id), enrol, agent.token)).status).toBe(201);
    const res = await call(h.t, "POST", API_PATHS.staffAdmissions, { patient_id: id, ward: "Private Ward" }, agent.token);
    expect(res.status, res.text).toBe(201);
    const { admission, bill } = res.json as unknown as AdmissionDetail;
    expect(bill.coverage).toMatchObject({ hmo_name: "Ward HMO", enrollee_id: "WARD-1" });
    const payer = await funded(20_000);
    await deposit(bill.token, "5000", payer);
    expect((await addLines(admission.id, [{ service: wardDay, quantity: 3 }])).status).toBe(200);
    const total = kobo(wardDay.price) * 3;
    const hmoPart = Math.floor((total * 9_000) / 10_000);
    const receivableBefore = await balance(`asset:hmo_receivable:${hmo.id}`);
    const done = await discharge(admission.id);
    expect(done.status, done.text).toBe(200);
    expect(done.json.admission).toMatchObject({ hmo_part: naira(hmoPart), charges: naira(total - hmoPart), status: "cleared" });
    expect((await balance(`asset:hmo_receivable:${hmo.id}`)) - receivableBefore).toBe(hmoPart);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });
});
