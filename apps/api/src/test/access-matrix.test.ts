import { ROLES, SERVER_PATH_PREFIXES, type Role, type ServiceRecord, watDay } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteAccess } from "../plugins/access";
import { SAMPLE_PDF, upgradeDocuments, uploadUpgrade } from "./kyc-fixtures";
import { itemFor } from "./payments-harness";
import { createStaffOperationsHarness } from "./staff-operations-harness";
import { buildUser, call } from "./test-app";

/**
 * Who may do what, generated from the routes the app really registers (app.routeAccess), each method ×
 * {anonymous, CUSTOMER, AGENT, ADMIN, SUPERADMIN, another customer}, with every path parameter filled
 * with a real resource of customer A (or the staff fixtures). Then, for each resource a customer owns,
 * customer B tries to read or change A's, and A's data is compared before and after.
 */

// Built at collection time, so a route added later joins the matrix without touching this file.
const h = await createStaffOperationsHarness({ LOOKUP_RATE_LIMIT_MAX: "100000", LOOKUP_EMAIL_RATE_LIMIT_MAX: "100000" });
const t = h.t;
afterAll(async () => {
  await h.close();
});

const isServerPath = (url: string) => SERVER_PATH_PREFIXES.some((prefix) => url.startsWith(prefix));
const matrixRoutes = t.app.routeAccess.filter(
  (route) => isServerPath(route.url) && !route.url.startsWith("/sandbox/") && !route.url.startsWith("/docs"),
);

type User = Awaited<ReturnType<typeof buildUser>>;
type Column = "anonymous" | Role | "another customer";
const COLUMNS: readonly Column[] = ["anonymous", ...ROLES, "another customer"];

/** Customer A's data: one of everything a customer owns, and the strings that would betray it in an answer. */
interface Fixtures {
  a: User;
  b: User;
  staff: Record<Exclude<Role, "CUSTOMER">, User>;
  walletIdA: number;
  walletIdB: number;
  /** A's wallet payment (a completed invoice of A's). */
  walletPaymentA: string;
  /** A's top-up (credits A's wallet). */
  topUpA: string;
  /** A's pending signed-in bank-transfer invoice. */
  transferA: string;
  kycIdA: number;
  /** The public ids (UUIDs) of A's documents, as their URLs carry them. */
  documentIdsA: string[];
  /** A completed refund (approving it again must be refused, not done). */
  completedRefundId: number;
  /** A settled bank transfer confirmation (approving it again must be refused, not done). */
  settledConfirmationId: number;
  /** A's guest Remita payment paid short: in the staff review queue. */
  shortPaidA: string;
  /** The receipt code of A's wallet payment, as A's receipt shows it. */
  receiptCodeA: string;
  departmentId: string;
  /** An open bill raised by an agent (not A's: bills belong to the hospital). */
  billToken: string;
  /** A closed shift of the agent's (another agent's shift is "not found" to an agent). */
  shiftId: number;
  /** A patient of the register. */
  patientId: number;
  /** An HMO (its plans route). */
  hmoId: number;
  claimId: number;
  claimWriteOffId: number;
  waiverId: number;
  admissionId: number;
  /** A reserved-account transfer of A's held over A's tier cap. */
  holdIdA: number;
  /** Strings only A's data contains. */
  markers: string[];
}
let f: Fixtures;

const A_PROFILE = {
  firstName: "Zainabidunni",
  lastName: "Okonkwo-Amarachi",
  phoneNumber: "08077712345",
};
const A_KYC = {
  account_type: "INDIVIDUAL",
  dob: "1979-02-03",
  address: "44 Secret Close, Ikoyi, for A only",
  next_of_kin_name: "Ngozi Kinswoman-A",
  next_of_kin_phone: "08066655544",
  next_of_kin_address: "9 Kin Street, Enugu, for A only",
  id_number: "98765432109",
  id_type: "NIN",
};
const A_META = {
  first_name: A_PROFILE.firstName,
  last_name: A_PROFILE.lastName,
  email: "zainab.a.receipts@example.ng",
  phone_number: A_PROFILE.phoneNumber,
  hospital_number: "FTH/A/ONLY/771",
  transaction_description: "Dialysis for A only",
};

const B_META = {
  first_name: "Bola",
  last_name: "Other",
  email: "bola.b@example.ng",
  phone_number: "08011122233",
  hospital_number: "FTH/B/002",
  transaction_description: "B's own visit",
};

/** A fresh token for a user's current session version (a matrix call to /auth/logout/ revokes the old one). */
async function tokenOf(user: User): Promise<string> {
  const auth = await t.repositories.users.findAuthById(user.id);
  if (!auth) throw new Error(`user ${user.id} is gone or inactive`);
  return t.services.tokens.issue({ userId: auth.id, role: auth.role, version: auth.tokenVersion });
}

