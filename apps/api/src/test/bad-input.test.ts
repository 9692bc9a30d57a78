import { API_PATHS, SERVER_PATH_PREFIXES, type Role } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, call, createTestApp, type TestApp } from "./test-app";

/**
 * Every route that reads a JSON body, with a body it accepts and the string fields it knows.
 * A coverage test below fails when a POST/PUT/PATCH/DELETE server route is added without an entry here
 * (or in NO_BODY_ROUTES), so new endpoints join the matrix.
 */
interface BodyRoute {
  method: "POST" | "PUT" | "PATCH";
  url: string;
  auth: boolean;
  /** The role that may call it (a signed-in CUSTOMER when not given). */
  role?: Role;
  required: readonly string[];
  optional: readonly string[];
  valid: Record<string, string>;
}

const BODY_ROUTES: readonly BodyRoute[] = [
  {
    method: "POST",
    url: API_PATHS.register,
    auth: false,
    required: ["first_name", "last_name", "email", "phone_number", "password"],
    optional: [],
    valid: {
      first_name: "Ada",
      last_name: "Obi",
      email: "ada.obi@example.ng",
      phone_number: "08031234567",
      password: "long-enough-1",
    },
  },
  {
    method: "POST",
    url: API_PATHS.verifyEmail,
    auth: false,
    required: ["email", "code"],
    optional: [],
    valid: { email: "a@example.ng", code: "123456" },
  },
  {
    method: "POST",
    url: API_PATHS.resendVerificationCode,
    auth: false,
    required: ["email"],
    // "email" or "sms" (issue 24); absent, empty or null is e-mail.
    optional: ["channel"],
    valid: { email: "a@example.ng", channel: "sms" },
  },
  {
    method: "POST",
    url: API_PATHS.login,
    auth: false,
    required: ["username_or_email", "password"],
    optional: [],
    valid: { username_or_email: "a@example.ng", password: "whatever" },
  },
  {
    method: "POST",
    url: API_PATHS.forgotPassword,
    auth: false,
    required: ["email"],
    optional: [],
    valid: { email: "a@example.ng" },
  },
  {
    method: "POST",
    url: API_PATHS.resetPassword,
    auth: false,
    required: ["token", "new_password"],
    optional: [],
    valid: { token: "made-up-token", new_password: "long-enough-1" },
  },
  {
    method: "POST",
    url: API_PATHS.profileUpdate,
    auth: true,
    required: ["first_name", "last_name", "phone_number"],
    optional: ["hospital_number", "next_of_kin_name", "next_of_kin_phone", "next_of_kin_address"],
    valid: {
      first_name: "Ada",
      last_name: "Obi",
      phone_number: "08031234567",
      hospital_number: "H-1",
      next_of_kin_name: "Obi",
      next_of_kin_phone: "08030000000",
      next_of_kin_address: "Lagos",
    },
  },
  {
    method: "POST",
    url: API_PATHS.changePassword,
    auth: true,
    required: ["old_password", "new_password"],
    optional: [],
    valid: { old_password: "not-the-password", new_password: "long-enough-1" },
  },
  {
    method: "POST",
    url: "/api/staff/invoices/:reference/refund/",
    auth: true,
    role: "ADMIN",
    required: ["reason"],
    optional: [],
    valid: { reason: "Service not rendered" },
  },
  {
    method: "POST",
    url: "/api/staff/refunds/:id/reject/",
    auth: true,
    role: "SUPERADMIN",
    required: ["note"],
    optional: [],
    valid: { note: "The service was rendered" },
  },
  {
    method: "POST",
    url: "/api/staff/kyc-holds/:id/refund/",
    auth: true,
    role: "ADMIN",
    required: ["reason"],
    optional: [],
    valid: { reason: "Sent to the wrong account" },
  },
  {
    method: "POST",
    url: "/api/staff/transfer-confirmations/:id/reject/",
    auth: true,
    role: "ADMIN",
    required: ["note"],
    optional: [],
    valid: { note: "Not on the bank statement" },
  },
  {
    method: "POST",
    url: "/api/staff/shifts/:id/close/",
    auth: true,
    role: "AGENT",
    required: ["note"],
    optional: [],
    valid: { note: "Cash box handed over" },
  },
  {
    method: "POST",
    url: "/api/staff/shifts/:id/signoff/",
    auth: true,
    role: "ADMIN",
    required: ["decision", "note"],
    optional: [],
    valid: { decision: "approve", note: "Recounted with the cashier" },
  },
  {
    method: "POST",
    url: "/api/staff/hmo-claims/:id/write-offs/",
    auth: true,
    role: "ADMIN",
    required: ["reason"],
    optional: [],
    valid: { reason: "Paid at 90% of the NHIA tariff" },
  },
  {
    method: "POST",
    url: "/api/staff/admissions/:id/refund-paid/",
    auth: true,
    role: "ADMIN",
    required: ["bank_reference"],
    optional: [],
    valid: { bank_reference: "GTB/REF/0042" },
  },
  {
    method: "POST",
    url: "/api/staff/settlement-differences/:id/decide/",
    auth: true,
    role: "ADMIN",
    required: ["decision", "note"],
    optional: [],
    valid: { decision: "reject", note: "Ask the gateway for its statement" },
  },
  {
    method: "POST",
    url: "/api/staff/settlements/months/:month/close/",
    auth: true,
    role: "ADMIN",
    required: ["note"],
    optional: [],
    valid: { note: "Every difference explained" },
  },
  {
    method: "POST",
    url: "/api/staff/hmo-claim-write-offs/:id/decide/",
    auth: true,
    role: "ADMIN",
    required: ["decision", "note"],
    optional: [],
    valid: { decision: "reject", note: "Resubmit the lines instead" },
  },
  {
    method: "POST",
    url: "/api/staff/waivers/:id/decide/",
    auth: true,
    role: "ADMIN",
    required: ["decision", "note"],
    optional: [],
    valid: { decision: "reject", note: "No social welfare letter" },
  },
  {
    method: "POST",
    url: "/api/staff/bills/:token/cancel/",
    auth: true,
    role: "AGENT",
    required: ["reason"],
    optional: [],
    valid: { reason: "Patient transferred" },
  },
  {
    method: "POST",
    url: API_PATHS.staffUsers,
    auth: true,
    role: "SUPERADMIN",
    required: ["first_name", "last_name", "email", "phone_number", "role"],
    optional: [],
    valid: {
      first_name: "Tunde",
      last_name: "Bakare",
      email: "tunde@fth.example.ng",
      phone_number: "08031234567",
      role: "AGENT",
    },
  },
];

