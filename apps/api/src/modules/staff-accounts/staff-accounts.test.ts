import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, call, createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let boss: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  t = await createTestApp();
  boss = await buildUser(t, { role: "SUPERADMIN", firstName: "Ngozi", lastName: "Okafor" });
});
afterAll(async () => {
  await t?.close();
});

const newStaff = (email: string, role = "ADMIN") => ({
  first_name: "Tunde",
  last_name: "Bakare",
  email,
  phone_number: "08055556666",
  role,
});
const login = (email: string, password: string) => call(t, "POST", "/auth/login/", { username_or_email: email, password });

describe("staff accounts (super admin)", () => {
  it("creates a staff account whose owner sets a password through the e-mailed link, and audits it", async () => {
    const res = await call(t, "POST", "/api/staff/users/", newStaff("tunde.bakare@fth.example.ng"), boss.token);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      detail: "Staff account created. A link to set the password was e-mailed to tunde.bakare@fth.example.ng.",
      user: { email: "tunde.bakare@fth.example.ng", role: "ADMIN", is_active: true, first_name: "Tunde" },
    });
    const mail = (await t.mailbox()).find((m) => m.to === "tunde.bakare@fth.example.ng");
    expect(mail?.subject).toBe("Your Hospipay staff account");
    const token = decodeURIComponent(mail!.text.match(/token=([^\s]+)/)![1]!);
    const set = await call(t, "POST", "/auth/reset-password/", { token, new_password: "ward-7-keys!" });
    expect(set.status).toBe(200);
    const signedIn = await login("tunde.bakare@fth.example.ng", "ward-7-keys!");
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.user).toMatchObject({ role: "ADMIN" });

    const id = (res.json.user as { id: number }).id;
    const audit = await call(t, "GET", "/api/staff/audit-log/?action=staff.created", undefined, boss.token);
    expect(audit.json.results).toEqual([
      expect.objectContaining({
        action: "staff.created",
        target_type: "user",
        target_id: String(id),
        actor: { id: boss.id, name: "Ngozi Okafor", email: boss.email, role: "SUPERADMIN" },
        summary: "Created ADMIN account tunde.bakare@fth.example.ng",
      }),
    ]);

    const duplicate = await call(t, "POST", "/api/staff/users/", newStaff("Tunde.Bakare@fth.example.ng", "AGENT"), boss.token);
    expect(duplicate.status).toBe(400);
    expect(duplicate.json.email).toEqual(["An account with this e-mail already exists."]);
    const customerRole = await call(t, "POST", "/api/staff/users/", newStaff("x@fth.example.ng", "CUSTOMER"), boss.token);
    expect(customerRole.status).toBe(400);
    expect(customerRole.json.role).toBeDefined();
  });

  it("changes a role at once: old sessions end, the next sign-in carries the new role", async () => {
    const member = await buildUser(t, { role: "AGENT" });
    const res = await call(t, "PATCH", `/api/staff/users/${member.id}/`, { role: "ADMIN" }, boss.token);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ detail: "Account updated.", user: { role: "ADMIN" } });
    expect((await call(t, "GET", "/auth/profile/", undefined, member.token)).status).toBe(401);
    expect((await login(member.email, member.password)).json.user).toMatchObject({ role: "ADMIN" });
    const audit = await call(t, "GET", `/api/staff/audit-log/?action=staff.role_changed`, undefined, boss.token);
    expect(
      (audit.json.results as Array<{ target_id: string; details: unknown }>).find((r) => r.target_id === String(member.id))
        ?.details,
    ).toEqual({
      email: member.email,
      from: "AGENT",
      to: "ADMIN",
    });
    const toCustomer = await call(t, "PATCH", `/api/staff/users/${member.id}/`, { role: "CUSTOMER" }, boss.token);
    expect(toCustomer.status).toBe(409);
    expect(toCustomer.json.detail).toBe("Only staff roles can be changed: customers stay customers and staff stay staff.");
  });

  it("deactivates: the token stops working and sign-in is refused with a clear message; reactivation restores sign-in", async () => {
    const member = await buildUser(t, { role: "ADMIN" });
    const off = await call(t, "PATCH", `/api/staff/users/${member.id}/`, { is_active: false }, boss.token);
    expect(off.json.user).toMatchObject({ is_active: false });
    expect((await call(t, "GET", "/invoices/invoices/statistics/", undefined, member.token)).status).toBe(401);
    const refused = await login(member.email, member.password);
    expect(refused.status).toBe(403);
    expect(refused.json.detail).toBe("This account has been deactivated. Please contact the hospital's administrator.");
    // A wrong password still answers like any wrong password: deactivation is only told to the owner.
    expect((await login(member.email, "not-the-password")).json.detail).toBe("Invalid email or password.");
    await call(t, "PATCH", `/api/staff/users/${member.id}/`, { is_active: true }, boss.token);
    expect((await login(member.email, member.password)).status).toBe(200);
    const audit = await call(t, "GET", `/api/staff/audit-log/?actor=okafor`, undefined, boss.token);
    const actions = (audit.json.results as Array<{ action: string; target_id: string }>)
      .filter((r) => r.target_id === String(member.id))
      .map((r) => r.action);
    expect(actions).toEqual(["staff.reactivated", "staff.deactivated"]);
  });

  it("refuses a super admin's change to their own account, and an empty change", async () => {
    const self = await call(t, "PATCH", `/api/staff/users/${boss.id}/`, { is_active: false }, boss.token);
    expect(self.status).toBe(409);
    expect(self.json.detail).toBe("You cannot change your own role or deactivate your own account.");
    const empty = await call(t, "PATCH", `/api/staff/users/${boss.id}/`, {}, boss.token);
    expect(empty.status).toBe(400);
    expect((await call(t, "PATCH", "/api/staff/users/99999999/", { role: "AGENT" }, boss.token)).json.detail).toBe(
      "User not found.",
    );
    const other = await buildUser(t, { role: "AGENT" });
    for (const [body, field] of [
      [{ is_active: "yes" }, "is_active"],
      [{ is_active: null }, "is_active"],
      [{ role: "KING" }, "role"],
      [{ role: 7 }, "role"],
    ] as const) {
      const bad = await call(t, "PATCH", `/api/staff/users/${other.id}/`, body, boss.token);
      expect(bad.status).toBe(400);
      expect(bad.json[field]).toBeDefined();
    }
    expect((await call(t, "GET", "/auth/profile/", undefined, other.token)).status).toBe(200);
  });

  it("lists accounts by role and search, newest first, paged", async () => {
    await buildUser(t, { role: "AGENT", email: "zainab.musa@fth.example.ng", firstName: "Zainab", lastName: "Musa" });
    const agents = await call(t, "GET", "/api/staff/users/?role=AGENT", undefined, boss.token);
    expect(agents.json).toMatchObject({ page: 1, page_size: 50 });
    expect((agents.json.results as Array<{ role: string }>).every((u) => u.role === "AGENT")).toBe(true);
    const found = await call(t, "GET", "/api/staff/users/?search=zainab%20mu", undefined, boss.token);
    expect(found.json).toMatchObject({ count: 1, results: [{ email: "zainab.musa@fth.example.ng", is_active: true }] });
    const wildcard = await call(t, "GET", "/api/staff/users/?search=%25", undefined, boss.token);
    expect(wildcard.json.count).toBe(0);
  });

  it("is for super admins only", async () => {
    const admin = await buildUser(t, { role: "ADMIN" });
    const customer = await buildUser(t);
    for (const token of [admin.token, customer.token]) {
      expect((await call(t, "GET", "/api/staff/users/", undefined, token)).status).toBe(403);
      expect((await call(t, "POST", "/api/staff/users/", newStaff("nope@fth.example.ng"), token)).status).toBe(403);
      expect((await call(t, "PATCH", `/api/staff/users/${customer.id}/`, { is_active: false }, token)).status).toBe(403);
      expect((await call(t, "GET", "/api/staff/audit-log/", undefined, token)).status).toBe(403);
    }
    expect((await call(t, "GET", "/api/staff/audit-log/")).status).toBe(401);
  });
});