async function fundWallet(token: string, amount: string): Promise<string> {
  const res = await call(t, "POST", "/express/top-up/", { amount, payment_method: "remita" }, token);
  if (res.status !== 201) throw new Error(`top-up answered ${res.status}: ${res.text}`);
  const rrr = (res.json.rrr_response as { RRR: string }).RRR;
  await h.control("/sandbox/remita/_control/pay", { rrr, outcome: "approve", notify: false });
  const callback = await call(t, "GET", `/api/express/callback/top-up/remita/?transaction_id=${res.json.reference}&rrr=${rrr}`);
  if (callback.json.transaction_status !== "SUCCESS") throw new Error(`top-up not credited: ${callback.text}`);
  return String(res.json.reference);
}

async function uploadDocuments(token: string) {
  const response = await uploadUpgrade(t.url, token, upgradeDocuments("a-only-"));
  if (response.status !== 200) throw new Error(`upgrade answered ${response.status}: ${response.text}`);
}

beforeAll(async () => {
  const catalogue = await h.catalogue();
  const openPrice = catalogue.find((s) => s.fixed_price === "no" && Number(s.price) === 0) as ServiceRecord;
  const a = await buildUser(t, { ...A_PROFILE, email: `zainab-a-${Date.now()}@example.ng` });
  const b = await buildUser(t, { firstName: "Bola", lastName: "Other", phoneNumber: "08011122233" });
  const staff = {
    AGENT: await buildUser(t, { role: "AGENT" }),
    ADMIN: await buildUser(t, { role: "ADMIN" }),
    SUPERADMIN: await buildUser(t, { role: "SUPERADMIN" }),
  };
  const walletIdA = Number((await call(t, "GET", "/auth/profile/", undefined, a.token)).json.wallet_id);
  const walletIdB = Number((await call(t, "GET", "/auth/profile/", undefined, b.token)).json.wallet_id);
  await call(
    t,
    "POST",
    "/auth/profile/update/",
    {
      first_name: A_PROFILE.firstName,
      last_name: A_PROFILE.lastName,
      phone_number: A_PROFILE.phoneNumber,
      hospital_number: A_META.hospital_number,
      next_of_kin_name: A_KYC.next_of_kin_name,
    },
    a.token,
  );

  const topUpA = await fundWallet(a.token, "20000");
  const paid = await call(
    t,
    "POST",
    "/express/checkout/",
    {
      items: [itemFor(openPrice, 1, "1500.00")],
      customer_meta: A_META,
      payment_method: "wallet",
      wallet_id: walletIdA,
      charge_fee: "100.00",
    },
    a.token,
  );
  if (paid.status !== 201) throw new Error(`wallet payment answered ${paid.status}: ${paid.text}`);
  const transfer = await call(
    t,
    "POST",
    "/express/checkout/",
    {
      items: [itemFor(openPrice, 1, "2500.00")],
      customer_meta: {
        name: `${A_PROFILE.firstName} ${A_PROFILE.lastName}`,
        email: A_META.email,
        phone: A_META.phone_number,
        hospital_number: A_META.hospital_number,
        transaction_description: "A only",
      },
      payment_method: "bank_transfer",
      charge_fee: "100.00",
    },
    a.token,
  );
  if (transfer.status !== 201) throw new Error(`bank transfer answered ${transfer.status}: ${transfer.text}`);

  expect((await call(t, "POST", "/auth/kyc/submit/", A_KYC, a.token)).status).toBe(201);
  const kycIdA = Number((await call(t, "GET", "/auth/kyc/me/", undefined, a.token)).json.id);
  expect(
    (await call(t, "POST", `/api/staff/kyc/${kycIdA}/decision/`, { decision: "verified", tier_level: 2 }, staff.ADMIN.token))
      .status,
  ).toBe(200);
  await uploadDocuments(a.token);
  const documents = (await call(t, "GET", "/auth/kyc/me/", undefined, a.token)).json.documents as Array<{
    id: string;
    url: string;
  }>;
  expect(documents).toHaveLength(3);

  // A guest Remita payment of A's paid short: it waits in the staff review queue.
  const short = await call(t, "POST", "/express/checkout/", {
    items: [itemFor(openPrice, 1, "900.00")],
    customer_meta: {
      name: `${A_PROFILE.firstName} ${A_PROFILE.lastName}`,
      email: A_META.email,
      phone: A_META.phone_number,
      hospital_number: A_META.hospital_number,
      transaction_description: "A only",
    },
    payment_method: "remita",
    charge_fee: "100.00",
  });
  if (short.status !== 201) throw new Error(`remita checkout answered ${short.status}: ${short.text}`);
  await h.control("/sandbox/remita/_control/pay", { rrr: short.json.rrr, outcome: "approve", amount: "400.00", notify: false });
  await call(t, "GET", `/api/express/callback/top-up/remita/?rrr=${String(short.json.rrr)}`);
  const queue = await call(t, "GET", "/api/staff/payment-reviews/", undefined, staff.ADMIN.token);
  expect((queue.json.results as Array<{ reference: string }>).map((r) => r.reference)).toContain(short.json.reference);

  // A small refund completes at once: approving it again is a harmless 409 for the matrix.
  const refunded = await h.completedInvoice("300.00", "refund-payer@example.ng");
  const refund = await call(
    t,
    "POST",
    `/api/staff/invoices/${refunded.reference}/refund/`,
    { reason: "Duplicate payment" },
    staff.ADMIN.token,
  );
  expect(refund.status).toBe(200);
  const settledConfirmation = await t.db.query<{ id: number }>(
    `SELECT t.id FROM transfer_confirmations t JOIN invoices i ON i.id = t.invoice_id WHERE i.reference = $1 AND t.status = 'settled'`,
    [refunded.reference],
  );

  const receiptCodeA = String((await call(t, "GET", `/api/express/payments/${String(paid.json.reference)}/`)).json.receipt_code);
  expect(receiptCodeA).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  const departments = await call(t, "GET", "/api/catalogue/departments/");
  const departmentId = String((departments.json.data as { orgDepts: Array<{ id: string | number }> }).orgDepts[0]!.id);

  const bill = await call(
    t,
    "POST",
    "/api/staff/bills/",
    {
      hospital_number: "FTH/BILL/MATRIX",
      patient_name: "Matrix Patient",
      patient_phone: "08030001111",
      items: [{ service_id: openPrice.id, quantity: 1, price: "5000.00", price_note: "Ward deposit" }],
    },
    staff.AGENT.token,
  );
  if (bill.status !== 201) throw new Error(`bill answered ${bill.status}: ${bill.text}`);
  const shift = await call(t, "POST", "/api/staff/shifts/", {}, staff.AGENT.token);
  if (shift.status !== 201) throw new Error(`shift answered ${shift.status}: ${shift.text}`);
  const shiftId = Number((shift.json.shift as { id: number }).id);
  const closedShift = await call(t, "POST", `/api/staff/shifts/${shiftId}/close/`, { note: "Matrix shift" }, staff.AGENT.token);
  if (closedShift.status !== 200) throw new Error(`shift close answered ${closedShift.status}: ${closedShift.text}`);
  const patient = await call(
    t,
    "POST",
    "/api/staff/patients/",
    {
      hospital_number: "MATRIX/PAT/1",
      first_name: "Matrix",
      last_name: "Patient",
      phone: "08031239999",
      language: "en",
      date_of_birth: "1960-10-01",
    },
    staff.AGENT.token,
  );
  if (patient.status !== 201) throw new Error(`patient register answered ${patient.status}: ${patient.text}`);
  const patientId = Number((patient.json.patient as { id: number }).id);
  const hmo = await call(
    t,
    "POST",
    "/api/staff/hmos/",
    {
      name: "Matrix HMO",
      nhia_code: "NHIA/MATRIX/1",
      contact_name: "Matrix Contact",
      contact_phone: "08031230000",
      contact_email: "claims@matrix.example.ng",
      bank_name: "Matrix Bank",
      bank_account_number: "0123456789",
      bank_account_name: "Matrix HMO Ltd",
    },
    staff.ADMIN.token,
  );
  if (hmo.status !== 201) throw new Error(`HMO register answered ${hmo.status}: ${hmo.text}`);
  const hmoId = Number((hmo.json.hmo as { id: number }).id);
  // A claim batch with a write-off waiting: the patient enrolled on a plan that covers a bill whole, the bill
  // final as it is raised, its month claimed and submitted.
  const plan = await call(
    t,
    "POST",
    `/api/staff/hmos/${hmoId}/plans/`,
    { name: "Matrix Plan", covered_percent: "100" },
    staff.ADMIN.token,
  );
  if (plan.status !== 201) throw new Error(`plan answered ${plan.status}: ${plan.text}`);
  const enrolment = await call(
    t,
    "POST",
    `/api/staff/patients/${patientId}/enrolments/`,
    { plan_id: (plan.json.plan as { id: number }).id, enrollee_id: "MTX-1", valid_from: "2026-01-01", valid_to: "2030-12-31" },
    staff.AGENT.token,
  );
  if (enrolment.status !== 201) throw new Error(`enrolment answered ${enrolment.status}: ${enrolment.text}`);
  const covered = await call(
    t,
    "POST",
    "/api/staff/bills/",
    { patient_id: patientId, items: [{ service_id: openPrice.id, quantity: 1, price: "5000.00", price_note: "Ward days" }] },
    staff.AGENT.token,
  );
  if (covered.status !== 201) throw new Error(`HMO bill answered ${covered.status}: ${covered.text}`);
  const month = watDay(new Date().toISOString()).slice(0, 7);
  const claim = await call(t, "POST", "/api/staff/hmo-claims/", { hmo_id: hmoId, month }, staff.ADMIN.token);
  if (claim.status !== 201) throw new Error(`claim answered ${claim.status}: ${claim.text}`);
  const claimId = Number((claim.json.claim as { id: number }).id);
  const submitted = await call(t, "POST", `/api/staff/hmo-claims/${claimId}/submit/`, {}, staff.ADMIN.token);
  if (submitted.status !== 200) throw new Error(`claim submit answered ${submitted.status}: ${submitted.text}`);
  const writeOff = await call(t, "POST", `/api/staff/hmo-claims/${claimId}/write-offs/`, { reason: "Matrix" }, staff.ADMIN.token);
  if (writeOff.status !== 201) throw new Error(`write-off answered ${writeOff.status}: ${writeOff.text}`);
  const claimWriteOffId = (writeOff.json.claim as { write_offs: Array<{ id: number }> }).write_offs[0]!.id;
  const waiver = await call(
    t,
    "POST",
    `/api/staff/bills/${(bill.json.bill as { token: string }).token}/waivers/`,
    { amount: "1.00", reason: "Matrix waiver" },
    staff.AGENT.token,
  );
  if (waiver.status !== 201) throw new Error(`waiver answered ${waiver.status}: ${waiver.text}`);
  const waiverId = Number((waiver.json.waiver as { id: number }).id);
  // A stay in a ward: its lines and discharge answer each caller (a discharge with no lines is refused).
  const admitted = await call(
    t,
    "POST",
    "/api/staff/admissions/",
    { patient_id: patientId, ward: "Matrix Ward" },
    staff.AGENT.token,
  );
  if (admitted.status !== 201) throw new Error(`admission answered ${admitted.status}: ${admitted.text}`);
  const admissionId = Number((admitted.json.admission as { id: number }).id);
  // Every staff member has an open shift: the matrix's empty-bodied opens are refused and change nothing.
  for (const member of Object.values(staff)) {
    const open = await call(t, "POST", "/api/staff/shifts/", {}, member.token);
    if (open.status !== 201) throw new Error(`shift answered ${open.status}: ${open.text}`);
  }

  // A transfer into A's reserved account over A's tier 2 single-credit cap (₦100,000): held.
  const held = await t.services.reservedAccounts.credit(
    { userId: a.id, amountKobo: 15_000_000, transactionReference: "MNFY|MATRIX|HOLD-A", senderName: "Matrix Sender" },
    "",
  );
  if (held !== "held") throw new Error(`the matrix's transfer was ${held}, not held`);
  const holdIdA = (await t.db.query<{ id: number }>(`SELECT id FROM kyc_holds WHERE user_id = $1`, [a.id])).rows[0]!.id;

  f = {
    a,
    b,
    staff,
    walletIdA,
    walletIdB,
    walletPaymentA: String(paid.json.reference),
    topUpA,
    transferA: String(transfer.json.reference),
    kycIdA,
    documentIdsA: documents.map((d) => d.id),
    completedRefundId: Number((refund.json.refund as { id: number }).id),
    settledConfirmationId: Number(settledConfirmation.rows[0]!.id),
    shortPaidA: String(short.json.reference),
    receiptCodeA,
    departmentId,
    billToken: (bill.json.bill as { token: string }).token,
    shiftId,
    patientId,
    hmoId,
    claimId,
    claimWriteOffId,
    waiverId,
    admissionId,
    holdIdA,
    markers: [
      a.email,
      A_PROFILE.firstName,
      A_PROFILE.lastName,
      A_PROFILE.phoneNumber,
      A_META.email,
      A_META.hospital_number,
      A_KYC.address,
      A_KYC.id_number,
      A_KYC.next_of_kin_name,
      "a-only-",
      String(paid.json.reference),
      topUpA,
      String(transfer.json.reference),
    ],
  };
}, 120_000);