/**
 * The URL a route is called at: path parameters filled with an id that does not exist (a bill's token in
 * its own well-formed shape, so the body is what is judged).
 */
const target = (route: { url: string }) =>
  route.url.replace(/:(\w+)/g, (_match, name: string) =>
    name === "token" ? "a".repeat(20) : name === "month" ? "2026-10" : "999999",
  );

/** The accepted base body of a listed route. */
const validBody = (url: string) => {
  const route = BODY_ROUTES.find((candidate) => candidate.url === url);
  if (!route) throw new Error(`${url} is not in BODY_ROUTES`);
  return route.valid;
};

/** Write routes that take no body. */
const NO_BODY_ROUTES = [
  { method: "POST", url: API_PATHS.logout, auth: true },
  // The payer closed the gateway's widget: the reference in the path says everything.
  { method: "POST", url: "/api/express/payments/:reference/cancel/", auth: false },
  // Opens the caller's shift: who they are says everything.
  { method: "POST", url: API_PATHS.staffShifts, auth: true, role: "AGENT" },
  // Releases a held transfer: the hold in the path says everything.
  { method: "POST", url: "/api/staff/kyc-holds/:id/release/", auth: true, role: "ADMIN" },
  // Submits a draft claim batch: the batch in the path says everything.
  { method: "POST", url: "/api/staff/hmo-claims/:id/submit/", auth: true, role: "ADMIN" },
] as const;

