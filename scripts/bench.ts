// npm run bench: the API under load at 64 connections, on PGlite and on the PostgreSQL server side by
// side in one run, each holding 1,000,000 invoices; the wallet payment against its raw-SQL baseline;
// bill part payments and receipt verification at the point of care (issue 21); patient search in a register
// of 200,000 (issue 36); then, on the server, the staff dashboards' screens and CSV export (issue 6), an HMO's
// claim batch of 10,000 lines built and exported, and the reconciliation of a month of 1,000,000 gateway payments
// with their settlements (issue 37; BENCH_SCENARIOS=claim or =settle runs one alone, =claim,settle both).
//
// Each database's API runs as its own process (apps/api/src/main.ts, as `npm start` runs it, in
// production mode) with the gateway and catalogue simulators in another, like real outside parties;
// the load comes from autocannon in this process. Settings: BENCH_SECONDS (10), BENCH_DATABASE_URL
// (else TEST_DATABASE_URL), BENCH_DATA_DIR (.bench: the PGlite database, kept between runs), and to run a
// part only: BENCH_ENGINES (pglite,postgres), BENCH_SCENARIOS (comma-separated words of scenario names),
// BENCH_API_NODE_ARGS (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof, to profile the API process), and
// BENCH_ACCEPT_ENCODING (what the requests accept; a browser's "gzip, deflate, br, zstd" unless set).
import { randomBytes } from "node:crypto";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import {
  API_PATHS,
  BILL_MAX_ITEMS,
  BILL_MAX_QUANTITY,
  MAX_TOTAL_KOBO,
  nairaToKobo,
  type CreateBillInput,
  type PayBillInput,
  type ServiceRecord,
  type WalletTier,
} from "@hospipay/contract";
import { buildCatalogue } from "@hospipay/sandbox";
import { openPglite, openPostgres, type Database } from "../apps/api/src/db/database";
import { migrate } from "../apps/api/src/db/migrate";
import { loadEnv } from "../apps/api/src/env";
import { createVerifiedUser, UsersRepository } from "../apps/api/src/modules/accounts";
import { StaffInvoicesRepository } from "../apps/api/src/modules/staff-invoices";
import { StaffDeskRepository } from "../apps/api/src/modules/staff-desk";
import { benchHmoClaims } from "./bench/hmo-claims";
import { benchSettlements } from "./bench/settlements";
import { benchDatabaseUrl, benchStaffDashboards, seed } from "./bench/staff-dashboards";
import { newPatientSearch, patientSearches, seedPatients } from "./bench/patients";
import { ACCEPT_ENCODING, measure, type LoadFigures, type Scenario } from "./bench/load";
import { recordWalletPayment, replayWalletPayments, type BaselineResult, type Payer } from "./bench/wallet-baseline";
import { Traffic } from "./chaos/http";
import { apiEnv, freePort, ROOT, spawnNode, startSandbox, waitForHttp, type Child } from "./chaos/processes";
import { newClientLedger, topUpAndApprove, type ClientLedger } from "./chaos/wallet-client";
import { GUEST, itemFor, type Person } from "./chaos/world";

const CONNECTIONS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DATA_DIR = path.resolve(process.env.BENCH_DATA_DIR ?? path.join(ROOT, ".bench"));
/** The API's pool on a PostgreSQL server (openConfiguredDatabase → openPostgres), for the baseline. */
const API_POOL_SIZE = 10;
/** What each bench customer's wallet is funded with: many times its share of the wallet payments and bill parts of a run. */
const FUNDS_NAIRA = 1_000_000;
/**
 * The KYC tier staff verify the bench customers at: its single-credit cap (₦5,000,000 by default) takes
 * the funds in one top-up and it has no balance cap, where a tier-1 wallet takes ₦50,000 a credit and
 * holds ₦300,000 (docs/decisions/kyc-tiers.md).
 */
const BENCH_KYC_TIER = 3;
/**
 * How many cashiers take the desk's cash parts at once, each in a shift and drawer of their own: one per
 * connection, as a cashier takes one payment at a time (and the wallet's bill parts have a customer each).
 */
const DESK_CASHIERS = CONNECTIONS;

/** What each bill part pays, in naira: the API's minimum part (BILL_MIN_PART_NAIRA), set to it for the run. */
const PART_NAIRA = 500;
/**
 * The parts a second each bill can take over the warm-up and the run, several times what the machine's
 * wallet payments reach spread over the bills: a bill paid in full before the end would turn the rest of
 * its parts into refusals and measure those.
 */
const PARTS_A_SECOND_PER_BILL = 40;
/** The runs each bill serves: the bill parts' scenarios run twice each (PAIR). */
const RUNS_PER_BILL = 2;
/** Receipt codes the verification scenarios go through in turn. */
const RECEIPT_CODES = 1024;

