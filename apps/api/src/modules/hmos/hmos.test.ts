import { API_PATHS, ruleFor, splitLine, type Enrolment, type Hmo, type HmoList, type HmoPlan } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, call, createTestApp, type TestApp } from "../../test/test-app";

type User = Awaited<ReturnType<typeof buildUser>>;

let t: TestApp;
let agent: User;
let admin: User;

beforeAll(async () => {
  t = await createTestApp();
  agent = await buildUser(t, { role: "AGENT" });
  admin = await buildUser(t, { role: "ADMIN" });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

let serial = 0;
function hmoInput(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    name: `Hygeia HMO ${serial}`,
    nhia_code: `nhia/hmo/${serial}`,
    contact_name: "Bola Adeyemi",
    contact_phone: "08031112222",
    contact_email: "claims@hygeia.example.ng",
    bank_name: "Zenith Bank",
    bank_account_number: "1012345678",
    bank_account_name: "Hygeia HMO Limited",
    ...overrides,
  };
}

/** NHIA's common rule: 10% co-payment on drugs; a procedure needing the HMO's code; a service it never pays. */
const NHIA_PLAN = {
  name: "NHIA Formal Sector",
  covered_percent: "100",
  rules: [
    { department: "Pharmacy", covered_percent: "90", copay_percent: "10" },
    { department: "Surgery", covered_percent: "100", preauth_required: true },
    { service_id: "SRV-COSMETIC", excluded: true },
  ],
};

const registerHmo = (body: unknown, user: User = admin) => call(t, "POST", API_PATHS.staffHmos, body, user.token);
const addPlan = (hmoId: number, body: unknown, user: User = admin) =>
  call(t, "POST", API_PATHS.staffHmoPlans(hmoId), body, user.token);
const enrol = (patientId: number, body: unknown, user: User = agent) =>
  call(t, "POST", API_PATHS.staffPatientEnrolments(patientId), body, user.token);
const count = async (table: string) =>
  Number((await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n);
const audited = async (action: string) =>
  (await t.db.query<{ summary: string }>(`SELECT summary FROM audit_log WHERE action = $1 ORDER BY id`, [action])).rows.map(
    (row) => row.summary,
  );

async function newHmo(overrides: Record<string, unknown> = {}): Promise<Hmo> {
  const res = await registerHmo(hmoInput(overrides));
  expect(res.status, res.text).toBe(201);
  return res.json.hmo as Hmo;
}

async function newPlan(hmoId: number, body: unknown = NHIA_PLAN): Promise<HmoPlan> {
  const res = await addPlan(hmoId, body);
  expect(res.status, res.text).toBe(201);
  return res.json.plan as HmoPlan;
}

let patientSerial = 0;
async function newPatient(): Promise<number> {
  patientSerial += 1;
  const res = await call(
    t,
    "POST",
    API_PATHS.staffPatients,
    {
      hospital_number: `HMO/PAT/${patientSerial}`,
      first_name: "Ngozi",
      last_name: "Eze",
      phone: "08035550000",
      language: "ig",
      date_of_birth: "1985-06-01",
    },
    agent.token,
  );
  expect(res.status, res.text).toBe(201);
  return (res.json.patient as { id: number }).id;
}

describe("HMOs", () => {
  it("are registered by an admin, audited, and listed to every staff member with their plans", async () => {
    const hmo = await newHmo({ nhia_code: "nhia/h/0042" });
    expect(hmo).toMatchObject({ nhia_code: "NHIA/H/0042", bank_account_number: "1012345678", plans: [] });
    const plan = await newPlan(hmo.id);
    expect(plan).toMatchObject({ hmo_id: hmo.id, covered_percent: "100.00", copay_percent: "0.00", excluded: false });
    expect(plan.rules).toEqual([
      {
        department: "Pharmacy",
        service_id: "",
        covered_percent: "90.00",
        copay_percent: "10.00",
        excluded: false,
        preauth_required: false,
      },
      {
        department: "Surgery",
        service_id: "",
        covered_percent: "100.00",
        copay_percent: "0.00",
        excluded: false,
        preauth_required: true,
      },
      {
        department: "",
        service_id: "SRV-COSMETIC",
        covered_percent: "0.00",
        copay_percent: "0.00",
        excluded: true,
        preauth_required: false,
      },
    ]);
    const list = await call(t, "GET", API_PATHS.staffHmos, undefined, agent.token);
    expect(list.status, list.text).toBe(200);
    const listed = (list.json as unknown as HmoList).results.find((row) => row.id === hmo.id);
    expect(listed?.plans).toEqual([plan]);
    expect(await audited("hmo.registered")).toContain(`Registered HMO ${hmo.name} (NHIA/H/0042)`);
    expect(await audited("hmo.plan_added")).toContain(`Added plan NHIA Formal Sector to HMO ${hmo.name}, with 3 rule(s)`);
  });

  it("refuses a second HMO by the same name or NHIA code, in any case, naming the field, writing nothing", async () => {
    const hmo = await newHmo();
    const before = await count("hmos");
    for (const twin of [hmoInput({ name: hmo.name.toUpperCase() }), hmoInput({ nhia_code: hmo.nhia_code.toLowerCase() })]) {
      const res = await registerHmo(twin);
      expect(res.status, res.text).toBe(409);
      expect(res.json.name).toEqual(["An HMO with this name or NHIA code is already registered."]);
    }
    expect(await count("hmos")).toBe(before);
  });

  it("refuses bad details with field errors: NHIA code, account number, e-mail; an agent may not register one", async () => {
    const before = await count("hmos");
    const res = await registerHmo(
      hmoInput({ nhia_code: "NHIA 42!", bank_account_number: "12345", contact_email: "claims", contact_phone: "call me" }),
    );
    expect(res.status, res.text).toBe(400);
    const fields = Object.keys(res.json).filter((key) => !["code", "detail", "non_field_errors"].includes(key));
    expect(fields.sort()).toEqual(["bank_account_number", "contact_email", "contact_phone", "nhia_code"]);
    expect((await registerHmo(hmoInput(), agent)).status).toBe(403);
    expect(await count("hmos")).toBe(before);
  });
});

describe("an HMO's plans", () => {
  it("refuse shares over 100%, shares on an excluded service, a rule for both or neither target, and a target twice", async () => {
    const hmo = await newHmo();
    const cases: Array<[unknown, string]> = [
      [{ name: "Over", covered_percent: "95", copay_percent: "10" }, "covered_percent"],
      [{ name: "Odd", covered_percent: "12.345" }, "covered_percent"],
      [
        { name: "Rule over", rules: [{ department: "Lab", covered_percent: "60", copay_percent: "50" }] },
        "rules.0.covered_percent",
      ],
      [{ name: "Excluded", rules: [{ service_id: "S1", excluded: true, copay_percent: "10" }] }, "rules.0.excluded"],
      [{ name: "Both", rules: [{ department: "Lab", service_id: "S1" }] }, "rules.0.department"],
      [{ name: "Neither", rules: [{ covered_percent: "10" }] }, "rules.0.department"],
      [{ name: "Twice", rules: [{ department: "Lab" }, { department: "LAB" }] }, "rules.1.department"],
    ];
    const before = await count("hmo_plans");
    for (const [body, field] of cases) {
      const res = await addPlan(hmo.id, body);
      expect(res.status, `${JSON.stringify(body)}: ${res.text}`).toBe(400);
      expect(Object.keys(res.json), JSON.stringify(body)).toContain(field);
    }
    expect(await count("hmo_plans")).toBe(before);
  });

  it("are one name per HMO, and only for an HMO that exists", async () => {
    const hmo = await newHmo();
    await newPlan(hmo.id, { name: "Bronze", covered_percent: "80" });
    const twin = await addPlan(hmo.id, { name: "bronze", covered_percent: "70" });
    expect(twin.status, twin.text).toBe(409);
    expect(twin.json.name).toEqual(["This HMO already has a plan with this name."]);
    // Another HMO may have its own Bronze plan.
    await newPlan((await newHmo()).id, { name: "Bronze", covered_percent: "80" });
    const missing = await addPlan(999_999, { name: "Ghost", covered_percent: "80" });
    expect(missing.status, missing.text).toBe(404);
  });
});

describe("enrolments", () => {
  it("put a patient on a plan for a span of days, audited, current while today is within it", async () => {
    const hmo = await newHmo();
    const plan = await newPlan(hmo.id);
    const patientId = await newPatient();
    const res = await enrol(patientId, {
      plan_id: plan.id,
      enrollee_id: "HYG-0001/A",
      valid_from: "2020-01-01",
      valid_to: "2099-12-31",
    });
    expect(res.status, res.text).toBe(201);
    const enrolment = res.json.enrolment as Enrolment;
    expect(enrolment).toMatchObject({
      patient_id: patientId,
      hmo: { id: hmo.id, name: hmo.name },
      plan: { id: plan.id, name: "NHIA Formal Sector" },
      enrollee_id: "HYG-0001/A",
      current: true,
    });
    const past = await enrol(await newPatient(), {
      plan_id: plan.id,
      enrollee_id: "HYG-OLD",
      valid_from: "2020-01-01",
      valid_to: "2020-12-31",
    });
    expect((past.json.enrolment as Enrolment).current).toBe(false);
    const list = await call(t, "GET", API_PATHS.staffPatientEnrolments(patientId), undefined, agent.token);
    expect(list.status, list.text).toBe(200);
    expect((list.json.results as Enrolment[]).map((row) => row.id)).toEqual([enrolment.id]);
    expect(
      (await audited("patient.enrolled")).some((summary) => summary.includes("as HYG-0001/A, 2020-01-01 to 2099-12-31")),
    ).toBe(true);
  });

  it("refuse dates that meet another enrolment, an enrollee ID the HMO has given another patient, and bad fields", async () => {
    const hmo = await newHmo();
    const plan = await newPlan(hmo.id);
    const patientId = await newPatient();
    const first = await enrol(patientId, {
      plan_id: plan.id,
      enrollee_id: "E-1",
      valid_from: "2026-01-01",
      valid_to: "2026-06-30",
    });
    expect(first.status, first.text).toBe(201);
    const before = await count("patient_enrolments");

    const overlap = await enrol(patientId, {
      plan_id: plan.id,
      enrollee_id: "E-2",
      valid_from: "2026-06-30",
      valid_to: "2026-12-31",
    });
    expect(overlap.status, overlap.text).toBe(409);
    expect(overlap.json.valid_from).toEqual(["The patient is already enrolled with an HMO for part of these dates."]);
    const taken = await enrol(await newPatient(), {
      plan_id: plan.id,
      enrollee_id: "e-1",
      valid_from: "2026-01-01",
      valid_to: "2026-12-31",
    });
    expect(taken.status, taken.text).toBe(409);
    expect(taken.json.enrollee_id).toEqual(["This enrollee ID is already enrolled with this HMO."]);
    const backwards = await enrol(patientId, {
      plan_id: plan.id,
      enrollee_id: "E-3",
      valid_from: "2027-02-01",
      valid_to: "2027-01-01",
    });
    expect(backwards.status, backwards.text).toBe(400);
    expect(backwards.json.valid_to).toEqual(["The end is on or after the start."]);
    const noPlan = await enrol(patientId, {
      plan_id: 999_999,
      enrollee_id: "E-4",
      valid_from: "2027-01-01",
      valid_to: "2027-12-31",
    });
    expect(noPlan.status, noPlan.text).toBe(400);
    expect(noPlan.json.plan_id).toEqual(["No plan has this id."]);
    const noPatient = await enrol(999_999, {
      plan_id: plan.id,
      enrollee_id: "E-5",
      valid_from: "2027-01-01",
      valid_to: "2027-12-31",
    });
    expect(noPatient.status, noPatient.text).toBe(404);
    expect(await count("patient_enrolments")).toBe(before);
    // The day after the first ends is free.
    const next = await enrol(patientId, {
      plan_id: plan.id,
      enrollee_id: "E-6",
      valid_from: "2026-07-01",
      valid_to: "2026-12-31",
    });
    expect(next.status, next.text).toBe(201);
  });

  it("of one patient asked for at once: one is made, the others are told they overlap", async () => {
    const hmo = await newHmo();
    const plan = await newPlan(hmo.id);
    const patientId = await newPatient();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        enrol(patientId, { plan_id: plan.id, enrollee_id: `RACE-${index}`, valid_from: "2030-01-01", valid_to: "2030-12-31" }),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(
      Number(
        (await t.db.query(`SELECT count(*)::int AS n FROM patient_enrolments WHERE patient_id = $1`, [patientId])).rows[0]!.n,
      ),
    ).toBe(1);
  });

  it("give the coverage a bill raised on a day is split by: the drug 90/10, the excluded service the patient's, none outside the dates", async () => {
    const hmo = await newHmo();
    const plan = await newPlan(hmo.id);
    const patientId = await newPatient();
    expect(
      (await enrol(patientId, { plan_id: plan.id, enrollee_id: "COV-1", valid_from: "2026-01-01", valid_to: "2026-12-31" }))
        .status,
    ).toBe(201);
    const repository = t.repositories.hmos;
    const covered = await repository.coverageOn(patientId, "2026-11-30");
    expect(covered?.enrolment.enrolleeId).toBe("COV-1");
    const coverage = covered!.coverage;
    const drug = ruleFor(coverage, { serviceId: "SRV-AMOX", departmentName: "PHARMACY" });
    expect(splitLine(1_000_000, drug)).toEqual({ hmoKobo: 900_000, copayKobo: 100_000, uncoveredKobo: 0 });
    const surgery = ruleFor(coverage, { serviceId: "SRV-HERNIA", departmentName: "Surgery" });
    expect(surgery.preauthRequired).toBe(true);
    expect(splitLine(25_000_000, surgery)).toEqual({ hmoKobo: 25_000_000, copayKobo: 0, uncoveredKobo: 0 });
    const cosmetic = ruleFor(coverage, { serviceId: "SRV-COSMETIC", departmentName: "Surgery" });
    expect(splitLine(500_000, cosmetic)).toEqual({ hmoKobo: 0, copayKobo: 0, uncoveredKobo: 500_000 });
    expect(await repository.coverageOn(patientId, "2027-01-01")).toBeNull();
  });
});