/**
 * Write routes whose bodies are nested (checkout) or defined by a gateway (webhooks): their field-level
 * cases live beside them (payments.test.ts, webhooks.test.ts); here they get the body-level cases.
 */
const NESTED_BODY_ROUTES = [
  { method: "POST", url: API_PATHS.checkout, auth: false },
  { method: "POST", url: "/api/express/webhooks/remita/", auth: false },
  { method: "POST", url: "/api/express/webhooks/monnify/", auth: false },
  { method: "POST", url: "/api/express/webhooks/paystack/", auth: false },
  // amount takes a number or a decimal string; its field cases are in wallet.test.ts.
  { method: "POST", url: API_PATHS.topUp, auth: true },
  // Multipart or JSON (kyc.test.ts has the field and file cases).
  { method: "POST", url: "/auth/kyc/submit/", auth: true },
  { method: "PUT", url: "/auth/kyc/update/", auth: true },
  { method: "POST", url: "/auth/kyc/upgrade/", auth: true },
  { method: "POST", url: "/api/staff/kyc/:id/decision/", auth: true, role: "ADMIN" },
  // tier_level is a whole number; its field cases are in kyc-holds.test.ts.
  { method: "POST", url: "/api/staff/kyc/:id/tier/", auth: true, role: "ADMIN" },
  // amount_received takes a number or a decimal string; its field cases are in bank-transfers.test.ts.
  { method: "POST", url: "/api/staff/invoices/:reference/confirm-transfer/", auth: true, role: "AGENT" },
  // balance_received likewise; its field cases are in payment-reviews.test.ts.
  { method: "POST", url: "/api/staff/payment-reviews/:reference/settle/", auth: true, role: "ADMIN" },
  // Every field optional (approve) or a boolean (is_active): field cases in refunds.test.ts, bank-transfers.test.ts and
  // staff-accounts.test.ts.
  { method: "POST", url: "/api/staff/refunds/:id/approve/", auth: true, role: "SUPERADMIN" },
  { method: "POST", url: "/api/staff/transfer-confirmations/:id/approve/", auth: true, role: "ADMIN" },
  { method: "PATCH", url: "/api/staff/users/:id/", auth: true, role: "SUPERADMIN" },
  // Registering twice with the same body is a duplicate (409), and correcting needs at least one field: their
  // field cases are in patients.test.ts.
  { method: "POST", url: API_PATHS.staffPatients, auth: true, role: "AGENT" },
  { method: "PATCH", url: "/api/staff/patients/:id/", auth: true, role: "AGENT" },
  // Registering twice is a duplicate (409), a plan's rules are a list of objects, an enrolment's dates meet
  // another's once made: their field cases are in hmos.test.ts.
  { method: "POST", url: API_PATHS.staffHmos, auth: true, role: "ADMIN" },
  { method: "POST", url: "/api/staff/hmos/:id/plans/", auth: true, role: "ADMIN" },
  { method: "POST", url: "/api/staff/patients/:id/enrolments/", auth: true, role: "AGENT" },
  // A bill's lines are a list of objects, a part's amount a number or a decimal string: their field cases
  // are in bills.test.ts.
  { method: "POST", url: API_PATHS.staffBills, auth: true, role: "AGENT" },
  { method: "POST", url: "/api/bills/:token/pay/", auth: false },
  // items is a list of objects; its field cases, and the code's in the path, are in receipts.test.ts.
  { method: "POST", url: "/api/staff/receipts/:receipt_code/redeem/", auth: true, role: "AGENT" },
  // departments is a list of names, waiver_limit a decimal string or null: field cases in staff-desk.test.ts.
  { method: "PUT", url: "/api/staff/users/:id/desk/", auth: true, role: "SUPERADMIN" },
  // A bill's part or a cart's items (a list of objects), the slip's reference only for POS: field cases in
  // cash-desk.test.ts.
  { method: "POST", url: API_PATHS.deskPayments, auth: true, role: "AGENT" },
  // amount and fee take a number or a decimal string: field cases in cash-desk.test.ts.
  { method: "POST", url: API_PATHS.posSettlements, auth: true, role: "ADMIN" },
  // An amount or a percentage, one of the two: field cases in bill-waivers.test.ts.
  { method: "POST", url: "/api/staff/bills/:token/waivers/", auth: true, role: "AGENT" },
  // hmo_id is a number, month a YYYY-MM text; a remittance's amount a number or a decimal string: field cases in
  // hmo-claims.test.ts.
  { method: "POST", url: API_PATHS.staffHmoClaims, auth: true, role: "ADMIN" },
  { method: "POST", url: "/api/staff/hmo-claims/:id/remittances/", auth: true, role: "ADMIN" },
  // position is a line's number: field cases in hmo-claims.test.ts.
  { method: "POST", url: "/api/staff/hmo-claims/:id/rejections/", auth: true, role: "ADMIN" },
  // patient_id is a number, a stay's lines a list of objects, and where a discharge's excess goes has a default:
  // field cases in admissions.test.ts.
  { method: "POST", url: API_PATHS.staffAdmissions, auth: true, role: "AGENT" },
  { method: "POST", url: "/api/staff/admissions/:id/lines/", auth: true, role: "AGENT" },
  { method: "POST", url: "/api/staff/admissions/:id/discharge/", auth: true, role: "ADMIN" },
  // The days of an import are checked together (the last on or after the first), an explanation's kind names its
  // reference, and write_off is a boolean: field cases in settlements.test.ts.
  { method: "POST", url: API_PATHS.importSettlements, auth: true, role: "ADMIN" },
  { method: "POST", url: API_PATHS.settlementDifferences, auth: true, role: "ADMIN" },
] as const;

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/**
 * The product's own routes. The sandbox's simulators speak other parties' protocols and check their
 * own input; their tests live in apps/sandbox.
 */