/**
 * A concrete URL for a route: every path parameter gets a real value, so the roles that are let in
 * reach the handler with something that exists. A new parameter fails here until it is given one.
 */
function concreteUrl(route: RouteAccess): string {
  return route.url.replace(/:(\w+)/g, (_match, name: string) => {
    if (name === "departmentId") return f.departmentId;
    if (name === "gateway") return "remita";
    if (name === "token") return f.billToken;
    if (name === "receipt_code") return f.receiptCodeA;
    if (name === "month") return "2026-10";
    if (name === "reference") {
      if (route.url.startsWith("/api/express/payments/")) return f.walletPaymentA;
      if (route.url.startsWith("/api/staff/payment-reviews/")) return f.shortPaidA;
      return f.transferA;
    }
    if (name === "id") {
      if (route.url.startsWith("/auth/kyc/documents/")) return f.documentIdsA[0]!;
      if (route.url.startsWith("/api/staff/kyc/")) return String(f.kycIdA);
      if (route.url.startsWith("/api/staff/refunds/")) return String(f.completedRefundId);
      if (route.url.startsWith("/api/staff/transfer-confirmations/")) return String(f.settledConfirmationId);
      if (route.url.startsWith("/api/staff/users/")) return String(f.a.id);
      if (route.url.startsWith("/api/staff/shifts/")) return String(f.shiftId);
      if (route.url.startsWith("/api/staff/patients/")) return String(f.patientId);
      if (route.url.startsWith("/api/staff/hmos/")) return String(f.hmoId);
      if (route.url.startsWith("/api/staff/hmo-claims/")) return String(f.claimId);
      if (route.url.startsWith("/api/staff/hmo-claim-write-offs/")) return String(f.claimWriteOffId);
      if (route.url.startsWith("/api/staff/kyc-holds/")) return String(f.holdIdA);
      if (route.url.startsWith("/api/staff/waivers/")) return String(f.waiverId);
      if (route.url.startsWith("/api/staff/admissions/")) return String(f.admissionId);
      // No settlement difference exists here: an officer's decision on one is a 404, anyone else's a 401 or 403.
      if (route.url.startsWith("/api/staff/settlement-differences/")) return "1";
    }
    throw new Error(`no sensible value for :${name} in ${route.method} ${route.url}: add one to concreteUrl`);
  });
}