const TARGETS = {
  catalogue: { rps: 10_000, p99: 20 },
  lookup: { p99: 50 },
  staff: { p99: 50 },
  receipt: { p99: 50 },
  patients: { p99: 50 },
  walletRatio: 0.6,
};

type ScenarioName =
  | "catalogue search (cached)"
  | "guest checkout (Remita)"
  | "wallet payment"
  | "public look-up"
  | "staff statistics"
  | "staff filter"
  | "bill part payment"
  | "cash bill part at the desk"
  | "receipt verification (staff)"
  | "receipt verification (public)"
  | "patient search"
  | "patient search (new searches)";

const SCENARIO_NAMES: ScenarioName[] = [
  "catalogue search (cached)",
  "guest checkout (Remita)",
  "wallet payment",
  "public look-up",
  "staff statistics",
  "staff filter",
  "bill part payment",
  "cash bill part at the desk",
  "receipt verification (staff)",
  "receipt verification (public)",
  "patient search",
  "patient search (new searches)",
];

/** The two scenarios whose throughputs are compared (the desk's target), measured in turns. */
const PAIR: [ScenarioName, ScenarioName] = ["bill part payment", "cash bill part at the desk"];

/**
 * One scenario's runs as one figure: the mean throughput, CPU and answer size, the requests and failures
 * summed, and the worst run's latencies.
 */
function combineRuns(runs: LoadFigures[]): LoadFigures {
  if (runs.length === 1) return runs[0]!;
  const mean = (values: number[]) => Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);
  const cpu = runs.map((run) => run.apiCpuMicros);
  const failures: Record<string, number> = {};
  for (const run of runs)
    for (const [status, count] of Object.entries(run.failures)) failures[status] = (failures[status] ?? 0) + count;
  return {
    rps: mean(runs.map((run) => run.rps)),
    p50: Math.max(...runs.map((run) => run.p50)),
    p99: Math.max(...runs.map((run) => run.p99)),
    requests: runs.reduce((sum, run) => sum + run.requests, 0),
    apiCpuMicros: cpu.every((value) => value !== null) ? mean(cpu as number[]) : null,
    bytesPerAnswer: mean(runs.map((run) => run.bytesPerAnswer)),
    failures,
  };
}

interface EngineResult {
  label: string;
  figures: Map<ScenarioName, LoadFigures>;
  baseline: BaselineResult;
}

interface Credentials {
  email: string;
  password: string;
  userId: number;
}

interface Fixtures {
  customers: Credentials[];
  admin: Credentials;
  /** The point of care's account: raises the bills and verifies the receipts. */
  agent: Credentials;
  /** The desk's cashiers, each with a shift of their own: the k-th connection takes its cash at the k-th desk. */
  cashiers: Credentials[];
  lookups: Array<{ email: string; digit: string }>;
  departments: string[];
  /** Codes of completed payments, spread over the seeded invoices. */
  receiptCodes: string[];
}

/** The month the dashboards open on (the web's default filter), as WAT calendar days. */
function defaultMonth(now = new Date()) {
  const day = (date: Date) => new Date(date.getTime() + 3_600_000).toISOString().slice(0, 10);
  const from = new Date(now);
  from.setUTCMonth(from.getUTCMonth() - 1);
  return { start_date: day(from), end_date: day(now) };
}

/** Customers, an admin, an agent, look-up targets and receipt codes, made or read in the database before the API starts. */
async function makeFixtures(db: Database): Promise<Fixtures> {
  const users = new UsersRepository(db);
  const make = async (role: "CUSTOMER" | "ADMIN" | "AGENT", i: number): Promise<Credentials> => {
    const email = `bench-${role.toLowerCase()}-${i}-${randomBytes(4).toString("hex")}@example.ng`;
    const password = randomBytes(12).toString("hex");
    const user = await db.transaction((tx) =>
      createVerifiedUser(
        users,
        { email, password, firstName: "Bench", lastName: `Payer${i}`, phoneNumber: "08031234567", role },
        tx,
      ),
    );
    if (!user) throw new Error(`could not create ${email}`);
    return { email, password, userId: user.id };
  };
  const customers: Credentials[] = [];
  for (let i = 0; i < CONNECTIONS; i += 1) customers.push(await make("CUSTOMER", i));
  const admin = await make("ADMIN", 0);
  const agent = await make("AGENT", 0);
  const cashiers: Credentials[] = [];
  for (let i = 1; i <= DESK_CASHIERS; i += 1) cashiers.push(await make("AGENT", i));
  const { rows } = await db.query<{ email: string; digit: string }>(
    `SELECT customer_email AS email, customer_phone_digits AS digit FROM invoices
     WHERE reference LIKE 'BULK-%' AND id % 997 = 0 ORDER BY id DESC LIMIT 256`,
  );
  const { rows: departments } = await db.query<{ name: string }>(
    "SELECT DISTINCT department_name AS name FROM invoice_items WHERE department_name IS NOT NULL ORDER BY 1 LIMIT 20",
  );
  // The seeded paid invoices have codes (seed:bulk writes them; migration 0009 gave them to older ones).
  const { rows: codes } = await db.query<{ code: string }>(
    `SELECT r.code FROM receipt_codes r JOIN invoices i ON i.id = r.invoice_id
     WHERE i.reference LIKE 'BULK-%' AND i.status = 'completed' AND r.invoice_id % 499 = 0
     ORDER BY r.invoice_id DESC LIMIT ${RECEIPT_CODES}`,
  );
  if (codes.length === 0) throw new Error("no receipt codes among the seeded invoices");
  return {
    customers,
    admin,
    agent,
    cashiers,
    lookups: rows,
    departments: departments.map((d) => d.name),
    receiptCodes: codes.map((c) => c.code),
  };
}

