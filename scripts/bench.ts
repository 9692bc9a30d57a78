// npm run bench: throughput and latency of the API's hot read paths, in-process on PGlite and, when
// BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, on a PostgreSQL server. Prints one table; then, on
// that server only, the staff dashboards' figures at 1,000,000 invoices against their targets (bench-staff.ts).
import autocannon from "autocannon";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "../apps/api/src/app";
import { openPglite, openPostgres, type Database } from "../apps/api/src/db/database";
import { migrate } from "../apps/api/src/db/migrate";
import { loadEnv } from "../apps/api/src/env";
import { createVerifiedUser } from "../apps/api/src/modules/accounts/create-user";
import { benchStaffDashboards } from "./bench-staff";

const CONNECTIONS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

interface Row {
  database: string;
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(url: string, headers: Record<string, string>): Promise<Omit<Row, "database" | "scenario">> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function benchOn(label: string, db: Database): Promise<Row[]> {
  await migrate(db);
  const env = loadEnv({ LOG_LEVEL: "silent", SANDBOX: "true", WEB_DIST_DIR: "/nonexistent", AUTH_RATE_LIMIT_MAX: "100000000" });
  const ctx = await buildApp(env, db);
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  const address = ctx.app.server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const email = `bench-${Date.now()}@example.ng`;
  const user = await db.transaction((tx) =>
    createVerifiedUser(
      ctx.repositories.users,
      { email, password: "bench-password", firstName: "Bench", lastName: "User", phoneNumber: "08000000000", role: "CUSTOMER" },
      tx,
    ),
  );
  const token = await ctx.services.tokens.issue({ userId: user!.id, role: "CUSTOMER", version: user!.tokenVersion });
  const rows: Row[] = [];
  rows.push({ database: label, scenario: "GET /healthz", ...(await measure(`${base}/healthz`, {})) });
  rows.push({ database: label, scenario: "GET /readyz (SELECT 1)", ...(await measure(`${base}/readyz`, {})) });
  rows.push({
    database: label,
    scenario: "GET /auth/profile/ (JWT + 2 queries)",
    ...(await measure(`${base}/auth/profile/`, { authorization: `Bearer ${token}` })),
  });
  await ctx.app.close();
  await ctx.mailWorker.stop();
  return rows;
}

async function main() {
  const rows: Row[] = [];
  const dir = await mkdtemp(path.join(tmpdir(), "hospipay-bench-"));
  try {
    const pglite = await openPglite(path.join(dir, "pglite"));
    rows.push(...(await benchOn("PGlite", pglite)));
    await pglite.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const admin = openPostgres(serverUrl, { max: 1 });
    const name = `hospipay_bench_${process.pid}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const db = openPostgres(url.toString(), { max: 20 });
    try {
      rows.push(...(await benchOn("PostgreSQL", db)));
    } finally {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    }
  } else {
    console.log("(set BENCH_DATABASE_URL or TEST_DATABASE_URL to measure on a PostgreSQL server too)");
  }
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per scenario`);
  console.table(
    rows.map((r) => ({
      database: r.database,
      scenario: r.scenario,
      "req/s": r.rps,
      "p50 ms": r.p50,
      "p99 ms": r.p99,
      errors: r.errors,
    })),
  );
  const staff = await benchStaffDashboards(serverUrl);
  if (staff) console.table(staff);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
