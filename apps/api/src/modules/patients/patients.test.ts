import { API_PATHS, patientListResponseSchema, type Patient, type PatientList } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, call, createTestApp, type TestApp } from "../../test/test-app";
import { registerMatch } from "./patients.repository";

type User = Awaited<ReturnType<typeof buildUser>>;

let t: TestApp;
let agent: User;
let admin: User;
let customer: User;

beforeAll(async () => {
  t = await createTestApp();
  agent = await buildUser(t, { role: "AGENT" });
  admin = await buildUser(t, { role: "ADMIN" });
  customer = await buildUser(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

let serial = 0;
/** A valid patient, its hospital number unique to the test run. */
function patientInput(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    hospital_number: `UCH/2026/${String(serial).padStart(5, "0")}`,
    first_name: "Chioma",
    last_name: "Obi",
    other_names: "Adaeze",
    phone: "08031234567",
    email: "",
    language: "ig",
    date_of_birth: "1990-04-14",
    ...overrides,
  };
}

const register = (body: unknown, user: User = agent) => call(t, "POST", API_PATHS.staffPatients, body, user.token);
const search = async (q: string, user: User = agent) => {
  const res = await call(
    t,
    "GET",
    `${API_PATHS.staffPatients}?${new URLSearchParams({ q, page_size: "100" })}`,
    undefined,
    user.token,
  );
  expect(res.status, res.text).toBe(200);
  return res.json as unknown as PatientList;
};
const count = async (table: string) =>
  Number((await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n);

describe("the patient register", () => {
  it("registers a patient with every detail, audited, and reads it back", async () => {
    const input = patientInput({ email: " Chioma.Obi@Example.NG ", phone: "0803 123-4567" });
    const res = await register(input);
    expect(res.status, res.text).toBe(201);
    const patient = res.json.patient as Patient;
    expect(patient).toMatchObject({
      hospital_number: input.hospital_number,
      first_name: "Chioma",
      last_name: "Obi",
      other_names: "Adaeze",
      phone: "08031234567",
      email: "chioma.obi@example.ng",
      language: "ig",
      date_of_birth: "1990-04-14",
    });
    const read = await call(t, "GET", API_PATHS.staffPatient(patient.id), undefined, admin.token);
    expect(read.status).toBe(200);
    expect(read.json).toEqual(patient);
    const { rows } = await t.db.query<{ action: string; actor_id: number; target_id: string }>(
      `SELECT action, actor_id, target_id FROM audit_log WHERE target_type = 'patient' AND target_id = $1`,
      [String(patient.id)],
    );
    expect(rows).toEqual([{ action: "patient.registered", actor_id: agent.id, target_id: String(patient.id) }]);
  });

  it("refuses a hospital number already registered, in any case, with a field error and no second row", async () => {
    const first = await register(patientInput({ hospital_number: "LUTH-77-A" }));
    expect(first.status, first.text).toBe(201);
    const before = await count("patients");
    const auditBefore = await count("audit_log");
    for (const number of ["LUTH-77-A", "luth-77-a", " Luth-77-A "]) {
      const again = await register(patientInput({ hospital_number: number, first_name: "Someone", last_name: "Else" }));
      expect(again.status, again.text).toBe(409);
      expect(again.json.code).toBe("duplicate_hospital_number");
      expect(again.json.hospital_number).toEqual(["A patient with this hospital number is already registered."]);
    }
    expect(await count("patients")).toBe(before);
    expect(await count("audit_log")).toBe(auditBefore);
  });

  it("registers one patient when two desks send the same hospital number at once", async () => {
    const input = patientInput();
    const answers = await Promise.all(Array.from({ length: 6 }, () => register(input)));
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM patients WHERE hospital_number = $1`, [
      input.hospital_number,
    ]);
    expect(rows[0]!.n).toBe(1);
  });

  it.each([
    ["no hospital number", { hospital_number: "" }, "hospital_number"],
    ["a name with a bidi override", { first_name: "Ada\u202Egnp" }, "first_name"],
    ["a phone that is not one", { phone: "12ab" }, "phone"],
    ["an e-mail that is not one", { email: "chioma@" }, "email"],
    ["an unknown language", { language: "fr" }, "language"],
    ["a date that does not exist", { date_of_birth: "1990-02-30" }, "date_of_birth"],
    ["a date in the future", { date_of_birth: "2999-01-01" }, "date_of_birth"],
    ["a date before 1900", { date_of_birth: "1899-12-31" }, "date_of_birth"],
    ["a date in another form", { date_of_birth: "14/04/1990" }, "date_of_birth"],
  ])("answers %s with a 400 on that field and writes nothing", async (_label, change, field) => {
    const before = await count("patients");
    const res = await register(patientInput(change));
    expect(res.status, res.text).toBe(400);
    expect(res.json[field], res.text).toBeInstanceOf(Array);
    expect(await count("patients")).toBe(before);
  });

  it("answers each field of the wrong type, null or too long with a 400 under that field only; optional ones take null", async () => {
    const fields = ["hospital_number", "first_name", "last_name", "other_names", "phone", "email", "language", "date_of_birth"];
    const required = ["hospital_number", "first_name", "last_name", "phone", "language", "date_of_birth"];
    const before = await count("patients");
    const empty = await register({});
    expect(empty.status).toBe(400);
    for (const field of required) expect(empty.json[field], field).toEqual(["This field is required."]);
    expect(
      Object.keys(empty.json)
        .filter((key) => !["detail", "code"].includes(key))
        .sort(),
    ).toEqual([...required].sort());
    for (const field of fields) {
      for (const wrong of [12345, ["x"], { a: 1 }, true]) {
        const res = await register(patientInput({ [field]: wrong }));
        expect(res.status, `${field}: ${JSON.stringify(wrong)}`).toBe(400);
        expect(
          Object.keys(res.json).filter((key) => !["detail", "code"].includes(key)),
          field,
        ).toEqual([field]);
        expect(res.json[field], field).toEqual(["Not a valid string."]);
      }
      const long = await register(patientInput({ [field]: "7".repeat(100_000) }));
      expect(long.status, field).toBe(400);
      expect(
        Object.keys(long.json).filter((key) => !["detail", "code"].includes(key)),
        field,
      ).toEqual([field]);
      const nulled = await register(patientInput({ [field]: null }));
      if (required.includes(field)) {
        expect(nulled.status, field).toBe(400);
        expect(nulled.json[field], field).toEqual(["Not a valid string."]);
      } else {
        expect(nulled.status, `${field}: ${nulled.text}`).toBe(201);
        expect((nulled.json.patient as Record<string, string>)[field]).toBe("");
      }
    }
    expect(await count("patients")).toBe(before + 2);
  });

  it("corrects details, audits what changed from what to what, and refuses another patient's hospital number", async () => {
    const a = (await register(patientInput({ hospital_number: "FMC/ABK/1001" }))).json.patient as Patient;
    const b = (await register(patientInput({ hospital_number: "FMC/ABK/1002" }))).json.patient as Patient;
    const res = await call(
      t,
      "PATCH",
      API_PATHS.staffPatient(a.id),
      { last_name: "Obi-Okafor", phone: "+2348031234000" },
      admin.token,
    );
    expect(res.status, res.text).toBe(200);
    const corrected = res.json.patient as Patient;
    expect(corrected).toMatchObject({ last_name: "Obi-Okafor", phone: "+2348031234000", first_name: "Chioma" });
    expect(Date.parse(corrected.updated_at)).toBeGreaterThan(Date.parse(a.updated_at));
    const { rows } = await t.db.query<{ actor_id: number; details: { changed: Record<string, [string, string]> } }>(
      `SELECT actor_id, details FROM audit_log WHERE action = 'patient.corrected' AND target_id = $1`,
      [String(a.id)],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actor_id).toBe(admin.id);
    expect(rows[0]!.details.changed).toEqual({ last_name: ["Obi", "Obi-Okafor"], phone: ["08031234567", "+2348031234000"] });

    const clash = await call(t, "PATCH", API_PATHS.staffPatient(a.id), { hospital_number: "fmc/abk/1002" }, agent.token);
    expect(clash.status, clash.text).toBe(409);
    expect(clash.json.hospital_number).toBeInstanceOf(Array);
    const still = await call(t, "GET", API_PATHS.staffPatient(a.id), undefined, agent.token);
    expect((still.json as Patient).hospital_number).toBe("FMC/ABK/1001");
    expect(b.hospital_number).toBe("FMC/ABK/1002");

    const empty = await call(t, "PATCH", API_PATHS.staffPatient(a.id), {}, agent.token);
    expect(empty.status).toBe(400);
    const missing = await call(t, "PATCH", API_PATHS.staffPatient(999_999_999), { first_name: "X" }, agent.token);
    expect(missing.status).toBe(404);
  });

  it("is for staff only", async () => {
    expect((await register(patientInput(), customer)).status).toBe(403);
    expect((await call(t, "GET", `${API_PATHS.staffPatients}?q=UCH`, undefined, customer.token)).status).toBe(403);
    expect((await call(t, "POST", API_PATHS.staffPatients, patientInput())).status).toBe(401);
  });
});

describe("finding a patient", () => {
  let ngozi: Patient;
  let emeka: Patient;
  beforeAll(async () => {
    const make = async (body: Record<string, unknown>) => {
      const res = await register(patientInput(body));
      expect(res.status, res.text).toBe(201);
      return res.json.patient as Patient;
    };
    ngozi = await make({
      hospital_number: "LASUTH/OPD/2024/00731",
      first_name: "Ngozi",
      other_names: "Chiamaka",
      last_name: "Okafor-Eze",
      phone: "08057788990",
    });
    emeka = await make({
      hospital_number: "LASUTH/OPD/2024/00845",
      first_name: "Emeka",
      other_names: "",
      last_name: "Nwosu",
      phone: "07011223344",
    });
  });

  const ids = (list: PatientList) => list.results.map((patient) => patient.id);

  it("by any part of the hospital number, in any case, the exact number first", async () => {
    expect(ids(await search("00731"))).toEqual([ngozi.id]);
    expect(ids(await search("opd/2024/008"))).toEqual([emeka.id]);
    const both = await search("lasuth/opd/2024/00");
    expect(ids(both)).toEqual(expect.arrayContaining([ngozi.id, emeka.id]));
    const exact = await search("LASUTH/OPD/2024/00845");
    expect(exact.results[0]!.id).toBe(emeka.id);
  });

  it("by any part of the phone", async () => {
    expect(ids(await search("5778899"))).toEqual([ngozi.id]);
    expect(ids(await search("0701 122"))).toEqual([emeka.id]);
  });

  it("by names in any order, a word with a small typo, a part of a name", async () => {
    for (const q of [
      "Ngozi Okafor",
      "okafor ngozi",
      "Ngozy Okafor",
      "chiamaka ngozi",
      "Okafor-Eze",
      "Nwosu Emeka",
      "emka nwosu",
    ]) {
      const found = ids(await search(q));
      const want = q.toLowerCase().includes("nwosu") ? emeka.id : ngozi.id;
      expect(found, q).toContain(want);
      expect(found, q).not.toContain(want === ngozi.id ? emeka.id : ngozi.id);
    }
  });

  it("by a corrected name's, number's and phone's new parts, no longer by the old ones", async () => {
    const res = await register(
      patientInput({
        hospital_number: "OAUTH/IFE/77120",
        first_name: "Tobiloba",
        last_name: "Adewale",
        other_names: "",
        phone: "08129384756",
      }),
    );
    const tobi = res.json.patient as Patient;
    expect(ids(await search("ife/771"))).toEqual([tobi.id]);
    const fixed = await call(
      t,
      "PATCH",
      API_PATHS.staffPatient(tobi.id),
      { last_name: "Ajayi-Bankole", hospital_number: "OAUTH/ILE/88231", phone: "+2349065748392" },
      admin.token,
    );
    expect(fixed.status, fixed.text).toBe(200);
    expect(ids(await search("tobiloba ajayi-bankole"))).toEqual([tobi.id]);
    expect(ids(await search("Bankole Tobiloba"))).toEqual([tobi.id]);
    expect(ids(await search("ile/882"))).toEqual([tobi.id]);
    expect(ids(await search("906 574"))).toEqual([tobi.id]);
    expect(ids(await search("+23490657"))).toEqual([tobi.id]);
    for (const old of ["Tobiloba Adewale", "ife/771", "93847"]) expect(ids(await search(old)), old).toEqual([]);
  });

  it("reads the names, numbers and phones through indexes, never the whole register", async () => {
    for (const q of ["Ngozi Okafor", "ngozy", "00731", "0701 122", "LASUTH/OPD/2024/00845"]) {
      const plan = await t.db.transaction(async (tx) => {
        // With sequential scans priced out, a plan that still reads a table whole has no index to use.
        await tx.query("SET LOCAL enable_seqscan = off");
        const { where, params } = registerMatch(q, 1);
        const { rows } = await tx.query<Record<string, string>>(`EXPLAIN SELECT id FROM patients WHERE ${where}`, params);
        return rows.map((row) => Object.values(row)[0]).join("\n");
      });
      expect(plan, q).not.toMatch(/Seq Scan on (patients|patient_name_words|patient_number_parts)\b/);
      expect(plan, q).toMatch(/Index/);
    }
  });

  it("reads the digits of a hospital number as its own, never as a phone's", async () => {
    const res = await register(
      patientInput({ hospital_number: "PHN/2026/1", first_name: "Digit", last_name: "Phoned", phone: "08039990011" }),
    );
    expect(res.status, res.text).toBe(201);
    const phoned = res.json.patient as Patient;
    // "3999" is in the phone, and only scattered in the search's text.
    expect(ids(await search("fth/srch/mx3op999"))).not.toContain(phoned.id);
    expect(ids(await search("0803 999"))).toContain(phoned.id);
  });

  it("finds nothing for a name nobody has, and reads LIKE's wildcards as text", async () => {
    expect((await search("Zebulon Quartermaine")).count).toBe(0);
    expect(ids(await search("%%"))).not.toContain(ngozi.id);
    expect(ids(await search("__"))).not.toContain(ngozi.id);
  });

  it("answers a search too short or too long with a 400 on q", async () => {
    for (const q of ["a", "x".repeat(101)]) {
      const res = await call(t, "GET", `${API_PATHS.staffPatients}?${new URLSearchParams({ q })}`, undefined, agent.token);
      expect(res.status).toBe(400);
      expect(res.json.q).toBeInstanceOf(Array);
    }
  });

  it("pages the results and counts them all", async () => {
    const first = await call(t, "GET", `${API_PATHS.staffPatients}?q=LASUTH&page_size=1`, undefined, agent.token);
    const second = await call(t, "GET", `${API_PATHS.staffPatients}?q=LASUTH&page_size=1&page=2`, undefined, agent.token);
    const past = await call(t, "GET", `${API_PATHS.staffPatients}?q=LASUTH&page_size=1&page=5`, undefined, agent.token);
    expect(past.status, past.text).toBe(200);
    expect(past.json).toMatchObject({ count: 2, results: [] });
    expect(first.json.count).toBe(2);
    expect(second.json.count).toBe(2);
    const [a] = (first.json as unknown as PatientList).results;
    const [b] = (second.json as unknown as PatientList).results;
    expect(new Set([a!.id, b!.id])).toEqual(new Set([ngozi.id, emeka.id]));
  });

  it("finds a name typed right among those who have it, not among the names a typo away from it", async () => {
    // One after another, so that their ids (the order of equal matches, newest first) are known.
    const registered: Patient[] = [];
    for (const first_name of ["Yetunde", "Babatunde", "Tunde"]) {
      const res = await register(patientInput({ first_name, last_name: "Adeyemi-Lawal", other_names: "" }));
      expect(res.status, res.text).toBe(201);
      registered.push(res.json.patient as Patient);
    }
    const [yetunde, babatunde, tunde] = registered;
    expect(ids(await search("yetunde adeyemi-lawal"))).toEqual([yetunde!.id]);
    expect(ids(await search("Adeyemi-Lawal Babatunde"))).toEqual([babatunde!.id]);
    // A part of a name finds every name holding it, the name that is exactly that word first, then the newest.
    expect(ids(await search("tunde adeyemi-lawal"))).toEqual([tunde!.id, babatunde!.id, yetunde!.id]);
    // A word no name holds is read as a small typo of the names near it.
    expect(ids(await search("yetumde adeyemi-lawal"))).toContain(yetunde!.id);
  });

  it("reads a number among the names as a whole word", async () => {
    const res = await register(patientInput({ first_name: "Twin", other_names: "2", last_name: "Okoronkwo" }));
    expect(res.status, res.text).toBe(201);
    const twin = res.json.patient as Patient;
    expect(ids(await search("okoronkwo twin 2"))).toEqual([twin.id]);
    expect(ids(await search("okoronkwo twin 1"))).toEqual([]);
  });

  it("gives a search's answer again only while the register is unchanged, whoever changed it", async () => {
    const q = `${API_PATHS.staffPatients}?${new URLSearchParams({ q: "Zainab Danjuma" })}`;
    const before = await call(t, "GET", q, undefined, agent.token);
    expect(before.json).toMatchObject({ count: 0, results: [] });
    const again = await call(t, "GET", q, undefined, admin.token);
    expect(again.text).toBe(before.text);
    // Registered through the API: the next search finds her.
    const zainab = (await register(patientInput({ first_name: "Zainab", last_name: "Danjuma" }))).json.patient as Patient;
    const found = await call(t, "GET", q, undefined, agent.token);
    expect(patientListResponseSchema.parse(found.json).results.map((p) => p.id)).toEqual([zainab.id]);
    // Written by another process straight to the database (a second API, a bulk registration): found as well.
    await t.db.query(
      `INSERT INTO patients (hospital_number, first_name, last_name, other_names, phone, email, language, date_of_birth,
                             created_by, updated_by)
       VALUES ('UCH/OTHER/1', 'Zainab', 'Danjuma', '', '08030000000', '', 'ha', '1991-01-01', $1, $1)`,
      [agent.id],
    );
    const both = await call(t, "GET", q, undefined, agent.token);
    expect(patientListResponseSchema.parse(both.json).count).toBe(2);
    // And a correction by SQL takes her out of the next answer.
    await t.db.query(`UPDATE patients SET last_name = 'Bello' WHERE hospital_number = 'UCH/OTHER/1'`);
    const after = await call(t, "GET", q, undefined, agent.token);
    expect(patientListResponseSchema.parse(after.json).results.map((p) => p.id)).toEqual([zainab.id]);
  });
});