/** The signed-in user of a column (null: anonymous). A is the CUSTOMER; B is "another customer". */
function userOf(column: Column): User | null {
  if (column === "anonymous") return null;
  if (column === "CUSTOMER") return f.a;
  if (column === "another customer") return f.b;
  return f.staff[column];
}

async function send(route: RouteAccess, column: Column) {
  const user = userOf(column);
  const write = !["GET", "HEAD", "OPTIONS"].includes(route.method);
  const response = await t.app.inject({
    method: route.method as "GET",
    url: concreteUrl(route),
    headers: {
      ...(user ? { authorization: `Bearer ${await tokenOf(user)}` } : {}),
      ...(write ? { "content-type": "application/json" } : {}),
    },
    ...(write ? { payload: "{}" } : {}),
  });
  let json: Record<string, unknown> = {};
  try {
    json = response.json();
  } catch {
    // HEAD answers, CSV and documents carry no JSON
  }
  return { status: response.statusCode, json, text: response.body };
}

/** Who the declared access lets in; "another customer" is a CUSTOMER to the access check. */
function expected(access: RouteAccess["access"], column: Column): "in" | 401 | 403 {
  if (access === "public") return "in";
  if (access === "signed") return 401;
  if (access === "optional") return "in";
  if (column === "anonymous") return 401;
  if (access === "authenticated") return "in";
  const role: Role = column === "another customer" ? "CUSTOMER" : column;
  return (access ?? []).includes(role) ? "in" : 403;
}

