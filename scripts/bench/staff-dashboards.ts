// The staff dashboards at 1,000,000 invoices (issue 6): the first screen, a filter change and a CSV export
// of 100,000+ rows, measured over real HTTP against the API started as a process of its own (so its
// memory is its own) on a PostgreSQL server, in a database kept between runs.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { API_PATHS } from "@hospipay/contract";
import { openPostgres, type Database } from "../../apps/api/src/db/database";
import { migrate } from "../../apps/api/src/db/migrate";
import { createVerifiedUser, UsersRepository } from "../../apps/api/src/modules/accounts";
import { freePort } from "../chaos/processes";
import { seedBulkInvoices } from "../../apps/api/src/cli/seed-bulk/bulk-seed";
import { StaffInvoicesRepository } from "../../apps/api/src/modules/staff-invoices";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** The bench database's name on the server (BENCH_DATABASE, else hospipay_bench_staff). */
const DATABASE = process.env.BENCH_DATABASE || "hospipay_bench_staff";
const INVOICES = 1_000_000;
const WARM_UPS = 5;
const SAMPLES = 50;
const EXPORT_MIN_ROWS = 100_000;
// As the web asks (apps/web/src/features/staff/api/get-invoices.ts).
const PAGE_SIZE = 50;
const TARGETS = { firstScreenMs: 300, filterChangeMs: 200, exportSeconds: 10, rssGrowthMb: 100 };

/** A day as the web's date inputs spell it (local calendar day), like the web's isoDay. */
function isoDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

