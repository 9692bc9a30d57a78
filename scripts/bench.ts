// npm run bench: the API under load at 64 connections, on PGlite and on the PostgreSQL server side by
// side in one run, each holding 1,000,000 invoices; the wallet payment against its raw-SQL baseline;
// then, on the server, the staff dashboards' screens and CSV export (issue 6).
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
import { API_PATHS, type ServiceRecord } from "@hospipay/contract";
import { buildCatalogue } from "@hospipay/sandbox";
import { openPglite, openPostgres, type Database } from "../apps/api/src/db/database";
import { migrate } from "../apps/api/src/db/migrate";
import { loadEnv } from "../apps/api/src/env";
import { createVerifiedUser } from "../apps/api/src/modules/accounts/create-user";
import { UsersRepository } from "../apps/api/src/modules/accounts/users.repository";
import { StaffInvoicesRepository } from "../apps/api/src/modules/staff-invoices/staff-invoices.repository";
import { benchDatabaseUrl, benchStaffDashboards, seed } from "./bench/staff-dashboards";
import { ACCEPT_ENCODING, measure, type LoadFigures, type Scenario } from "./bench/load";
import { recordWalletPayment, replayWalletPayments, type BaselineResult, type Payer } from "./bench/wallet-baseline";
import { Traffic } from "./chaos/http";
import { apiEnv, freePort, ROOT, spawnNode, startSandbox, waitForHttp, type Child } from "./chaos/processes";
import { newClientLedger, topUpAndApprove } from "./chaos/wallet-client";
import { GUEST, itemFor, type Person } from "./chaos/world";

const CONNECTIONS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DATA_DIR = path.resolve(process.env.BENCH_DATA_DIR ?? path.join(ROOT, ".bench"));
/** The API's pool on a PostgreSQL server (openConfiguredDatabase → openPostgres), for the baseline. */
const API_POOL_SIZE = 10;
const TOP_UP_NAIRA = 1_000_000;

const TARGETS = {
  catalogue: { rps: 10_000, p99: 20 },
  lookup: { p99: 50 },
  staff: { p99: 50 },
  walletRatio: 0.6,
};

type ScenarioName =
  | "catalogue search (cached)"
  | "guest checkout (Remita)"
  | "wallet payment"
  | "public look-up"
  | "staff statistics"
  | "staff filter";

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
  lookups: Array<{ email: string; digit: string }>;
  departments: string[];
}

/** The month the dashboards open on (the web's default filter), as WAT calendar days. */
function defaultMonth(now = new Date()) {
  const day = (date: Date) => new Date(date.getTime() + 3_600_000).toISOString().slice(0, 10);
  const from = new Date(now);
  from.setUTCMonth(from.getUTCMonth() - 1);
  return { start_date: day(from), end_date: day(now) };
}

/** Customers, an admin and look-up targets, made directly in the database before the API starts. */
async function makeFixtures(db: Database): Promise<Fixtures> {
  const users = new UsersRepository(db);
  const make = async (role: "CUSTOMER" | "ADMIN", i: number): Promise<Credentials> => {
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
  const { rows } = await db.query<{ email: string; digit: string }>(
    `SELECT customer_email AS email, customer_phone_digits AS digit FROM invoices
     WHERE reference LIKE 'BULK-%' AND id % 997 = 0 ORDER BY id DESC LIMIT 256`,
  );
  const { rows: departments } = await db.query<{ name: string }>(
    "SELECT DISTINCT department_name AS name FROM invoice_items WHERE department_name IS NOT NULL ORDER BY 1 LIMIT 20",
  );
  return { customers, admin, lookups: rows, departments: departments.map((d) => d.name) };
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

function scenarios(
  fixtures: Fixtures,
  payers: Payer[],
  adminToken: string,
  service: ServiceRecord,
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
  const staffHeaders = () => ({ headers: { authorization: `Bearer ${adminToken}` } });
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
    payers = [];
    for (const customer of fixtures.customers) {
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
      await topUpAndApprove(traffic, { api: base, sandbox: sandboxUrl }, person, ledger, { amountNaira: TOP_UP_NAIRA });
      payers.push({ userId: customer.userId, walletId, token });
    }
    if (ledger.failures.length > 0) throw new Error(`funding the bench wallets failed: ${ledger.failures[0]}`);
    const adminToken = (await signIn(base, fixtures.admin)).token;
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
    for (const [name, scenario] of scenarios(fixtures, payers, adminToken, service)) {
      if (only.length > 0 && !only.some((word) => name.includes(word))) continue;
      if (!spec.exclusive) await vacuumIfNoAutovacuum(db);
      process.stdout.write(`  ${name}… `);
      const result = await measure(base, scenario, CONNECTIONS, SECONDS, api.pid);
      figures.set(name, result);
      const failed = Object.entries(result.failures);
      const cpu = result.apiCpuMicros === null ? "" : `, API CPU ${result.apiCpuMicros} µs an answer`;
      console.log(
        `${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms${cpu}, ${result.bytesPerAnswer} bytes an answer` +
          `${failed.length ? `, not 2xx: ${JSON.stringify(result.failures)}` : ""}`,
      );
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
 * settings (migration 0004).
 */
async function vacuumIfNoAutovacuum(db: Database): Promise<void> {
  if (autovacuumOff === null) {
    const { rows } = await db.query<{ autovacuum: string }>("SHOW autovacuum");
    autovacuumOff = rows[0]?.autovacuum === "off";
    if (autovacuumOff)
      console.log("  (autovacuum is off on this server: the bench vacuums the invoice tables before each scenario)");
  }
  if (autovacuumOff) await db.exec("VACUUM (ANALYZE) invoices, invoice_items, invoice_day_totals, invoice_departments");
}

function printTable(results: EngineResult[]) {
  const names: ScenarioName[] = [
    "catalogue search (cached)",
    "guest checkout (Remita)",
    "wallet payment",
    "public look-up",
    "staff statistics",
    "staff filter",
  ];
  const server = results.find((r) => r.label === "PostgreSQL");
  const target = (name: ScenarioName, f: LoadFigures | undefined): [string, string] => {
    if (!f) return ["", ""];
    const ok = (pass: boolean) => (pass ? "PASS" : "MISS");
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
      case "wallet payment": {
        const ratio = server ? f.rps / Math.max(1, server.baseline.rps) : 0;
        return [`≥ ${TARGETS.walletRatio * 100}% of baseline`, ok(ratio >= TARGETS.walletRatio)];
      }
      default:
        return ["", ""];
    }
  };
  const rows: Array<Record<string, string | number>> = names.map((name) => {
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
  if (engines.includes("pglite"))
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
  if (serverUrl && engines.includes("postgres")) {
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
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