async function signIn(base: string, who: Credentials): Promise<{ token: string; walletId: number | null }> {
  const login = await fetch(`${base}${API_PATHS.login}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username_or_email: who.email, password: who.password }),
  });
  const body = (await login.json()) as { access?: string };
  if (!login.ok || !body.access) throw new Error(`sign-in of ${who.email}: ${login.status} ${JSON.stringify(body)}`);
  const profile = await fetch(`${base}${API_PATHS.profile}`, { headers: { authorization: `Bearer ${body.access}` } });
  const me = (await profile.json()) as { wallet_id?: number | null };
  return { token: body.access, walletId: me.wallet_id ?? null };
}

/**
 * Makes a customer tier-3 as the product does: the customer submits their KYC details
 * (POST /auth/kyc/submit/), and an admin verifies them at that tier (POST /api/staff/kyc/{id}/decision/).
 */
async function verifyKyc(base: string, customer: { email: string; token: string }, adminToken: string, i: number): Promise<void> {
  const submitted = await fetch(`${base}${API_PATHS.kycSubmit}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${customer.token}` },
    body: JSON.stringify({
      dob: "1990-02-20",
      address: "3 Awolowo Road, Ikoyi",
      next_of_kin_name: "Obinna Okafor",
      next_of_kin_phone: "08030002222",
      next_of_kin_address: "3 Awolowo Road, Ikoyi",
      id_number: `A${String(i).padStart(8, "0")}`,
      id_type: "PASSPORT",
    }),
  });
  const record = (await submitted.json()) as { id?: number };
  if (submitted.status !== 201 || !record.id)
    throw new Error(`KYC submission of ${customer.email}: ${submitted.status} ${JSON.stringify(record)}`);
  const decided = await fetch(`${base}${API_PATHS.kycDecision(record.id)}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ decision: "verified", tier_level: BENCH_KYC_TIER }),
  });
  if (decided.status !== 200) throw new Error(`KYC decision for ${customer.email}: ${decided.status} ${await decided.text()}`);
}

/**
 * Funds a wallet with FUNDS_NAIRA through real Remita top-ups, each within what the customer's tier takes
 * in one credit now (GET /api/wallet/tier/ credit_room: the single-credit cap or the room under the
 * balance cap, whichever is less); stops at the first top-up that fails or when the wallet has no room.
 */
async function fundWallet(
  traffic: Traffic,
  at: { api: string; sandbox: string },
  person: Person,
  ledger: ClientLedger,
): Promise<void> {
  let fundedKobo = 0;
  const wantedKobo = FUNDS_NAIRA * 100;
  while (fundedKobo < wantedKobo && ledger.failures.length === 0) {
    const answer = await fetch(`${at.api}${API_PATHS.walletTier}`, { headers: { authorization: `Bearer ${person.token}` } });
    const tier = (await answer.json()) as WalletTier;
    if (answer.status !== 200) throw new Error(`the tier of ${person.email}: ${answer.status} ${JSON.stringify(tier)}`);
    const roomKobo = tier.credit_room === undefined ? Infinity : (nairaToKobo(tier.credit_room) ?? 0);
    // Top-ups are in whole naira.
    const naira = Math.floor(Math.min(wantedKobo - fundedKobo, roomKobo) / 100);
    if (naira < 1)
      throw new Error(
        `the tier ${tier.tier.tier_level} wallet of ${person.email} has no room for the bench's funds (${JSON.stringify(tier.tier)})`,
      );
    await topUpAndApprove(traffic, at, person, ledger, { amountNaira: naira });
    fundedKobo += naira * 100;
  }
}

const WALLET_PATIENT = {
  first_name: "Funke",
  last_name: "Adebayo",
  email: "funke.adebayo@example.ng",
  phone_number: "08031234567",
  hospital_number: "FTH/2026/00417",
  transaction_description: "Pharmacy",
};

function walletBody(walletId: number, service: ServiceRecord): string {
  return JSON.stringify({
    items: [itemFor(service)],
    customer_meta: WALLET_PATIENT,
    payment_method: "wallet",
    wallet_id: walletId,
    charge_fee: "100.00",
  });
}

