import {
  API_PATHS,
  CLAIM_MESSAGES,
  formatNaira,
  watDay,
  type Claim,
  type ClaimHead,
  type HmoReceivables,
  type ServiceRecord,
  type StaffBill,
} from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentsHarness, fundWallet, type PaymentsHarness } from "../../test/payments-harness";
import { buildUser, call } from "../../test/test-app";
import { checkLedger, ledgerIsSound } from "../ledger";

type User = Awaited<ReturnType<typeof buildUser>>;

let h: PaymentsHarness;
let agent: User;
let officer: User;
let approver: User;
let payer: User;
let drug: ServiceRecord;
let plain: ServiceRecord;
let hmoId: number;
let planId: number;
const month = watDay(new Date().toISOString()).slice(0, 7);

const kobo = (naira: string | number) => Math.round(Number(naira) * 100);

beforeAll(async () => {
  h = await createPaymentsHarness({ BILL_MIN_PART_NAIRA: "100" });
  const all = (await h.catalogue()).filter((s) => s.fixed_price !== "no" && Number(s.price) > 0 && s.department?.name);
  drug = all[0]!;
  plain = all.find((s) => s.department!.name !== drug.department!.name)!;
  agent = await buildUser(h.t, { role: "AGENT" });
  officer = await buildUser(h.t, { role: "ADMIN", firstName: "Claims", lastName: "Officer" });
  approver = await buildUser(h.t, { role: "SUPERADMIN", firstName: "Finance", lastName: "Director" });
  payer = await buildUser(h.t, { firstName: "Ngozi", lastName: "Eze" });
  await fundWallet(h.t, payer.id, 10_000_000);
  const hmo = await call(
    h.t,
    "POST",
    API_PATHS.staffHmos,
    {
      name: "Avon HMO",
      nhia_code: "NHIA/AVON/1",
      contact_name: "Claims Desk",
      contact_phone: "08031112222",
      contact_email: "claims@avon.example.ng",
      bank_name: "Access Bank",
      bank_account_number: "0691234567",
      bank_account_name: "Avon HMO Limited",
    },
    officer.token,
  );
  expect(hmo.status, hmo.text).toBe(201);
  hmoId = (hmo.json.hmo as { id: number }).id;
  const plan = await call(
    h.t,
    "POST",
    API_PATHS.staffHmoPlans(hmoId),
    {
      name: "NHIA Formal Sector",
      covered_percent: "100",
      rules: [{ department: drug.department!.name, covered_percent: "90", copay_percent: "10" }],
    },
    officer.token,
  );
  expect(plan.status, plan.text).toBe(201);
  planId = (plan.json.plan as { id: number }).id;
}, 60_000);
afterAll(async () => {
  await h?.close();
});

let serial = 0;
/** A final bill of an enrollee: lines the plan covers whole are final as raised; a drug's co-payment is paid from the wallet. */
async function finalBill(items: Array<{ service: ServiceRecord; quantity: number }>): Promise<StaffBill> {
  serial += 1;
  const patient = await call(
    h.t,
    "POST",
    API_PATHS.staffPatients,
    {
      hospital_number: `AVON/${serial}`,
      first_name: "Ngozi",
      last_name: `Eze${"x".repeat(serial % 3)}`,
      phone: "08035550000",
      language: "en",
      date_of_birth: "1985-06-01",
    },
    agent.token,
  );
  expect(patient.status, patient.text).toBe(201);
  const patientId = (patient.json.patient as { id: number }).id;
  const body = { plan_id: planId, enrollee_id: `AVN-${serial}`, valid_from: "2026-01-01", valid_to: "2027-12-31" };
  expect((await call(h.t, "POST", API_PATHS.staffPatientEnrolments(patientId), body, agent.token)).status).toBe(201);
  const raised = await call(
    h.t,
    "POST",
    API_PATHS.staffBills,
    { patient_id: patientId, items: items.map((item) => ({ service_id: item.service.id, quantity: item.quantity })) },
    agent.token,
  );
  expect(raised.status, raised.text).toBe(201);
  const bill = raised.json.bill as StaffBill;
  if (bill.status === "open") {
    const paid = await call(
      h.t,
      "POST",
      API_PATHS.payBill(bill.token),
      {
        amount: bill.left,
        payer_name: "Ngozi Eze",
        payer_email: payer.email,
        payer_phone: "08035550000",
        payment_method: "wallet",
      },
      payer.token,
    );
    expect(paid.status, paid.text).toBe(201);
  }
  return bill;
}

const balance = (code: string) => h.t.db.transaction((tx) => h.t.repositories.ledger.balance(tx, code));
const receivable = () => balance(`asset:hmo_receivable:${hmoId}`);
const owedByAge = async () => {
  const res = await call(h.t, "GET", API_PATHS.staffHmoReceivables, undefined, officer.token);
  return (res.json as unknown as HmoReceivables).results.find((row) => row.hmo_id === hmoId)!;
};