const isServerPath = (url: string) =>
  SERVER_PATH_PREFIXES.some((prefix) => url.startsWith(prefix)) && !url.startsWith("/sandbox/");

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A raw request: the body is sent exactly as given. */
async function raw(
  method: string,
  url: string,
  payload: string | undefined,
  headers: Record<string, string> = {},
  token?: string,
) {
  const response = await t.app.inject({
    method: method as "POST",
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
  let json: Record<string, unknown> = {};
  try {
    json = response.json();
  } catch {
    // not JSON
  }
  return { status: response.statusCode, json, text: response.body };
}

/** A fresh signed-in user per request, so no test depends on another's session. */
async function tokenFor(route: { auth: boolean; role?: Role }): Promise<string | undefined> {
  return route.auth ? (await buildUser(t, { role: route.role ?? "CUSTOMER" })).token : undefined;
}

/**
 * The field keys of an error body: everything but detail and the machine code. A list under `code`
 * is the messages of an input field named code (verify-email), so it counts as a field.
 */
const fieldKeys = (json: Record<string, unknown>) =>
  Object.keys(json)
    .filter((key) => key !== "detail" && !(key === "code" && typeof json.code === "string"))
    .sort();

function expectFieldErrorBody(json: Record<string, unknown>) {
  expect(typeof json.detail).toBe("string");
  for (const key of fieldKeys(json)) {
    expect(Array.isArray(json[key]), `${key} holds a list of messages`).toBe(true);
    for (const message of json[key] as unknown[]) expect(typeof message).toBe("string");
  }
}

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
      const res = await call(t, route.method, target(route), route.valid, await tokenFor(route));
      expect(res.status, route.url).toBeLessThan(500);
      expect(res.json.detail, route.url).not.toBe("Invalid input.");
    }
  });
});