/**
 * The desk's cashiers: each collects money (their desk rights, as a super admin sets them) and opens a shift,
 * whose drawer their cash parts go into; a shift left open by an earlier run is closed first, counted exactly.
 * Returns their tokens.
 */
async function openDeskShifts(
  base: string,
  db: Database,
  fixtures: Fixtures,
  reopen: (() => Promise<Database>) | null,
): Promise<string[]> {
  const q = reopen ? await reopen() : db;
  try {
    const desks = new StaffDeskRepository(q);
    const rights = { departments: [], collectsMoney: true, givesItems: false, waiverLimitKobo: null };
    for (const cashier of fixtures.cashiers) await desks.save(q, cashier.userId, rights, fixtures.admin.userId);
  } finally {
    if (reopen) await q.close();
  }
  const tokens: string[] = [];
  for (const cashier of fixtures.cashiers) {
    const { token } = await signIn(base, cashier);
    const headers = { "content-type": "application/json", authorization: `Bearer ${token}` };
    const current = await fetch(`${base}${API_PATHS.currentShift}`, { headers });
    if (current.status === 200) {
      // Counted exactly (₦1,000 notes and 50-kobo coins), so it closes without waiting for a sign-off.
      const open = (await current.json()) as { id: number; drawer: { expected: string } | null };
      const expected = Math.round(Number(open.drawer?.expected ?? "0") * 100);
      const count = { "100000": Math.floor(expected / 100_000), "50": (expected % 100_000) / 50 };
      const closed = await fetch(`${base}${API_PATHS.closeShift(open.id)}`, {
        method: "POST",
        headers,
        body: JSON.stringify({ note: "Bench run over", count }),
      });
      if (closed.status !== 200) throw new Error(`closing a bench desk shift: ${closed.status} ${await closed.text()}`);
    }
    const opened = await fetch(`${base}${API_PATHS.staffShifts}`, { method: "POST", headers, body: "{}" });
    if (opened.status !== 201) throw new Error(`opening a bench desk shift: ${opened.status} ${await opened.text()}`);
    tokens.push(token);
  }
  return tokens;
}

/**
 * One open bill per connection, raised by the agent through POST /api/staff/bills/ (a fixed-price service
 * of the catalogue in as many lines as the total needs), each big enough for PARTS_A_SECOND_PER_BILL parts
 * of PART_NAIRA a second over the warm-up and the run, RUNS_PER_BILL times. Returns their tokens.
 */
async function raiseBills(base: string, agentToken: string, service: ServiceRecord): Promise<string[]> {
  const partsPerBill = PARTS_A_SECOND_PER_BILL * RUNS_PER_BILL * (SECONDS + 2);
  const price = Number(service.price);
  const quantity = Math.ceil((partsPerBill * PART_NAIRA) / price);
  const lines: CreateBillInput["items"] = [];
  for (let left = quantity; left > 0; left -= BILL_MAX_QUANTITY)
    lines.push({
      service_id: service.id,
      quantity: Math.min(left, BILL_MAX_QUANTITY),
      price: null,
      price_note: "",
      preauth_code: null,
    });
  if (lines.length > BILL_MAX_ITEMS || quantity * price * 100 > MAX_TOTAL_KOBO)
    throw new Error(`a bill for ${partsPerBill} parts of ${PART_NAIRA} naira is over a bill's limits: shorten BENCH_SECONDS`);
  const tokens: string[] = [];
  for (let i = 0; i < CONNECTIONS; i += 1) {
    const bill: CreateBillInput = {
      patient_id: null,
      hospital_number: `FTH/2026/${String(10_000 + i).padStart(5, "0")}`,
      patient_name: `Bench Patient${i}`,
      patient_phone: "08031234567",
      patient_email: null,
      note: "",
      due_date: null,
      items: lines,
      locale: "en",
      charge_hmo: true,
    };
    const res = await fetch(`${base}${API_PATHS.staffBills}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${agentToken}` },
      body: JSON.stringify(bill),
    });
    const body = (await res.json()) as { bill?: { token: string } };
    if (res.status !== 201 || !body.bill) throw new Error(`raising a bench bill: ${res.status} ${JSON.stringify(body)}`);
    tokens.push(body.bill.token);
  }
  return tokens;
}

