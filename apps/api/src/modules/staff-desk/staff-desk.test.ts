import { API_PATHS, MAX_DESK_DEPARTMENTS, STAFF_DESK_MESSAGES, type MyDesk, type StaffDesk } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, call, createTestApp, type TestApp } from "../../test/test-app";

type User = Awaited<ReturnType<typeof buildUser>>;

let t: TestApp;
let superAdmin: User;
let agent: User;
let admin: User;
let customer: User;

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await buildUser(t, { role: "SUPERADMIN", firstName: "Ibrahim", lastName: "Musa" });
  agent = await buildUser(t, { role: "AGENT", firstName: "Bola", lastName: "Ade" });
  admin = await buildUser(t, { role: "ADMIN" });
  customer = await buildUser(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const setDesk = (id: number, body: unknown, user: User = superAdmin) => call(t, "PUT", API_PATHS.staffDesk(id), body, user.token);
const deskRows = async (id: number) =>
  (
    await t.db.query(`SELECT departments, collects_money, gives_items, waiver_limit_kobo FROM staff_desks WHERE user_id = $1`, [
      id,
    ])
  ).rows;
const deskAudit = async (id: number) =>
  (
    await t.db.query<{ actor_id: number; summary: string; details: { before: StaffDesk; after: StaffDesk } }>(
      `SELECT actor_id::int AS actor_id, summary, details FROM audit_log WHERE action = 'staff.desk_set' AND target_id = $1 ORDER BY id`,
      [String(id)],
    )
  ).rows;

describe("staff desk rights", () => {
  it("grants nothing until a super admin sets them; the member reads their own", async () => {
    const mine = await call(t, "GET", API_PATHS.myDesk, undefined, agent.token);
    expect(mine.status).toBe(200);
    expect(mine.json).toEqual({
      user_id: agent.id,
      name: "Bola Ade",
      role: "AGENT",
      departments: [],
      collects_money: false,
      gives_items: false,
      waiver_limit: null,
      updated_at: null,
      // The demo defaults of HOSPITAL_NAME and HOSPITAL_ADDRESS, which head the desk's printed slips.
      hospital: { name: "Federal Teaching Hospital", address: "1 Hospital Road, Ikeja, Lagos" },
    });
    expect((await call(t, "GET", API_PATHS.myDesk, undefined, customer.token)).status).toBe(403);
  });

  it("is set whole by a super admin, in one transaction with its audit entry", async () => {
    const set = await setDesk(admin.id, {
      departments: ["Laboratory", " Pharmacy "],
      collects_money: true,
      gives_items: true,
      waiver_limit: "5000.50",
    });
    expect(set.status).toBe(200);
    expect(set.json.detail).toBe(STAFF_DESK_MESSAGES.updated);
    expect(set.json.desk).toMatchObject({
      user_id: admin.id,
      role: "ADMIN",
      departments: ["Laboratory", "Pharmacy"],
      collects_money: true,
      gives_items: true,
      waiver_limit: "5000.50",
    });
    expect(Date.parse(String((set.json.desk as StaffDesk).updated_at))).not.toBeNaN();
    expect(await deskRows(admin.id)).toEqual([
      { departments: ["Laboratory", "Pharmacy"], collects_money: true, gives_items: true, waiver_limit_kobo: 500050 },
    ]);
    const { hospital, ...mine } = (await call(t, "GET", API_PATHS.myDesk, undefined, admin.token)).json as MyDesk;
    expect(hospital.name).toBe("Federal Teaching Hospital");
    expect(mine).toEqual((set.json as { desk: StaffDesk }).desk);
    // Another member's desk, as a super admin reads it, carries no hospital: only the member's own desk prints.
    expect((await call(t, "GET", API_PATHS.staffDesk(admin.id), undefined, superAdmin.token)).json).toEqual(mine);

    // Replaced whole: a department taken away and the waiver right removed.
    const narrowed = await setDesk(admin.id, {
      departments: ["Pharmacy"],
      collects_money: false,
      gives_items: true,
      waiver_limit: null,
    });
    expect(narrowed.status).toBe(200);
    expect(await deskRows(admin.id)).toEqual([
      { departments: ["Pharmacy"], collects_money: false, gives_items: true, waiver_limit_kobo: null },
    ]);
    const audit = await deskAudit(admin.id);
    expect(audit.map((a) => a.actor_id)).toEqual([superAdmin.id, superAdmin.id]);
    expect(audit[0]!.summary).toMatch(
      /desk: Laboratory, Pharmacy; collects money; gives items; waivers up to ₦5,000\.50 \(was: no department; collects no money; gives no items; approves no waiver\)$/,
    );
    expect(audit[1]!.details.before.departments).toEqual(["Laboratory", "Pharmacy"]);
    expect(audit[1]!.details.after).toMatchObject({ departments: ["Pharmacy"], waiver_limit: null });
  });

  it("refuses bad input with field errors and changes nothing", async () => {
    const member = await buildUser(t, { role: "AGENT" });
    const valid = { departments: ["Laboratory"], collects_money: false, gives_items: true, waiver_limit: null };
    const cases: Array<[unknown, string]> = [
      [{ ...valid, departments: ["Laboratory", " laboratory "] }, "departments"],
      [{ ...valid, departments: Array.from({ length: MAX_DESK_DEPARTMENTS + 1 }, (_, i) => `Ward ${i}`) }, "departments"],
      [{ ...valid, departments: ["  "] }, "departments.0"],
      [{ ...valid, waiver_limit: "ten naira" }, "waiver_limit"],
      [{ ...valid, waiver_limit: "-5" }, "waiver_limit"],
      [{ ...valid, waiver_limit: "99999999999" }, "waiver_limit"],
      [{ ...valid, gives_items: "yes" }, "gives_items"],
      [{ departments: ["Laboratory"] }, "collects_money"],
    ];
    for (const [body, field] of cases) {
      const res = await setDesk(member.id, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json[field], field).toEqual([expect.any(String)]);
    }
    expect(await deskRows(member.id)).toEqual([]);
    expect(await deskAudit(member.id)).toEqual([]);
  });

  it("is for staff only, set by super admins only", async () => {
    const valid = { departments: [], collects_money: true, gives_items: false, waiver_limit: null };
    const onCustomer = await setDesk(customer.id, valid);
    expect(onCustomer.status).toBe(400);
    expect(onCustomer.json.user).toEqual([STAFF_DESK_MESSAGES.notStaff]);
    expect((await call(t, "GET", API_PATHS.staffDesk(customer.id), undefined, superAdmin.token)).status).toBe(404);
    expect((await setDesk(987_654_321, valid)).status).toBe(404);
    for (const user of [agent, admin, customer]) {
      expect((await setDesk(agent.id, valid, user)).status).toBe(403);
      expect((await call(t, "GET", API_PATHS.staffDesk(agent.id), undefined, user.token)).status).toBe(403);
    }
    expect(await deskRows(customer.id)).toEqual([]);
    expect(await deskRows(agent.id)).toEqual([]);
  });
});

describe("the hospital on the member's own desk", () => {
  it("is HOSPITAL_NAME and HOSPITAL_ADDRESS as configured, trimmed", async () => {
    // A second app on the same database, with the two settings given.
    const configured = await createTestApp(
      { HOSPITAL_NAME: "  Lagos Island General Hospital ", HOSPITAL_ADDRESS: "" },
      { database: t.db },
    );
    try {
      const member = await buildUser(configured, { role: "AGENT" });
      const mine = await call(configured, "GET", API_PATHS.myDesk, undefined, member.token);
      expect(mine.status).toBe(200);
      expect((mine.json as MyDesk).hospital).toEqual({ name: "Lagos Island General Hospital", address: "" });
    } finally {
      await configured.close();
    }
  }, 60_000);
});
