// The write routes' table that the bad-input tests go through (bad-input.test.ts, the field matrix, on one
// engine; bad-input-writes.test.ts, what a refusal leaves in the database, on both), with their helpers.
import { API_PATHS, SERVER_PATH_PREFIXES, type Role } from "@hospipay/contract";
import { expect } from "vitest";
import { buildUser, type TestApp } from "./test-app";

/**
 * Every route that reads a JSON body, with a body it accepts and the string fields it knows.
 * A coverage test below fails when a POST/PUT/PATCH/DELETE server route is added without an entry here
 * (or in NO_BODY_ROUTES), so new endpoints join the matrix.
 */
export interface BodyRoute {
  method: "POST" | "PUT" | "PATCH";
  url: string;
  auth: boolean;
  /** The role that may call it (a signed-in CUSTOMER when not given). */
  role?: Role;
  required: readonly string[];
  optional: readonly string[];
  valid: Record<string, string>;
}

export const BODY_ROUTES: readonly BodyRoute[] = [
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
export const target = (route: { url: string }) =>
  route.url.replace(/:(\w+)/g, (_match, name: string) =>
    name === "token" ? "a".repeat(20) : name === "month" ? "2026-10" : "999999",
  );

/** The accepted base body of a listed route. */
export const validBody = (url: string) => {
  const route = BODY_ROUTES.find((candidate) => candidate.url === url);
  if (!route) throw new Error(`${url} is not in BODY_ROUTES`);
  return route.valid;
};

/** Write routes that take no body. */
export const NO_BODY_ROUTES = [
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
export const NESTED_BODY_ROUTES = [
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

export const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/**
 * The product's own routes. The sandbox's simulators speak other parties' protocols and check their
 * own input; their tests live in apps/sandbox.
 */
export const isServerPath = (url: string) =>
  SERVER_PATH_PREFIXES.some((prefix) => url.startsWith(prefix)) && !url.startsWith("/sandbox/");

/** A raw request: the body is sent exactly as given. */
export async function raw(
  t: TestApp,
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
export async function tokenFor(t: TestApp, route: { auth: boolean; role?: Role }): Promise<string | undefined> {
  return route.auth ? (await buildUser(t, { role: route.role ?? "CUSTOMER" })).token : undefined;
}

/**
 * The field keys of an error body: everything but detail and the machine code. A list under `code`
 * is the messages of an input field named code (verify-email), so it counts as a field.
 */
export const fieldKeys = (json: Record<string, unknown>) =>
  Object.keys(json)
    .filter((key) => key !== "detail" && !(key === "code" && typeof json.code === "string"))
    .sort();

export function expectFieldErrorBody(json: Record<string, unknown>) {
  expect(typeof json.detail).toBe("string");
  for (const key of fieldKeys(json)) {
    expect(Array.isArray(json[key]), `${key} holds a list of messages`).toBe(true);
    for (const message of json[key] as unknown[]) expect(typeof message).toBe("string");
  }
}