function scenarios(
  fixtures: Fixtures,
  payers: Payer[],
  tokens: { admin: string; agent: string; cashiers: string[] },
  service: ServiceRecord,
  bills: string[],
  deskBills: string[],
): Array<[ScenarioName, Scenario]> {
  const catalogue = buildCatalogue("0");
  const words = [...new Set(catalogue.services.map((s) => s.name.split(/\s+/)[0]!.toLowerCase()))].slice(0, 40);
  const departments = catalogue.departments.map((d) => String(d.id));
  const searches = [
    ...words.map((w) => new URLSearchParams({ query: w, department_id: "" })),
    ...departments.map((id) => new URLSearchParams({ query: "", department_id: id })),
  ].map((q) => `/api/catalogue/services/?${q}`);
  const month = defaultMonth();
  const filters: Array<Record<string, string>> = [];
  // As the dashboards ask: every status or one, every method ("all") or one, every department or one.
  for (const status of [null, "completed", "pending", "failed", "refunded"])
    for (const method of ["all", "remita", "monnify", "paystack", "wallet", "bank_transfer"])
      for (const department of ["all", ...fixtures.departments])
        filters.push({ ...month, ...(status ? { status } : {}), method, department });
  const staffHeaders = () => ({ headers: { authorization: `Bearer ${tokens.admin}` } });
  const agentHeaders = () => ({ headers: { authorization: `Bearer ${tokens.agent}` } });
  const codes = fixtures.receiptCodes;
  const patients = patientSearches();
  const guestBody = JSON.stringify({
    items: [itemFor(service)],
    customer_meta: GUEST,
    payment_method: "remita",
    charge_fee: "100.00",
  });
  return [
    ["catalogue search (cached)", { path: (n) => searches[n % searches.length]! }],
    ["guest checkout (Remita)", { method: "POST", path: () => API_PATHS.checkout, client: () => ({ body: guestBody }) }],
    [
      "wallet payment",
      {
        method: "POST",
        path: () => API_PATHS.checkout,
        client: (k) => {
          const payer = payers[k % payers.length]!;
          return { headers: { authorization: `Bearer ${payer.token}` }, body: walletBody(payer.walletId, service) };
        },
      },
    ],
    [
      "public look-up",
      {
        path: (n) => {
          const target = fixtures.lookups[n % fixtures.lookups.length]!;
          return `${API_PATHS.fetchTransactions}?${new URLSearchParams({ email: target.email, digit: target.digit })}`;
        },
      },
    ],
    [
      "staff statistics",
      { path: (n) => `${API_PATHS.statistics}?${new URLSearchParams(filters[n % filters.length])}`, client: staffHeaders },
    ],
    [
      "staff filter",
      {
        path: (n) => `${API_PATHS.invoiceFilter}?${new URLSearchParams({ ...filters[n % filters.length], page_size: "50" })}`,
        client: staffHeaders,
      },
    ],
    // From the wallet: a wallet part runs the whole of a part's settlement in its request (the bill's row
    // lock and the check that it fits, the debit, the ledger, the receipt code), where a gateway part's
    // request only opens a pending payment at the simulator, as guest checkout measures, and reaches the
    // bill only when the gateway's callback settles it. The n-th request pays the n-th bill in turn, the
    // k-th connection as the k-th funded customer: relatives paying many bills at once, rarely one together.
    [
      "bill part payment",
      {
        method: "POST",
        path: (n) => API_PATHS.payBill(bills[n % Math.max(1, bills.length)] ?? ""),
        client: (k) => {
          const payer = payers[k % payers.length]!;
          const part: PayBillInput = {
            amount: `${PART_NAIRA}.00`,
            payer_name: `Bench Payer${k}`,
            payer_email: fixtures.customers[k % fixtures.customers.length]!.email,
            payer_phone: "08031234567",
            payment_method: "wallet",
          };
          return { headers: { authorization: `Bearer ${payer.token}` }, body: JSON.stringify(part) };
        },
      },
    ],
    // The same parts taken in cash at the desk, the k-th connection at the k-th cashier's desk (inside their
    // open shift): the same settlement through the bill-part purpose, from the shift's drawer instead of a wallet.
    [
      "cash bill part at the desk",
      {
        method: "POST",
        path: () => API_PATHS.deskPayments,
        client: (k) => ({
          headers: { authorization: `Bearer ${tokens.cashiers[k % Math.max(1, tokens.cashiers.length)] ?? ""}` },
          body: JSON.stringify({
            method: "cash",
            bill_token: deskBills[k % Math.max(1, deskBills.length)] ?? "",
            amount: `${PART_NAIRA}.00`,
            payer_name: `Bench Payer${k}`,
          }),
        }),
      },
    ],
    ["receipt verification (staff)", { path: (n) => API_PATHS.staffReceipt(codes[n % codes.length]!), client: agentHeaders }],
    ["receipt verification (public)", { path: (n) => API_PATHS.receipt(codes[n % codes.length]!) }],
    [
      "patient search",
      {
        path: (n) => `${API_PATHS.staffPatients}?${new URLSearchParams({ q: patients[n % patients.length]! })}`,
        client: agentHeaders,
      },
    ],
    [
      "patient search (new searches)",
      {
        path: (n) => `${API_PATHS.staffPatients}?${new URLSearchParams({ q: newPatientSearch(n) })}`,
        client: agentHeaders,
      },
    ],
  ];
}