describe("GET /api/staff/audit-log/", () => {
  it("pages newest first with a cursor, filters by action, actor and WAT days, and refuses a forged cursor", async () => {
    for (let i = 0; i < 3; i += 1) {
      await call(t, "POST", "/api/staff/users/", newStaff(`pager${i}@fth.example.ng`, "AGENT"), boss.token);
    }
    const first = await call(t, "GET", "/api/staff/audit-log/?action=staff.created&page_size=2", undefined, boss.token);
    expect(first.json.count).toBeGreaterThanOrEqual(4);
    const page1 = first.json.results as Array<{ id: number; created_at: string }>;
    expect(page1).toHaveLength(2);
    expect(page1[0]!.id).toBeGreaterThan(page1[1]!.id);
    const second = await call(t, "GET", String(first.json.next), undefined, boss.token);
    const page2 = second.json.results as Array<{ id: number }>;
    expect(page2[0]!.id).toBeLessThan(page1[1]!.id);

    const today = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
    const inRange = await call(t, "GET", `/api/staff/audit-log/?start_date=${today}&end_date=${today}`, undefined, boss.token);
    expect(inRange.json.count).toBeGreaterThan(0);
    const past = await call(t, "GET", "/api/staff/audit-log/?end_date=2020-01-01", undefined, boss.token);
    expect(past.json).toMatchObject({ count: 0, results: [], next: null });
    const nobody = await call(t, "GET", "/api/staff/audit-log/?actor=no-such-person", undefined, boss.token);
    expect(nobody.json.count).toBe(0);
    const forged = await call(t, "GET", "/api/staff/audit-log/?cursor=bm9wZQ", undefined, boss.token);
    expect(forged.status).toBe(400);
    expect(forged.json.cursor).toEqual(["Invalid cursor."]);
    expect((await call(t, "GET", "/api/staff/audit-log/?action=made.up", undefined, boss.token)).status).toBe(400);
  });

  it("is append-only: the database refuses to change or remove an entry", async () => {
    await expect(t.db.query("UPDATE audit_log SET summary = 'edited'")).rejects.toThrow(/append-only/);
    await expect(t.db.query("DELETE FROM audit_log")).rejects.toThrow(/append-only/);
  });
});