/**
 * Public routes that answer by a reference the caller holds (a capability: 80 random bits, handed to the
 * payer and e-mailed as the receipt link), so whoever holds A's reference reads that payment. Customer B
 * has no way to learn it (checked below); the matrix hands it to B anyway.
 */
const BY_CAPABILITY = new Set(["/api/express/payments/:reference/", "/api/express/payments/:reference/cancel/"]);

const moneyTables = [
  "users",
  "invoices",
  "invoice_items",
  "gateway_payments",
  "journal_entries",
  "postings",
  "wallets",
  "wallet_transactions",
  "idempotency_keys",
  "kyc_records",
  "kyc_documents",
  "kyc_decisions",
  "transfer_confirmations",
  "refunds",
  "payment_reviews",
  "receipt_codes",
  "receipt_redemptions",
  "audit_log",
  "mail_outbox",
  "bills",
  "bill_items",
  "staff_shifts",
  "patients",
  "staff_desks",
  "shift_drawers",
  "bill_waivers",
  "desk_payments",
  "pos_settlements",
  "hmos",
  "hmo_plans",
  "patient_enrolments",
  "hmo_claims",
  "hmo_claim_lines",
  "hmo_remittances",
  "hmo_claim_write_offs",
];
async function counts(): Promise<Record<string, number>> {
  const { rows } = await t.db.query<Record<string, number>>(
    `SELECT ${moneyTables.map((table) => `(SELECT count(*)::int FROM ${table}) AS ${table}`).join(", ")},
            (SELECT coalesce(sum(balance_kobo), 0)::bigint FROM wallets) AS wallet_kobo,
            (SELECT count(*)::int FROM invoices WHERE status <> 'pending') AS settled_invoices,
            (SELECT count(*)::int FROM payment_reviews WHERE resolved_at IS NULL) AS open_reviews,
            (SELECT count(*)::int FROM users WHERE NOT is_active) AS inactive_users`,
  );
  return Object.fromEntries(Object.entries(rows[0]!).map(([key, value]) => [key, Number(value)]));
}

describe("access matrix: every route × every kind of caller", () => {
  let before: Record<string, number>;
  beforeAll(async () => {
    before = await counts();
  });

  it("covers every server route with a declared access", () => {
    expect(matrixRoutes.length).toBeGreaterThan(40);
    for (const route of matrixRoutes) expect(route.access, `${route.method} ${route.url}`).toBeDefined();
  });

  it.each(matrixRoutes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    "%s answers each caller as declared",
    async (_label, route) => {
      for (const column of COLUMNS) {
        const res = await send(route, column);
        const want = expected(route.access, column);
        const where = `${column} → ${res.status} ${res.text.slice(0, 200)}`;
        expect(res.status, where).toBeLessThan(500);
        if (want === "in") {
          expect([401, 403], where).not.toContain(res.status);
        } else {
          expect(res.status, where).toBe(want);
          if (route.method !== "HEAD") {
            const code =
              route.access === "signed" ? "invalid_signature" : want === 401 ? "not_authenticated" : "permission_denied";
            expect(res.json.code, where).toBe(code);
            expect(typeof res.json.detail, where).toBe("string");
          }
        }
        if (column === "another customer" && !BY_CAPABILITY.has(route.url)) {
          for (const marker of f.markers) expect(res.text, `${where}: carries A's ${marker}`).not.toContain(marker);
        }
      }
    },
  );

  it("changed nothing but session versions: every call sent an empty body", async () => {
    expect(await counts()).toEqual(before);
  });
});