interface EngineSpec {
  label: string;
  /** The API's database settings. */
  env: Record<string, string>;
  open(): Promise<Database>;
  /** Whether the bench process must close its handle while the API runs (an embedded database has one owner). */
  exclusive: boolean;
  baselineTarget(db: Database): { kind: "postgres"; url: string; poolSize: number } | { kind: "pglite"; db: Database };
}

async function benchEngine(spec: EngineSpec): Promise<EngineResult> {
  console.log(`\n━━ ${spec.label} ━━`);
  let db = await spec.open();
  await migrate(db);
  await seed(db, `${spec.label} bench database`);
  const fixtures = await makeFixtures(db);
  await seedPatients(db, fixtures.agent.userId);
  if (spec.exclusive) await db.close();

  const sandboxPort = await freePort();
  const smtpPort = await freePort();
  const apiPort = await freePort();
  const base = `http://127.0.0.1:${apiPort}`;
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const sandbox = await startSandbox(sandboxPort, smtpPort, base, `bench-${spec.label}-sandbox`);
  const env = apiEnv({
    port: apiPort,
    databaseUrl: "",
    sandboxUrl,
    smtpPort,
    env: {
      ...spec.env,
      // The brute-force limits stay on (their counters are part of every limited request), set above the bench's rate.
      AUTH_RATE_LIMIT_MAX: "100000000",
      AUTH_ACCOUNT_RATE_LIMIT_MAX: "100000000",
      LOOKUP_RATE_LIMIT_MAX: "100000000",
      LOOKUP_EMAIL_RATE_LIMIT_MAX: "100000000",
      CHECKOUT_RATE_LIMIT_MAX: "100000000",
      BILL_MIN_PART_NAIRA: String(PART_NAIRA),
      PAYMENT_RECHECK_INTERVAL_MS: "15000",
      MAIL_POLL_INTERVAL_MS: "1000",
    },
  });
  let api: Child | null = spawnNode(
    "api",
    path.join(ROOT, "apps/api/src/main.ts"),
    env,
    `bench-${spec.label}-api`,
    (process.env.BENCH_API_NODE_ARGS ?? "").split(" ").filter(Boolean),
  );
  const figures = new Map<ScenarioName, LoadFigures>();
  let payers: Payer[] = [];
  let service: ServiceRecord;
  try {
    await waitForHttp(`${base}${API_PATHS.ready}`, api, 120_000);
    const traffic = new Traffic(() => false);
    const ledger = newClientLedger();
    const adminToken = (await signIn(base, fixtures.admin)).token;
    const agentToken = (await signIn(base, fixtures.agent)).token;
    payers = [];
    for (const [i, customer] of fixtures.customers.entries()) {
      const { token, walletId } = await signIn(base, customer);
      if (walletId === null) throw new Error(`${customer.email} has no wallet`);
      const person: Person = {
        userId: customer.userId,
        email: customer.email,
        token,
        walletId,
        firstName: "Bench",
        lastName: "Payer",
        phone: "08031234567",
      };
      await verifyKyc(base, person, adminToken, i);
      await fundWallet(traffic, { api: base, sandbox: sandboxUrl }, person, ledger);
      if (ledger.failures.length > 0) throw new Error(`funding the bench wallets failed: ${ledger.failures[0]}`);
      payers.push({ userId: customer.userId, walletId, token });
    }
    const all = (await (await fetch(`${base}/api/catalogue/revenue-heads/`)).json()) as {
      data: { orgRevenueHeads: ServiceRecord[] };
    };
    service = all.data.orgRevenueHeads
      .filter((s) => s.fixed_price.toLowerCase() !== "no" && Number(s.price) >= 500)
      .sort((a, b) => Number(a.price) - Number(b.price))[0]!;

    const only = (process.env.BENCH_SCENARIOS ?? "")
      .split(",")
      .map((w) => w.trim())
      .filter(Boolean);
    const selected = (name: ScenarioName) => only.length === 0 || only.some((word) => name.includes(word));
    const bills = selected("bill part payment") ? await raiseBills(base, agentToken, service) : [];
    const deskBills = selected("cash bill part at the desk") ? await raiseBills(base, agentToken, service) : [];
    const cashierTokens = deskBills.length > 0 ? await openDeskShifts(base, db, fixtures, spec.exclusive ? spec.open : null) : [];
    const tokens = { admin: adminToken, agent: agentToken, cashiers: cashierTokens };
    const byName = new Map(scenarios(fixtures, payers, tokens, service, bills, deskBills));
    for (const name of byName.keys()) {
      if (!selected(name) || figures.has(name)) continue;
      // The wallet's bill part and the desk's, compared with each other, run in turns (wallet, desk, desk,
      // wallet), so that what the earlier scenarios left in the database weighs on both alike.
      const order = name === PAIR[0] && selected(PAIR[1]) ? [PAIR[0], PAIR[1], PAIR[1], PAIR[0]] : [name];
      const runs = new Map<ScenarioName, LoadFigures[]>();
      for (const step of order) {
        if (!spec.exclusive) await vacuumIfNoAutovacuum(db);
        const earlier = runs.get(step) ?? [];
        process.stdout.write(`  ${step}${order.length > 1 ? ` (run ${earlier.length + 1} of 2)` : ""}… `);
        const result = await measure(base, byName.get(step)!, CONNECTIONS, SECONDS, api.pid);
        runs.set(step, [...earlier, result]);
        const failed = Object.entries(result.failures);
        const cpu = result.apiCpuMicros === null ? "" : `, API CPU ${result.apiCpuMicros} µs an answer`;
        console.log(
          `${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms${cpu}, ${result.bytesPerAnswer} bytes an answer` +
            `${failed.length ? `, not 2xx: ${JSON.stringify(result.failures)}` : ""}`,
        );
      }
      for (const [step, list] of runs) figures.set(step, combineRuns(list));
    }
  } finally {
    await api?.stop();
    api = null;
  }

  try {
    if (spec.exclusive) db = await spec.open();
    process.stdout.write("  wallet payment, raw-SQL baseline… ");
    const recorded = await recordWalletPayment(loadEnv({ ...env, LOG_LEVEL: "silent" }), db, [payers[0]!, payers[1]!], (payer) =>
      JSON.parse(walletBody(payer.walletId, service)),
    );
    const baseline = await replayWalletPayments({
      target: spec.baselineTarget(db),
      program: recorded.program,
      unexplained: recorded.unexplained,
      payers,
      connections: CONNECTIONS,
      seconds: SECONDS,
      referenceLike: "HSP-00000000000000000000",
    });
    console.log(
      `${baseline.rps} payments/s, p50 ${baseline.p50} ms, p99 ${baseline.p99} ms (${baseline.statements} statements a payment${baseline.unexplained ? `, ${baseline.unexplained} parameters replayed as recorded` : ""})`,
    );
    // The replay ran with no API, so no worker folded its day-total deltas: fold them as the worker would,
    // or the next run's first requests would sum them.
    await new StaffInvoicesRepository(db).foldDayTotals();
    if (!spec.exclusive) await vacuumIfNoAutovacuum(db);
    return { label: spec.label, figures, baseline };
  } finally {
    await db.close();
    await sandbox.stop();
  }
}