/** The dashboards' first range, as the web's defaultFilters: one month ago through today. */
function defaultMonth(now = new Date()): { start_date: string; end_date: string } {
  const from = new Date(now);
  from.setMonth(from.getMonth() - 1);
  return { start_date: isoDay(from), end_date: isoDay(now) };
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const ms = (value: number) => `${value.toFixed(0)} ms`;

/** The bench database on the server at serverUrl, created when absent. */
export async function benchDatabaseUrl(serverUrl: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(DATABASE)) throw new Error(`BENCH_DATABASE must be a plain database name, not ${DATABASE}`);
  const admin = openPostgres(serverUrl, { max: 1 });
  try {
    const { rows } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [DATABASE]);
    if (rows.length === 0) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.close();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

/**
 * Tops the database up to INVOICES with the bulk seeder (set-based SQL), then vacuums and analyses as
 * autovacuum would after it (or after a migration that rewrote rows). Invoices are dated over the year
 * before seeding: when the newest is more than a day old, the month the dashboards open on would thin
 * out, so they are dated anew.
 *
 * The day totals are rewritten compact (VACUUM FULL) after seeding: the seeder's day-total deltas (0004)
 * are deleted by the final fold, so their table and index would hold mostly dead rows, and a month's
 * count would cross hundreds of index pages for a few hundred live entries; payments made one by one and
 * folded every second leave few behind. The seeder writes each invoice row once, so the other tables
 * need a plain VACUUM (their visibility map, for index-only scans), unless dating anew updated every
 * invoice: then they are rewritten compact too.
 */
export async function seed(db: Database, label = DATABASE): Promise<void> {
  const { rows } = await db.query<{ n: number; age_hours: number | null }>(
    "SELECT count(*)::bigint AS n, (extract(epoch FROM now() - max(created_at)) / 3600)::float8 AS age_hours FROM invoices",
  );
  const have = rows[0]?.n ?? 0;
  const age = rows[0]?.age_hours ?? 0;
  let datedAnew = false;
  if (have > 0 && age > 24) {
    console.log(`The bench invoices are ${Math.round(age)} h old: dating them anew (UPDATE, then VACUUM FULL).`);
    const started = Date.now();
    await db.query(
      "UPDATE invoices SET created_at = created_at + $1::float8 * interval '1 hour', paid_at = paid_at + $1::float8 * interval '1 hour'",
      [age],
    );
    datedAnew = true;
    console.log(`Dated anew in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
  if (have >= INVOICES) {
    console.log(`${label} holds ${have.toLocaleString("en")} invoices: reused.`);
  } else {
    const missing = INVOICES - have;
    console.log(`Seeding ${missing.toLocaleString("en")} invoices into ${label} (kept for the next runs)…`);
    const started = Date.now();
    await seedBulkInvoices(db, missing, (done) => {
      const seconds = (Date.now() - started) / 1000;
      process.stdout.write(
        `\r  ${done.toLocaleString("en")} / ${missing.toLocaleString("en")} (${Math.round(done / Math.max(seconds, 0.001)).toLocaleString("en")}/s)`,
      );
    });
    process.stdout.write(`\n  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
  }
  const started = Date.now();
  // What the API's housekeeping pass does every PAYMENT_RECHECK_INTERVAL_MS; here before measuring.
  const folded = await new StaffInvoicesRepository(db).foldDayTotals();
  const vacuum = datedAnew ? "VACUUM (FULL, ANALYZE)" : "VACUUM (ANALYZE)";
  await db.exec("VACUUM (FULL, ANALYZE) invoice_day_totals");
  await db.exec(`${vacuum} invoices, invoice_items, invoice_departments, receipt_codes`);
  console.log(
    `Day totals folded (${folded.toLocaleString("en")} rows) and compacted, ${vacuum} of the invoice tables, in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
}

export interface RunningApi {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

/** The real server entry (apps/api/src/main.ts) as its own process, as `npm start` runs it, on the bench database. */
export async function startApi(databaseUrl: string): Promise<RunningApi> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "apps/api/src/main.ts")], {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      LOG_LEVEL: "warn",
      // Sign-in is rate limited per client: the bench signs in from 127.0.0.1 many times a minute.
      AUTH_RATE_LIMIT_MAX: "100000000",
      SANDBOX: "true",
      SEED_DEMO: "false",
      WEB_DIST_DIR: "/nonexistent-web-dist",
    },
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode} before it was ready`);
    const ready = await fetch(`${base}${API_PATHS.ready}`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error("the API was not ready within 60 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { base, pid: child.pid!, stop };
}

/** An ADMIN made directly in the bench database, then signed in through POST /auth/login/. */
export async function staffToken(db: Database, base: string): Promise<string> {
  const email = `bench-admin-${Date.now()}@example.ng`;
  const password = randomBytes(12).toString("hex");
  await db.transaction((tx) =>
    createVerifiedUser(
      new UsersRepository(db),
      { email, password, firstName: "Bench", lastName: "Admin", phoneNumber: "08000000000", role: "ADMIN" },
      tx,
    ),
  );
  const res = await fetch(`${base}${API_PATHS.login}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username_or_email: email, password }),
  });
  const body = (await res.json()) as { access?: string };
  if (!res.ok || !body.access) throw new Error(`login failed: ${res.status} ${JSON.stringify(body)}`);
  return body.access;
}

type Query = Record<string, string>;

/** Statistics and the first page for a filter, in parallel as the browser asks; the time until both have answered. */
async function screen(base: string, token: string, query: Query): Promise<number> {
  const headers = { authorization: `Bearer ${token}` };
  const get = async (url: string) => {
    const res = await fetch(url, { headers });
    const body = await res.text();
    if (!res.ok) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`);
  };
  const started = performance.now();
  await Promise.all([
    get(`${base}${API_PATHS.statistics}?${new URLSearchParams(query)}`),
    get(`${base}${API_PATHS.invoiceFilter}?${new URLSearchParams({ ...query, page_size: String(PAGE_SIZE) })}`),
  ]);
  return performance.now() - started;
}

/** p50, p95 and max over SAMPLES sequential screens (after WARM_UPS), the i-th with queryOf(i). */
async function sampleScreens(base: string, token: string, queryOf: (i: number) => Query) {
  for (let i = 0; i < WARM_UPS; i += 1) await screen(base, token, queryOf(SAMPLES + i));
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) times.push(await screen(base, token, queryOf(i)));
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1] ?? 0 };
}

/** The newest West Africa Time days that together hold at least EXPORT_MIN_ROWS invoice items. */
async function exportRange(db: Database): Promise<{ start_date: string; end_date: string }> {
  const { rows } = await db.query<{ day: string; items: number }>(
    `SELECT to_char((i.created_at AT TIME ZONE 'UTC') + interval '1 hour', 'YYYY-MM-DD') AS day, count(*)::bigint AS items
     FROM invoices i JOIN invoice_items it ON it.invoice_id = i.id
     WHERE i.purpose = 'checkout' AND i.created_at >= now() - interval '120 days'
     GROUP BY 1 ORDER BY 1 DESC`,
  );
  let total = 0;
  for (const row of rows) {
    total += row.items;
    if (total >= EXPORT_MIN_ROWS) return { start_date: row.day, end_date: rows[0]!.day };
  }
  throw new Error(`fewer than ${EXPORT_MIN_ROWS} invoice items in the last 120 days`);
}

/** Resident memory of a process, from /proc (Linux). */
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