/** What A can see of A's own data; compared before and after B's attempts. */
async function snapshotOfA() {
  const token = await tokenOf(f.a);
  const profile = await call(t, "GET", "/auth/profile/", undefined, token);
  const history = await call(t, "GET", "/api/wallet/transactions/?page_size=100", undefined, token);
  const kyc = await call(t, "GET", "/auth/kyc/me/", undefined, token);
  const receipts = await Promise.all(
    [f.walletPaymentA, f.topUpA, f.transferA].map(async (reference) => {
      const res = await call(t, "GET", `/api/express/payments/${reference}/`);
      const { expires_at: _e, ...rest } = res.json;
      return rest;
    }),
  );
  const documents = await Promise.all(
    f.documentIdsA.map(async (id) => {
      const res = await t.app.inject({
        method: "GET",
        url: `/auth/kyc/documents/${id}/`,
        headers: { authorization: `Bearer ${token}` },
      });
      return { status: res.statusCode, type: res.headers["content-type"], bytes: res.rawPayload.length };
    }),
  );
  const { rows } = await t.db.query(
    `SELECT u.email, u.first_name, u.last_name, u.phone_number, u.hospital_number, u.is_active, u.role, u.password_hash, w.balance_kobo,
            (SELECT count(*)::int FROM invoices i WHERE i.user_id = u.id) AS invoices,
            (SELECT count(*)::int FROM wallet_transactions m WHERE m.wallet_id = w.id) AS movements
       FROM users u JOIN wallets w ON w.user_id = u.id WHERE u.id = $1`,
    [f.a.id],
  );
  return { profile: profile.json, history: history.json, kyc: kyc.json, receipts, documents, row: rows[0] };
}