let autovacuumOff: boolean | null = null;

/**
 * A production PostgreSQL server runs autovacuum; the server of these machines runs with it off. Without
 * it the rows the earlier scenarios wrote and deleted (invoices, folded day-total deltas) stay dead, and
 * every later scan crosses their index entries: the staff statistics would read many times the index
 * pages a month needs, and the later scenarios would measure the earlier ones' leftovers. So, on such a
 * server, the bench vacuums the invoice tables before each scenario, as autovacuum would with the tables'
 * settings (migration 0004), and the bills (each part rewrites its bill's row) and receipt codes (which
 * migration 0009 may have just filled for the seeded invoices, leaving the planner no statistics).
 */
async function vacuumIfNoAutovacuum(db: Database): Promise<void> {
  if (autovacuumOff === null) {
    const { rows } = await db.query<{ autovacuum: string }>("SHOW autovacuum");
    autovacuumOff = rows[0]?.autovacuum === "off";
    if (autovacuumOff)
      console.log(
        "  (autovacuum is off on this server: the bench vacuums the invoice, bill, receipt-code and patient tables before each scenario)",
      );
  }
  if (autovacuumOff)
    await db.exec(
      "VACUUM (ANALYZE) invoices, invoice_items, invoice_day_totals, invoice_departments, bills, receipt_codes, patients, patient_number_parts, patient_name_words",
    );
}