/** The whole export to its last byte, with the API's RSS sampled every 50 ms meanwhile. */
async function measureExport(api: RunningApi, token: string, query: Query) {
  const url = `${api.base}${API_PATHS.invoiceExport}?${new URLSearchParams(query)}`;
  const headers = { authorization: `Bearer ${token}` };
  const baseline = rssMb(api.pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(api.pid))), 50);
  const started = performance.now();
  let bytes = 0;
  let lineEnds = 0;
  try {
    const res = await fetch(url, { headers });
    if (!res.ok || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`);
    const reader = res.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      bytes += read.value.length;
      for (const byte of read.value) if (byte === 0x0a) lineEnds += 1;
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, rssMb(api.pid));
  // Bulk invoices hold no line breaks in their fields: every line end starts a row.
  return { seconds, bytes, rows: lineEnds, baseline, peak };
}

/** The rows of the staff dashboards' table, or null (with the reason printed) without a PostgreSQL server. */
export async function benchStaffDashboards(serverUrl: string | undefined): Promise<Array<Record<string, string>> | null> {
  console.log(`\nStaff dashboards at ${INVOICES.toLocaleString("en")} invoices`);
  if (!serverUrl) {
    console.log("  skipped: it runs on a PostgreSQL server only (set BENCH_DATABASE_URL or TEST_DATABASE_URL).");
    return null;
  }
  const url = await benchDatabaseUrl(serverUrl);
  const db = openPostgres(url, { max: 2 });
  let api: RunningApi | null = null;
  try {
    const started = Date.now();
    const applied = await migrate(db);
    if (applied.length > 0)
      console.log(`Applied migrations ${applied.join(", ")} to ${DATABASE} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    await seed(db);
    api = await startApi(url);
    const token = await staffToken(db, api.base);

    const month = defaultMonth();
    const first = await sampleScreens(api.base, token, () => month);

    const { rows: departments } = await db.query<{ name: string }>(
      "SELECT DISTINCT department_name AS name FROM invoice_items WHERE department_name IS NOT NULL ORDER BY 1",
    );
    const statuses = ["completed", "pending", "failed", "refunded"];
    const methods = ["remita", "monnify", "paystack", "wallet", "bank_transfer"];
    // A different status, method and department on each request (no two alike), over the same month.
    const change = await sampleScreens(api.base, token, (i) => ({
      ...month,
      status: statuses[Math.floor(i / departments.length) % statuses.length]!,
      method: methods[i % methods.length]!,
      department: departments[i % departments.length]!.name,
    }));

    const range = await exportRange(db);
    const statistics = (await (
      await fetch(`${api.base}${API_PATHS.statistics}?${new URLSearchParams(range)}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { total_transactions: number };
    // A small export first, so the measured one is not the first call of its code.
    await measureExport(api, token, { start_date: range.end_date, end_date: range.end_date });
    const exported = await measureExport(api, token, range);
    if (exported.rows !== statistics.total_transactions) {
      throw new Error(`the export wrote ${exported.rows} rows, the statistics count ${statistics.total_transactions}`);
    }
    const growth = exported.peak - exported.baseline;
    const verdict = (ok: boolean) => (ok ? "PASS" : "MISS");
    return [
      {
        measure: `first screen: statistics + first page (${PAGE_SIZE}), ${month.start_date}..${month.end_date}`,
        figure: `p50 ${ms(first.p50)}, p95 ${ms(first.p95)}, max ${ms(first.max)}`,
        target: `p95 < ${TARGETS.firstScreenMs} ms`,
        result: verdict(first.p95 < TARGETS.firstScreenMs),
      },
      {
        measure: "filter change: same month + status, method, department (varied)",
        figure: `p50 ${ms(change.p50)}, p95 ${ms(change.p95)}, max ${ms(change.max)}`,
        target: `p95 < ${TARGETS.filterChangeMs} ms`,
        result: verdict(change.p95 < TARGETS.filterChangeMs),
      },
      {
        measure: `CSV export: ${exported.rows.toLocaleString("en")} rows, ${(exported.bytes / 1_048_576).toFixed(1)} MB, ${range.start_date}..${range.end_date}`,
        figure: `${exported.seconds.toFixed(2)} s to the last byte`,
        target: `< ${TARGETS.exportSeconds} s`,
        result: verdict(exported.seconds < TARGETS.exportSeconds),
      },
      {
        measure: "API process RSS during that export",
        figure: `${exported.baseline.toFixed(0)} → peak ${exported.peak.toFixed(0)} MB (+${growth.toFixed(1)} MB)`,
        target: `growth < ${TARGETS.rssGrowthMb} MB`,
        result: verdict(growth < TARGETS.rssGrowthMb),
      },
    ];
  } finally {
    await api?.stop();
    await db.close();
  }
}
