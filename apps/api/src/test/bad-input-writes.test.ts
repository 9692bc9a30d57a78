import { API_PATHS } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, call, createTestApp, type TestApp } from "./test-app";
import {
  BODY_ROUTES,
  fieldKeys,
  isServerPath,
  NESTED_BODY_ROUTES,
  NO_BODY_ROUTES,
  raw,
  target,
  tokenFor,
  validBody,
  WRITE_METHODS,
} from "./write-routes";

// The bad-input matrix's routes (write-routes.ts) against the routes the app registers, and what refused
// input leaves in the database: on both engines. The field matrix itself is in bad-input.test.ts.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("the matrix covers every write route", () => {
  it("lists exactly the POST/PUT/PATCH/DELETE routes registered under server paths", () => {
    const registered = t.app.routeAccess
      .filter((route) => WRITE_METHODS.has(route.method) && isServerPath(route.url))
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    const listed = [...BODY_ROUTES, ...NO_BODY_ROUTES, ...NESTED_BODY_ROUTES]
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(registered).toEqual(listed);
    for (const route of [...BODY_ROUTES, ...NO_BODY_ROUTES, ...NESTED_BODY_ROUTES])
      expect(t.app.hasRoute({ method: route.method, url: route.url })).toBe(true);
  });

  it("has a valid base body for each route (so each bad field below is the only fault)", async () => {
    // The base bodies pass schema validation ("Invalid input."); what the handler then answers is its own business.
    for (const route of BODY_ROUTES) {
      const res = await call(t, route.method, target(route), route.valid, await tokenFor(t, route));
      expect(res.status, route.url).toBeLessThan(500);
      expect(res.json.detail, route.url).not.toBe("Invalid input.");
    }
  });
});

describe("write routes without a body", () => {
  it.each(NO_BODY_ROUTES)("$method $url refuses a malformed or non-JSON body without acting", async (route) => {
    const user = await buildUser(t, { role: "role" in route ? route.role : "CUSTOMER" });
    const malformed = await raw(t, route.method, route.url, "{", { "content-type": "application/json" }, user.token);
    expect(malformed.status).toBe(400);
    const plain = await raw(t, route.method, route.url, "hello", { "content-type": "text/plain" }, user.token);
    expect(plain.status).toBe(415);
    // Neither refused call signed the user out, nor opened a shift.
    expect((await call(t, "GET", API_PATHS.profile, undefined, user.token)).status).toBe(200);
    const shifts = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff_shifts WHERE staff_id = $1`, [user.id]);
    expect(shifts.rows[0]!.n).toBe(0);
  });
});

describe("no partial writes", () => {
  it.each([
    ["a short password", { password: "short" }, "password"],
    ["a malformed phone number", { phone_number: "call me" }, "phone_number"],
    ["a blank first name", { first_name: "   " }, "first_name"],
  ])("a registration refused for %s leaves no user, code, throttle or mail behind", async (_label, change, field) => {
    const email = `refused-${field}@example.ng`;
    const res = await call(t, "POST", API_PATHS.register, { ...validBody(API_PATHS.register), email, ...change });
    expect(res.status).toBe(400);
    expect(fieldKeys(res.json)).toEqual([field]);
    const users = await t.db.query("SELECT 1 FROM users WHERE email = $1", [email]);
    expect(users.rows).toHaveLength(0);
    const throttle = await t.db.query("SELECT 1 FROM email_throttle WHERE email = $1", [email]);
    expect(throttle.rows).toHaveLength(0);
    const outbox = await t.db.query("SELECT 1 FROM mail_outbox WHERE to_address = $1", [email]);
    expect(outbox.rows).toHaveLength(0);
  });

  it("a registration refused for a taken e-mail leaves the first account and its mail untouched", async () => {
    const email = "taken-once@example.ng";
    expect((await call(t, "POST", API_PATHS.register, { ...validBody(API_PATHS.register), email })).status).toBe(201);
    const again = await call(t, "POST", API_PATHS.register, { ...validBody(API_PATHS.register), email, first_name: "Other" });
    expect(again.status).toBe(400);
    const users = await t.db.query<{ first_name: string }>("SELECT first_name FROM users WHERE email = $1", [email]);
    expect(users.rows).toEqual([{ first_name: "Ada" }]);
    const outbox = await t.db.query("SELECT 1 FROM mail_outbox WHERE to_address = $1", [email]);
    expect(outbox.rows).toHaveLength(1);
  });

  it("a refused profile update changes nothing", async () => {
    const user = await buildUser(t, { firstName: "Kept" });
    const res = await call(
      t,
      "POST",
      API_PATHS.profileUpdate,
      { ...validBody(API_PATHS.profileUpdate), first_name: "Changed", phone_number: "nope" },
      user.token,
    );
    expect(res.status).toBe(400);
    const { rows } = await t.db.query<{ first_name: string; hospital_number: string }>(
      "SELECT first_name, hospital_number FROM users WHERE id = $1",
      [user.id],
    );
    expect(rows).toEqual([{ first_name: "Kept", hospital_number: "" }]);
  });
});