function printTable(results: EngineResult[]) {
  const server = results.find((r) => r.label === "PostgreSQL");
  const target = (name: ScenarioName, f: LoadFigures | undefined): [string, string] => {
    if (!f) return ["", ""];
    // A scenario none of whose requests was answered in its time meets no target, whatever its empty figures say.
    const ok = (pass: boolean) => (pass && f.requests > 0 ? "PASS" : "MISS");
    switch (name) {
      case "catalogue search (cached)":
        return [
          `≥ ${TARGETS.catalogue.rps} req/s, p99 < ${TARGETS.catalogue.p99} ms`,
          ok(f.rps >= TARGETS.catalogue.rps && f.p99 < TARGETS.catalogue.p99),
        ];
      case "public look-up":
        return [`p99 < ${TARGETS.lookup.p99} ms`, ok(f.p99 < TARGETS.lookup.p99)];
      case "staff statistics":
      case "staff filter":
        return [`p99 < ${TARGETS.staff.p99} ms`, ok(f.p99 < TARGETS.staff.p99)];
      case "receipt verification (staff)":
      case "receipt verification (public)":
        return [`p99 < ${TARGETS.receipt.p99} ms`, ok(f.p99 < TARGETS.receipt.p99)];
      case "patient search":
        return [`p99 < ${TARGETS.patients.p99} ms`, ok(f.p99 < TARGETS.patients.p99)];
      case "cash bill part at the desk": {
        const wallet = f && results.find((r) => r.figures.get(name) === f)?.figures.get("bill part payment");
        return [`≥ the wallet's bill part`, ok(wallet !== undefined && wallet !== null && f.rps >= wallet.rps)];
      }
      case "wallet payment": {
        const ratio = server ? f.rps / Math.max(1, server.baseline.rps) : 0;
        return [`≥ ${TARGETS.walletRatio * 100}% of baseline`, ok(ratio >= TARGETS.walletRatio)];
      }
      default:
        return ["", ""];
    }
  };
  const rows: Array<Record<string, string | number>> = SCENARIO_NAMES.map((name) => {
    const row: Record<string, string | number> = { scenario: name };
    for (const r of results) {
      const f = r.figures.get(name);
      row[`${r.label} req/s`] = f?.rps ?? "";
      row[`${r.label} p50/p99 ms`] = f ? `${f.p50} / ${f.p99}` : "";
      row[`${r.label} not 2xx`] = f ? Object.values(f.failures).reduce((s, n) => s + n, 0) : "";
      row[`${r.label} API CPU µs/answer`] = f?.apiCpuMicros ?? "";
    }
    const [goal, verdict] = target(name, server?.figures.get(name));
    row["target (PostgreSQL)"] = goal;
    row.result = verdict;
    return row;
  });
  const baselineRow: Record<string, string | number> = { scenario: "wallet payment: raw-SQL baseline" };
  const ratioRow: Record<string, string | number> = { scenario: "wallet payment: API ÷ baseline" };
  for (const r of results) {
    baselineRow[`${r.label} req/s`] = r.baseline.rps;
    baselineRow[`${r.label} p50/p99 ms`] = `${r.baseline.p50} / ${r.baseline.p99}`;
    baselineRow[`${r.label} not 2xx`] = r.baseline.errors;
    const api = r.figures.get("wallet payment");
    ratioRow[`${r.label} req/s`] = api ? `${Math.round((100 * api.rps) / Math.max(1, r.baseline.rps))}%` : "";
  }
  console.log(
    `\n${CONNECTIONS} connections, ${SECONDS} s per scenario after 2 s of warm-up, 1,000,000 invoices in each database;` +
      ` every request sends Accept-Encoding: ${ACCEPT_ENCODING}`,
  );
  console.table([...rows, baselineRow, ratioRow]);
}

async function main() {
  const results: EngineResult[] = [];
  await mkdir(DATA_DIR, { recursive: true });
  const pgliteDir = path.join(DATA_DIR, "pglite");
  const engines = (process.env.BENCH_ENGINES ?? "pglite,postgres").split(",");
  // BENCH_SCENARIOS=claim and =settle run the claim batch and reconciliation benches alone (each has a database of its own).
  const ownDatabasesOnly = (process.env.BENCH_SCENARIOS ?? "").split(",").every((word) => /claim|settle/.test(word));
  if (engines.includes("pglite") && !ownDatabasesOnly)
    results.push(
      await benchEngine({
        label: "PGlite",
        env: { DATABASE_URL: "", DATA_DIR: DATA_DIR },
        open: () => openPglite(pgliteDir),
        exclusive: true,
        baselineTarget: (db) => ({ kind: "pglite", db }),
      }),
    );
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (serverUrl && engines.includes("postgres") && !ownDatabasesOnly) {
    const url = await benchDatabaseUrl(serverUrl);
    results.push(
      await benchEngine({
        label: "PostgreSQL",
        env: { DATABASE_URL: url },
        open: async () => openPostgres(url, { max: 4 }),
        exclusive: false,
        baselineTarget: () => ({ kind: "postgres", url, poolSize: API_POOL_SIZE }),
      }),
    );
  } else {
    console.log("\n(set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure on a PostgreSQL server too)");
  }
  printTable(results);
  const staff = engines.includes("postgres") && !process.env.BENCH_SCENARIOS ? await benchStaffDashboards(serverUrl) : null;
  if (staff) console.table(staff);
  const wantsClaims = !process.env.BENCH_SCENARIOS || /claim/.test(process.env.BENCH_SCENARIOS);
  const claims = engines.includes("postgres") && wantsClaims ? await benchHmoClaims(serverUrl) : null;
  if (claims) console.table(claims);
  const wantsSettlements = !process.env.BENCH_SCENARIOS || /settle/.test(process.env.BENCH_SCENARIOS);
  const settlements = engines.includes("postgres") && wantsSettlements ? await benchSettlements(serverUrl) : null;
  if (settlements) console.table(settlements);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