describe.each(BODY_ROUTES)("$method $url", (route) => {
  const fields = [...route.required, ...route.optional];

  it("{} → 400 with 'This field is required.' under each required field, nothing under optional ones", async () => {
    const res = await call(t, route.method, target(route), {}, await tokenFor(route));
    expect(res.status).toBe(400);
    expectFieldErrorBody(res.json);
    expect(fieldKeys(res.json)).toEqual([...route.required].sort());
    for (const field of route.required) expect((res.json[field] as string[])[0]).toBe("This field is required.");
  });

  it.each([
    ["a number", 12345],
    ["an array", ["x"]],
    ["an empty array", []],
    ["an object", { nested: "x" }],
    ["a boolean", true],
  ])("each field as %s → 400 with a field error under that field only", async (_label, value) => {
    const token = await tokenFor(route);
    for (const field of fields) {
      const res = await call(t, route.method, target(route), { ...route.valid, [field]: value }, token);
      expect(res.status, field).toBe(400);
      expectFieldErrorBody(res.json);
      expect(fieldKeys(res.json), field).toEqual([field]);
      expect((res.json[field] as string[])[0], field).toBe("Not a valid string.");
    }
  });

  it("null → 400 for required fields; optional fields accept null", async () => {
    const token = await tokenFor(route);
    for (const field of route.required) {
      const res = await call(t, route.method, target(route), { ...route.valid, [field]: null }, token);
      expect(res.status, field).toBe(400);
      expect(fieldKeys(res.json), field).toEqual([field]);
      expect((res.json[field] as string[])[0], field).toBe("Not a valid string.");
    }
    for (const field of route.optional) {
      const res = await call(t, route.method, target(route), { ...route.valid, [field]: null }, token);
      expect(res.status, field).toBe(200);
    }
  });

  it("a 100 000-character value in any field → 400 with a length error under that field (not 413)", async () => {
    const token = await tokenFor(route);
    for (const field of fields) {
      const res = await call(t, route.method, target(route), { ...route.valid, [field]: "7".repeat(100_000) }, token);
      expect(res.status, field).toBe(400);
      expect(fieldKeys(res.json), field).toEqual([field]);
      expect(res.json[field], field).toContainEqual(
        expect.stringMatching(/^Ensure this field has no more than \d+ characters\.$/),
      );
    }
  });

  it.each([
    ["truncated", '{"email": '],
    ["single quotes", "{'email': 'a@example.ng'}"],
    ["trailing comma", '{"email": "a@example.ng",}'],
    ["bare word", "hello"],
  ])("malformed JSON (%s) → 400 with non_field_errors", async (_label, payload) => {
    const res = await raw(route.method, target(route), payload, { "content-type": "application/json" }, await tokenFor(route));
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe("Malformed JSON request body.");
    expect(res.json.non_field_errors).toEqual(["Malformed JSON request body."]);
  });

  it.each([
    ["an array", "[]"],
    ["an array of objects", `[${JSON.stringify(route.valid)}]`],
    ["a string", '"hello"'],
    ["a number", "42"],
    ["null", "null"],
    ["true", "true"],
  ])("JSON that is %s → 400 with non_field_errors", async (_label, payload) => {
    const res = await raw(route.method, target(route), payload, { "content-type": "application/json" }, await tokenFor(route));
    expect(res.status).toBe(400);
    expectFieldErrorBody(res.json);
    expect(fieldKeys(res.json)).toEqual(["non_field_errors"]);
  });

  it("a prototype-poisoning body → 400, never applied", async () => {
    const token = await tokenFor(route);
    for (const payload of [
      `{"__proto__": {"polluted": "yes"}, ${JSON.stringify(route.valid).slice(1)}`,
      `{"constructor": {"prototype": {"polluted": "yes"}}, ${JSON.stringify(route.valid).slice(1)}`,
    ]) {
      const res = await raw(route.method, target(route), payload, { "content-type": "application/json" }, token);
      expect(res.status).toBe(400);
      expect(typeof res.json.detail).toBe("string");
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });

  it("an empty body sent as JSON → 400 with non_field_errors", async () => {
    const res = await raw(route.method, target(route), "", { "content-type": "application/json" }, await tokenFor(route));
    expect(res.status).toBe(400);
    expect(res.json.non_field_errors).toEqual(["The request body is empty; a JSON object was expected."]);
  });

  it.each([
    ["text/plain", JSON.stringify(route.valid)],
    ["application/x-www-form-urlencoded", new URLSearchParams(route.valid).toString()],
    ["application/xml", "<body/>"],
    ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@example.ng\r\n--x--\r\n'],
  ])("content type %s → 415", async (contentType, payload) => {
    const res = await raw(route.method, target(route), payload, { "content-type": contentType }, await tokenFor(route));
    expect(res.status).toBe(415);
    expect(res.json.detail).toBe("Unsupported media type; send application/json.");
  });

  it("a body over the 256 KB limit → 413", async () => {
    const payload = JSON.stringify({ ...route.valid, [fields[0]!]: "x".repeat(257 * 1024) });
    const res = await raw(route.method, target(route), payload, { "content-type": "application/json" }, await tokenFor(route));
    expect(res.status).toBe(413);
    expect(res.json.detail).toBe("The request body is too large.");
  });
});

describe("write routes without a body", () => {
  it.each(NO_BODY_ROUTES)("$method $url refuses a malformed or non-JSON body without acting", async (route) => {
    const user = await buildUser(t, { role: "role" in route ? route.role : "CUSTOMER" });
    const malformed = await raw(route.method, route.url, "{", { "content-type": "application/json" }, user.token);
    expect(malformed.status).toBe(400);
    const plain = await raw(route.method, route.url, "hello", { "content-type": "text/plain" }, user.token);
    expect(plain.status).toBe(415);
    // Neither refused call signed the user out, nor opened a shift.
    expect((await call(t, "GET", API_PATHS.profile, undefined, user.token)).status).toBe(200);
    const shifts = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM staff_shifts WHERE staff_id = $1`, [user.id]);
    expect(shifts.rows[0]!.n).toBe(0);
  });
});

/** What a gateway webhook answers a text/plain body: Remita's text OK, 401 without the signature elsewhere. */
const WEBHOOK_TEXT_STATUS: Record<string, number> = {
  "/api/express/webhooks/remita/": 200,
  "/api/express/webhooks/monnify/": 401,
  "/api/express/webhooks/paystack/": 401,
};

describe("nested and gateway bodies", () => {
  it.each(NESTED_BODY_ROUTES)("$method $url: malformed, non-object, non-JSON and oversized bodies get a 4xx", async (route) => {
    const json = { "content-type": "application/json" };
    const token = route.auth ? (await buildUser(t, { role: "role" in route ? route.role : "CUSTOMER" })).token : undefined;
    const url = target(route);
    const malformed = await raw(route.method, url, "{", json, token);
    expect(malformed.status).toBe(400);
    expect(typeof malformed.json.detail).toBe("string");
    for (const payload of ["[]", '"text"', "42", "null", "{}"]) {
      const res = await raw(route.method, url, payload, json, token);
      expect(res.status, payload).toBeGreaterThanOrEqual(200);
      expect(res.status, payload).toBeLessThan(500);
    }
    // A gateway's notification may come with any content type (Remita documents none): it is read, not refused;
    // unsigned text names no payment, and a signed gateway's lacks its signature.
    const plain = await raw(route.method, url, "hello", { "content-type": "text/plain" }, token);
    expect(plain.status).toBe(WEBHOOK_TEXT_STATUS[url] ?? 415);
    expect((await raw(route.method, url, JSON.stringify({ pad: "x".repeat(16 * 1024 * 1024) }), json, token)).status).toBe(413);
  });
});

describe("slow-input safety", () => {
  it("answers a long e-mail shaped to make a regular expression backtrack quickly", async () => {
    const evil = `a@${"a.".repeat(40_000)}@`;
    const started = Date.now();
    const res = await call(t, "POST", API_PATHS.register, { ...validBody(API_PATHS.register), email: evil });
    expect(res.status).toBe(400);
    expect(res.json.email).toEqual(["Ensure this field has no more than 254 characters."]);
    expect(Date.now() - started).toBeLessThan(1000);
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

describe("bad input to the staff search", () => {
  it("refuses a missing, blank, short, long or repeated q, and pages out of range, with field errors", async () => {
    const agent = await buildUser(t, { role: "AGENT" });
    const cases: Array<[string, string]> = [
      ["", "q"],
      ["q=", "q"],
      ["q=%20%20%20", "q"],
      ["q=a", "q"],
      [`q=${"x".repeat(101)}`, "q"],
      ["q=ab&q=cd", "q"],
      ["q=ab&page=0", "page"],
      ["q=ab&page=two", "page"],
      ["q=ab&page_size=101", "page_size"],
      ["q=ab&page_size=-1", "page_size"],
    ];
    for (const [query, field] of cases) {
      const res = await raw("GET", `${API_PATHS.staffSearch}?${query}`, undefined, {}, agent.token);
      expect(res.status, query).toBe(400);
      expect(typeof res.json.detail, query).toBe("string");
      expect(Array.isArray(res.json[field]), `${query}: ${JSON.stringify(res.json)}`).toBe(true);
    }
  });
});

describe("bad input in the URL", () => {
  // GET routes that answer 200 with no parameters at all (those with path or required query
  // parameters have their own bad-input cases beside them).
  const NEEDS_PARAMETERS = new Set<string>([
    API_PATHS.fetchTransactions,
    API_PATHS.staffSearch,
    API_PATHS.staffPatients,
    // The month is required: its cases are in settlements.test.ts.
    API_PATHS.staffSettlements,
    API_PATHS.settlementDifferences,
  ]);
  const getRoutes = () =>
    t.app.routeAccess.filter(
      (route) =>
        route.method === "GET" &&
        isServerPath(route.url) &&
        !route.url.startsWith("/docs") &&
        !route.url.includes(":") &&
        !NEEDS_PARAMETERS.has(route.url),
    );

  it("GET server routes ignore junk query strings (repeated, bracketed, badly escaped, long)", async () => {
    const user = await buildUser(t);
    const junk = `?a=%E0%A4%A&b[]=1&b=2&c[d]=e&%%%=1&long=${"y".repeat(5000)}&=&&`;
    expect(getRoutes().length).toBeGreaterThan(0);
    for (const route of getRoutes()) {
      const role = Array.isArray(route.access) ? route.access[0] : "CUSTOMER";
      const token =
        route.access === "public" ? undefined : role === "CUSTOMER" ? user.token : (await buildUser(t, { role })).token;
      const plain = await raw("GET", route.url, undefined, {}, token);
      const withJunk = await raw("GET", `${route.url}${junk}`, undefined, {}, token);
      // Junk in the query changes nothing: the same answer as without it (a 404 for "no KYC yet" included).
      expect([200, 404], route.url).toContain(plain.status);
      expect(withJunk.status, route.url).toBe(plain.status);
    }
  });

  it("a badly escaped path → 400 with a detail, like every other client error", async () => {
    for (const url of ["/auth/%E0%A4%A/", "/api/%zz", "/auth/profile/%"]) {
      const res = await raw("GET", url, undefined);
      expect(res.status, url).toBe(400);
      expect(typeof res.json.detail, url).toBe("string");
    }
  });
});