describe("HMO claim batches", () => {
  let claim: Claim;
  let bills: StaffBill[];

  it("are made per HMO and month of its final bills' HMO parts, once, audited; nothing to claim is said so", async () => {
    bills = [
      await finalBill([{ service: drug, quantity: 3 }]),
      await finalBill([
        { service: plain, quantity: 1 },
        { service: drug, quantity: 1 },
      ]),
      await finalBill([{ service: plain, quantity: 2 }]),
    ];
    const hmoTotal = bills.reduce((sum, bill) => sum + kobo(bill.hmo_part), 0);
    expect(await receivable()).toBe(hmoTotal);
    const res = await call(h.t, "POST", API_PATHS.staffHmoClaims, { hmo_id: hmoId, month }, officer.token);
    expect(res.status, res.text).toBe(201);
    claim = res.json.claim as Claim;
    expect(claim).toMatchObject({
      status: "draft",
      month,
      lines: 4,
      total: (hmoTotal / 100).toFixed(2),
      outstanding: claim.total,
    });
    expect(claim.claim_lines.map((line) => [line.bill_token, line.position, line.enrollee_id])).toEqual([
      [bills[0]!.token, 1, "AVN-1"],
      [bills[1]!.token, 1, "AVN-2"],
      [bills[1]!.token, 2, "AVN-2"],
      [bills[2]!.token, 1, "AVN-3"],
    ]);
    expect(claim.claim_lines[0]!.amount).toBe(bills[0]!.items[0]!.hmo_part);

    const again = await call(h.t, "POST", API_PATHS.staffHmoClaims, { hmo_id: hmoId, month }, officer.token);
    expect(again.status).toBe(409);
    expect(again.json.detail).toBe(CLAIM_MESSAGES.batchExists);
    const empty = await call(h.t, "POST", API_PATHS.staffHmoClaims, { hmo_id: hmoId, month: "2025-01" }, officer.token);
    expect(empty.status).toBe(400);
    expect(empty.json.month).toEqual([CLAIM_MESSAGES.nothingToClaim]);
    const unknown = await call(h.t, "POST", API_PATHS.staffHmoClaims, { hmo_id: 999_999, month }, officer.token);
    expect(unknown.json.hmo_id).toEqual([CLAIM_MESSAGES.noHmo]);
    const bad = await call(h.t, "POST", API_PATHS.staffHmoClaims, { hmo_id: hmoId, month: "2026-13" }, officer.token);
    expect(bad.json.month).toEqual([CLAIM_MESSAGES.month]);
    const audited = await h.t.db.query<{ summary: string }>(`SELECT summary FROM audit_log WHERE action = 'hmo_claim.created'`);
    expect(audited.rows.map((row) => row.summary)).toEqual([
      `Claim batch of Avon HMO for ${month}: 4 lines, ${formatNaira(hmoTotal)}`,
    ]);
    const listed = await call(h.t, "GET", `${API_PATHS.staffHmoClaims}?hmo_id=${hmoId}`, undefined, officer.token);
    expect((listed.json.results as ClaimHead[]).map((row) => row.id)).toEqual([claim.id]);
  });

  it("export as CSV, one row per line with its enrollee, service, code and amounts", async () => {
    const res = await h.t.app.inject({
      method: "GET",
      url: API_PATHS.staffHmoClaimCsv(claim.id),
      headers: { authorization: `Bearer ${officer.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="claim-NHIA-AVON-1-${month}.csv"`);
    const rows = res.body.trimEnd().split("\r\n");
    expect(rows[0]).toBe(
      "HMO,NHIA code,Claim month,Bill,Line,Date,Hospital number,Patient,Enrollee ID,Service ID,Service,Department,Quantity,Pre-authorisation code,Claimed (NGN),Paid (NGN),Written off (NGN),Rejected because",
    );
    expect(rows).toHaveLength(5);
    expect(rows[1]).toContain(`Avon HMO,NHIA/AVON/1,${month},${bills[0]!.token},1,`);
    expect(rows[1]!.endsWith(`,${claim.claim_lines[0]!.amount},0.00,0.00,`)).toBe(true);
  });

  it("take a remittance only once submitted, and are submitted once", async () => {
    const early = { amount: "1.00", bank_reference: "ZEN/EARLY/1", received_on: "2026-11-30" };
    const refused = await call(h.t, "POST", API_PATHS.staffHmoClaimRemittances(claim.id), early, officer.token);
    expect(refused.status).toBe(409);
    expect(refused.json.detail).toBe(CLAIM_MESSAGES.notSubmitted);
    const submitted = await call(h.t, "POST", API_PATHS.staffHmoClaimSubmit(claim.id), {}, officer.token);
    expect(submitted.status, submitted.text).toBe(200);
    expect(submitted.json.claim).toMatchObject({ status: "submitted" });
    expect((await call(h.t, "POST", API_PATHS.staffHmoClaimSubmit(claim.id), {}, officer.token)).status).toBe(409);
  });

  it("allocate a 90% remittance over the lines in proportion; the 10% short is written off only with another officer's sign-off; nothing is left owed", async () => {
    const total = kobo(claim.total);
    const ninety = Math.floor((total * 9) / 10);
    const [owedBefore, bankBefore] = [await receivable(), await balance("asset:bank:hmo_remittances")];
    const over = { amount: ((total + 1) / 100).toFixed(2), bank_reference: "ZEN/2026/001", received_on: "2026-11-30" };
    const tooMuch = await call(h.t, "POST", API_PATHS.staffHmoClaimRemittances(claim.id), over, officer.token);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json.amount).toEqual([CLAIM_MESSAGES.overpaid(formatNaira(total))]);

    const remittance = { amount: (ninety / 100).toFixed(2), bank_reference: "ZEN/2026/001", received_on: "2026-11-30" };
    const remitted = await call(h.t, "POST", API_PATHS.staffHmoClaimRemittances(claim.id), remittance, officer.token);
    expect(remitted.status, remitted.text).toBe(200);
    const paid = remitted.json.claim as Claim;
    expect(paid).toMatchObject({ status: "part_paid", remitted: remittance.amount });
    // Each line is paid its share of the 90%, to the kobo, and the shares add up to the remittance.
    for (const line of paid.claim_lines) expect(Math.abs(kobo(line.paid) - (kobo(line.amount) * ninety) / total)).toBeLessThan(1);
    expect(paid.claim_lines.reduce((sum, line) => sum + kobo(line.paid), 0)).toBe(ninety);
    expect(owedBefore - (await receivable())).toBe(ninety);
    expect((await balance("asset:bank:hmo_remittances")) - bankBefore).toBe(ninety);
    const twice = await call(
      h.t,
      "POST",
      API_PATHS.staffHmoClaimRemittances(claim.id),
      { ...remittance, amount: "1.00", bank_reference: "zen/2026/001" },
      officer.token,
    );
    expect(twice.json.bank_reference).toEqual([CLAIM_MESSAGES.referenceTwice]);

    const asked = await call(
      h.t,
      "POST",
      API_PATHS.staffHmoClaimWriteOffs(claim.id),
      { reason: "Avon pays 90% of NHIA tariff" },
      officer.token,
    );
    expect(asked.status, asked.text).toBe(201);
    const writeOff = (asked.json.claim as Claim).write_offs[0]!;
    expect(writeOff).toMatchObject({ status: "pending", amount: ((total - ninety) / 100).toFixed(2) });
    expect((await call(h.t, "POST", API_PATHS.staffHmoClaimWriteOffs(claim.id), { reason: "again" }, officer.token)).status).toBe(
      409,
    );
    // Nobody signs their own write-off off.
    const decision = { decision: "approve", note: "Agreed with Avon's tariff letter" };
    const own = await call(h.t, "POST", API_PATHS.decideHmoClaimWriteOff(writeOff.id), decision, officer.token);
    expect(own.status).toBe(403);
    expect(await receivable()).toBe(owedBefore - ninety);
    const signed = await call(h.t, "POST", API_PATHS.decideHmoClaimWriteOff(writeOff.id), decision, approver.token);
    expect(signed.status, signed.text).toBe(200);
    expect(signed.json.claim).toMatchObject({ status: "paid", outstanding: "0.00", written_off: writeOff.amount });
    expect((await call(h.t, "POST", API_PATHS.decideHmoClaimWriteOff(writeOff.id), decision, approver.token)).status).toBe(409);
    expect(await receivable()).toBe(owedBefore - total);
    expect(await balance("expense:hmo_short_payments")).toBe(total - ninety);
    // The ageing shows nothing left for these bills, and equals the ledger.
    const aged = await owedByAge();
    expect(kobo(aged.owed)).toBe(await receivable());
    expect(aged.bills).toBe(0);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });

  it("take a line the HMO rejected, with its reason: remittances pay the other lines only, and the rejected one is written off with the rest", async () => {
    const other = await call(
      h.t,
      "POST",
      API_PATHS.staffHmos,
      {
        name: "Reliance HMO",
        nhia_code: "NHIA/REL/1",
        contact_name: "Claims Desk",
        contact_phone: "08031113333",
        contact_email: "claims@reliance.example.ng",
        bank_name: "GTBank",
        bank_account_number: "0123456789",
        bank_account_name: "Reliance HMO Limited",
      },
      officer.token,
    );
    expect(other.status, other.text).toBe(201);
    const otherId = (other.json.hmo as { id: number }).id;
    const plan = await call(
      h.t,
      "POST",
      API_PATHS.staffHmoPlans(otherId),
      { name: "Gold", covered_percent: "100" },
      officer.token,
    );
    const previousPlan = planId;
    planId = (plan.json.plan as { id: number }).id;
    const [first, second] = [
      await finalBill([{ service: plain, quantity: 1 }]),
      await finalBill([{ service: plain, quantity: 2 }]),
    ];
    planId = previousPlan;
    const made = await call(h.t, "POST", API_PATHS.staffHmoClaims, { hmo_id: otherId, month }, officer.token);
    expect(made.status, made.text).toBe(201);
    const batch = made.json.claim as Claim;
    const reject = (body: Record<string, unknown>) =>
      call(h.t, "POST", API_PATHS.staffHmoClaimRejections(batch.id), body, officer.token);
    const rejection = { bill_token: second!.token, position: 1, reason: "Not on the plan's tariff" };
    expect((await reject(rejection)).status).toBe(409);
    expect((await call(h.t, "POST", API_PATHS.staffHmoClaimSubmit(batch.id), {}, officer.token)).status).toBe(200);
    const rejected = await reject(rejection);
    expect(rejected.status, rejected.text).toBe(200);
    expect((rejected.json.claim as Claim).claim_lines.map((line) => line.rejected_reason)).toEqual([
      null,
      "Not on the plan's tariff",
    ]);
    expect((await reject(rejection)).status).toBe(409);
    const unknown = await reject({ ...rejection, position: 9 });
    expect(unknown.json.position).toEqual([CLAIM_MESSAGES.noLine]);
    // Every missing or mistyped field is named, and nothing is written.
    const empty = await reject({});
    expect(empty.status).toBe(400);
    expect(
      Object.keys(empty.json)
        .filter((key) => !["detail", "code"].includes(key))
        .sort(),
    ).toEqual(["bill_token", "position", "reason"]);
    const mistyped = await reject({ bill_token: 7, position: "one", reason: ["x"] });
    expect(
      Object.keys(mistyped.json)
        .filter((key) => !["detail", "code"].includes(key))
        .sort(),
    ).toEqual(["bill_token", "position", "reason"]);
    const long = await reject({ ...rejection, reason: "x".repeat(501) });
    expect(long.json.reason).toBeInstanceOf(Array);

    const accepted = kobo(first!.hmo_part);
    const tooMuch = await call(
      h.t,
      "POST",
      API_PATHS.staffHmoClaimRemittances(batch.id),
      { amount: ((accepted + 1) / 100).toFixed(2), bank_reference: "GTB/REL/1", received_on: "2026-11-30" },
      officer.token,
    );
    expect(tooMuch.json.amount).toEqual([CLAIM_MESSAGES.onlyRejectedLeft(formatNaira(accepted))]);
    const paid = await call(
      h.t,
      "POST",
      API_PATHS.staffHmoClaimRemittances(batch.id),
      { amount: first!.hmo_part, bank_reference: "GTB/REL/1", received_on: "2026-11-30" },
      officer.token,
    );
    expect(paid.status, paid.text).toBe(200);
    expect((paid.json.claim as Claim).claim_lines.map((line) => [line.paid, line.written_off])).toEqual([
      [first!.hmo_part, "0.00"],
      ["0.00", "0.00"],
    ]);
    const asked = await call(h.t, "POST", API_PATHS.staffHmoClaimWriteOffs(batch.id), { reason: "Rejected line" }, officer.token);
    const writeOff = (asked.json.claim as Claim).write_offs[0]!;
    expect(writeOff.amount).toBe(second!.hmo_part);
    const signed = await call(
      h.t,
      "POST",
      API_PATHS.decideHmoClaimWriteOff(writeOff.id),
      { decision: "approve", note: "Agreed" },
      approver.token,
    );
    expect(signed.json.claim).toMatchObject({ status: "paid", outstanding: "0.00" });
    expect(await balance(`asset:hmo_receivable:${otherId}`)).toBe(0);
    const audited = await h.t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'hmo_claim.line_rejected'`,
    );
    expect(audited.rows[0]!.n).toBe(1);
    expect(ledgerIsSound(await checkLedger(h.t.db))).toBe(true);
  });

  it("are for the hospital's officers only", async () => {
    expect((await call(h.t, "GET", API_PATHS.staffHmoClaims, undefined, agent.token)).status).toBe(403);
    expect((await call(h.t, "POST", API_PATHS.staffHmoClaims, { hmo_id: hmoId, month }, agent.token)).status).toBe(403);
    expect((await call(h.t, "GET", API_PATHS.staffHmoClaim(claim.id), undefined, payer.token)).status).toBe(403);
  });
});