describe("another customer (B) and customer A's resources", () => {
  let before: Awaited<ReturnType<typeof snapshotOfA>>;
  let bToken: string;
  beforeAll(async () => {
    before = await snapshotOfA();
    bToken = await tokenOf(f.b);
    // A's own view is complete, so "unchanged" below means something.
    expect(before.profile.wallet_balance).toBe("18400.00");
    // A top-up, a wallet payment and the transfer held over A's tier cap.
    expect(before.history.count).toBe(3);
    expect(before.documents.every((d) => d.status === 200)).toBe(true);
  });

  /** B's answer must be a refusal or B's own data, and never carry A's. */
  function expectNothingOfA(res: { status: number; text: string }, label: string) {
    expect(res.status, label).toBeLessThan(500);
    for (const marker of f.markers) expect(res.text, `${label}: carries A's ${marker}`).not.toContain(marker);
  }

  it("wallet: B's history and balance are B's own, whatever ids B adds", async () => {
    for (const query of [
      "",
      `?wallet_id=${f.walletIdA}`,
      `?user_id=${f.a.id}`,
      `?user=${f.a.id}&wallet=${f.walletIdA}&page_size=100`,
    ]) {
      const history = await call(t, "GET", `/api/wallet/transactions/${query}`, undefined, bToken);
      expect(history.status, query).toBe(200);
      expect(history.json.count, query).toBe(0);
      expectNothingOfA(history, `history${query}`);
      const profile = await call(t, "GET", `/auth/profile/${query}`, undefined, bToken);
      expect(profile.json).toMatchObject({ id: f.b.id, wallet_id: f.walletIdB, wallet_balance: "0.00", last_transactions: [] });
      expectNothingOfA(profile, `profile${query}`);
    }
  });

  it("wallet: B cannot pay with A's wallet_id (the same refusal as for a wallet that does not exist)", async () => {
    const catalogue = await h.catalogue();
    const openPrice = catalogue.find((s) => s.fixed_price === "no" && Number(s.price) === 0) as ServiceRecord;
    const body = (walletId: unknown) => ({
      items: [itemFor(openPrice, 1, "100.00")],
      customer_meta: { ...B_META, email: f.b.email },
      payment_method: "wallet",
      wallet_id: walletId,
      charge_fee: "100.00",
    });
    const answers = [];
    for (const walletId of [f.walletIdA, String(f.walletIdA), `${f.walletIdA} `, 987_654_321]) {
      const res = await call(t, "POST", "/express/checkout/", body(walletId), bToken);
      // A field error (the pay screen shows it under the wallet), not 403/404: the wallet_id is the caller's input.
      expect(res.status, `wallet_id ${walletId}`).toBe(400);
      expect(res.json.wallet_id, `wallet_id ${walletId}`).toEqual(["This is not your wallet."]);
      expectNothingOfA(res, `pay ${walletId}`);
      answers.push({ status: res.status, json: res.json });
    }
    // No oracle: A's wallet id is refused exactly like an id nobody has.
    expect(answers[0]).toEqual(answers[3]);
    // B's own top-up with A's ids in the body credits B's wallet only (unknown keys are dropped).
    const topUp = await call(
      t,
      "POST",
      "/express/top-up/",
      { amount: "50", payment_method: "remita", wallet_id: f.walletIdA, user_id: f.a.id },
      bToken,
    );
    expect(topUp.status).toBe(201);
    const rrr = (topUp.json.rrr_response as { RRR: string }).RRR;
    await h.control("/sandbox/remita/_control/pay", { rrr, outcome: "approve", notify: false });
    await call(t, "GET", `/api/express/callback/top-up/remita/?transaction_id=${topUp.json.reference}&rrr=${rrr}`);
    expect((await call(t, "GET", "/auth/profile/", undefined, bToken)).json.wallet_balance).toBe("50.00");
  });

  it("transactions and receipts: B has no way to A's references, and a guessed one finds nothing", async () => {
    // The public look-up needs A's e-mail and the last six digits of A's phone: B's own digits, or a wrong guess, find nothing.
    for (const digit of [B_META.phone_number.slice(-6), "000000", "999999", A_META.phone_number.slice(-7, -1)]) {
      const res = await call(
        t,
        "GET",
        `/api/express/fetch-transactions/?email=${encodeURIComponent(A_META.email)}&digit=${digit}`,
        undefined,
        bToken,
      );
      expect(res.status, digit).toBe(200);
      expect(res.json.results, digit).toEqual([]);
      expectNothingOfA(res, `look-up ${digit}`);
    }
    // References near A's (a changed character, another case, a prefix, an extension) find nothing.
    for (const reference of [f.walletPaymentA, f.transferA]) {
      const last = reference.at(-1) === "0" ? "1" : "0";
      for (const guess of [
        `${reference.slice(0, -1)}${last}`,
        reference.toLowerCase(),
        reference.slice(0, -2),
        `${reference}0`,
        `${reference}%25`,
        "HSP-",
        "HSP-%25",
      ]) {
        const res = await call(t, "GET", `/api/express/payments/${guess}/`, undefined, bToken);
        expect([400, 404], guess).toContain(res.status);
        expect(typeof res.json.detail, guess).toBe("string");
        expectNothingOfA(res, `receipt ${guess}`);
        const callback = await call(t, "GET", `/api/express/callback/top-up/remita/?transaction_id=${guess}`, undefined, bToken);
        expect([400, 404], guess).toContain(callback.status);
        expectNothingOfA(callback, `callback ${guess}`);
      }
    }
    // Even holding A's reference, B (or anybody not signed in as A) reads no contact detail of the payer.
    const contact = [A_META.email, A_META.first_name, A_META.last_name, A_META.phone_number, A_META.hospital_number];
    for (const token of [bToken, undefined]) {
      const res = await call(t, "GET", `/api/express/payments/${f.walletPaymentA}/`, undefined, token);
      expect(res.status).toBe(200);
      expect(res.json.customer).toBeNull();
      for (const detail of contact) expect(res.text, `receipt by reference: ${detail}`).not.toContain(detail);
    }
    const own = await call(t, "GET", `/api/express/payments/${f.walletPaymentA}/`, undefined, await tokenOf(f.a));
    expect(own.json.customer).toMatchObject({ email: A_META.email, hospital_number: A_META.hospital_number });
    // References are unguessable: 80 random bits, not a sequence.
    for (const reference of [f.walletPaymentA, f.topUpA, f.transferA]) expect(reference).toMatch(/^HSP-[0-9A-F]{20}$/);
    // B cannot act on A's invoices through the staff operations either.
    for (const [url, body] of [
      [`/api/staff/invoices/${f.transferA}/confirm-transfer/`, { amount_received: "2600.00", transfer_reference: "B-FAKE-1" }],
      [`/api/staff/invoices/${f.walletPaymentA}/refund/`, { reason: "B wants A's money" }],
      [`/api/staff/transfer-confirmations/${f.settledConfirmationId}/approve/`, { note: "B approves" }],
    ] as const) {
      const res = await call(t, "POST", url, body, bToken);
      expect(res.status, url).toBe(403);
      expectNothingOfA(res, url);
    }
    // Staff listings are staff only.
    for (const url of [
      `/invoices/invoices/filter/?search=${encodeURIComponent(A_META.email)}`,
      "/api/staff/invoices/export/",
      "/invoices/invoices/statistics/",
      "/api/staff/refunds/",
      "/api/staff/transfer-confirmations/",
    ]) {
      const res = await call(t, "GET", url, undefined, bToken);
      expect(res.status, url).toBe(403);
      expectNothingOfA(res, url);
    }
  });

  it("receipts: B, holding A's receipt code, learns only that it is paid, and can neither see its items nor give them", async () => {
    const check = await call(t, "GET", `/api/receipts/${f.receiptCodeA}/`, undefined, bToken);
    expect(check.status).toBe(200);
    expect(Object.keys(check.json).sort()).toEqual(["amount", "code", "paid_at", "status"]);
    expectNothingOfA(check, "public receipt check");
    const view = await call(t, "GET", `/api/staff/receipts/${f.receiptCodeA}/`, undefined, bToken);
    expect(view.status).toBe(403);
    expectNothingOfA(view, "staff receipt");
    const redeem = await call(
      t,
      "POST",
      `/api/staff/receipts/${f.receiptCodeA}/redeem/`,
      { department: "Laboratory", items: [{ item_id: 1, quantity: 1 }] },
      bToken,
    );
    expect(redeem.status).toBe(403);
    expectNothingOfA(redeem, "redeem");
  });

  it("KYC: B reads no record or document of A's and changes none", async () => {
    const mine = await call(t, "GET", `/auth/kyc/me/?id=${f.kycIdA}&user_id=${f.a.id}`, undefined, bToken);
    expect(mine.status).toBe(404);
    expectNothingOfA(mine, "kyc/me");
    for (const id of f.documentIdsA) {
      for (const method of ["GET", "HEAD"] as const) {
        const res = await t.app.inject({
          method,
          url: `/auth/kyc/documents/${id}/`,
          headers: { authorization: `Bearer ${bToken}` },
        });
        expect(res.statusCode, `${method} document ${id}`).toBe(404);
        expect(res.headers["content-type"], `${method} document ${id}`).toMatch(/^application\/json/);
        expectNothingOfA({ status: res.statusCode, text: res.body }, `document ${id}`);
        if (method === "GET") expect(res.json()).toEqual({ detail: "Document not found.", code: "not_found" });
      }
    }
    // A document id nobody has, or A's row numbers, answer the same as A's: no oracle, nothing to count.
    const { rows } = await t.db.query<{ id: string }>(`SELECT id::text FROM kyc_documents WHERE user_id = $1`, [f.a.id]);
    expect(rows).toHaveLength(3);
    for (const id of ["987654321", "00000000-0000-4000-8000-000000000000", ...rows.map((row) => row.id)]) {
      const missing = await call(t, "GET", `/auth/kyc/documents/${id}/`, undefined, bToken);
      expect(missing, id).toMatchObject({ status: 404, json: { detail: "Document not found.", code: "not_found" } });
    }
    // B's correction with A's ids in the body is B's own (B has no record), never A's.
    const update = await call(
      t,
      "PUT",
      "/auth/kyc/update/",
      { ...A_KYC, address: "B moved A", id: f.kycIdA, user_id: f.a.id, user: f.a.id },
      bToken,
    );
    expect(update.status).toBe(404);
    expectNothingOfA(update, "kyc/update");
    const upgrade = await fetch(`${t.url}/auth/kyc/upgrade/`, {
      method: "POST",
      headers: { authorization: `Bearer ${bToken}` },
      body: (() => {
        const form = new FormData();
        form.append("user_id", String(f.a.id));
        form.append("utility_bill", new Blob([new Uint8Array(SAMPLE_PDF)]), "b.pdf");
        return form;
      })(),
    });
    expect([400, 404, 409]).toContain(upgrade.status);
    expectNothingOfA({ status: upgrade.status, text: await upgrade.text() }, "kyc/upgrade");
    // Deciding on A's KYC is for admins.
    const decision = await call(
      t,
      "POST",
      `/api/staff/kyc/${f.kycIdA}/decision/`,
      { decision: "rejected", reason: "B says so" },
      bToken,
    );
    expect(decision.status).toBe(403);
    const queue = await call(t, "GET", "/api/staff/kyc/", undefined, bToken);
    expect(queue.status).toBe(403);
    expectNothingOfA(queue, "kyc queue");
  });

  it("profile: B reads and changes B's own profile only, whatever ids B sends", async () => {
    const res = await call(
      t,
      "POST",
      "/auth/profile/update/",
      {
        id: f.a.id,
        user_id: f.a.id,
        email: f.a.email,
        role: "SUPERADMIN",
        first_name: "Bola",
        last_name: "Changed",
        phone_number: "08011122233",
      },
      bToken,
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: f.b.id, email: f.b.email, role: "CUSTOMER", last_name: "Changed" });
    expectNothingOfA(res, "profile update");
    // A's password is not B's to change.
    const change = await call(
      t,
      "POST",
      "/auth/profile/change-password/",
      { old_password: f.a.password, new_password: "b-took-over-1" },
      bToken,
    );
    expect(change.status).toBe(400);
    expectNothingOfA(change, "change-password");
    // Staff account management is for super admins.
    const patch = await call(t, "PATCH", `/api/staff/users/${f.a.id}/`, { is_active: false }, bToken);
    expect(patch.status).toBe(403);
    const users = await call(t, "GET", `/api/staff/users/?search=${encodeURIComponent(f.a.email)}`, undefined, bToken);
    expect(users.status).toBe(403);
    expectNothingOfA(users, "staff users");
  });

  it("left A's data exactly as it was, and A still signs in with A's password", async () => {
    expect(await snapshotOfA()).toEqual(before);
    const login = await call(t, "POST", "/auth/login/", { username_or_email: f.a.email, password: f.a.password });
    expect(login.status).toBe(200);
  });
});
