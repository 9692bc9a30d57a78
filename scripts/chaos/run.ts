// npm run test:chaos: fault, crash, PostgreSQL-restart and soak suites against the API running as its
// own process on a PostgreSQL server, with the gateway simulators in a process of their own. Prints one
// table; exits non-zero when a payment was lost, the ledger differs, a 5xx came where none is allowed,
// or a scenario could not finish.
//
//   CHAOS_DATABASE_URL   server to use (default postgres://postgres@127.0.0.1:5432/postgres); the database
//                        hospipay_chaos on it is dropped and created anew for each run
//   CHAOS_SOAK_SECONDS   length of the soak (default 600)
//   CHAOS_SOAK_RPS       its request rate (default 30)
//   CHAOS_ONLY           comma-separated scenario numbers to run (e.g. "1,3"); default all
//   CHAOS_PRIVATE_PG     "false" to kill the scenario database's sessions on the shared server
//                        (pg_terminate_backend) instead of restarting a private cluster
import { freshDatabase } from "./context";
import { crashes } from "./crashes";
import { gatewayFaults } from "./gateway-faults";
import { postgresRestart } from "./postgres-restart";
import { installCleanUpHandlers, RUN_DIR } from "./processes";
import { crashed, passed, resultRows, table, type ScenarioResult } from "./report";
import { soak } from "./soak";

const SERVER_URL = process.env.CHAOS_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DATABASE = "hospipay_chaos";
const SOAK_SECONDS = Number(process.env.CHAOS_SOAK_SECONDS ?? 600);
const SOAK_RPS = Number(process.env.CHAOS_SOAK_RPS ?? 30);
const PRIVATE_PG = process.env.CHAOS_PRIVATE_PG !== "false";
const ONLY = new Set((process.env.CHAOS_ONLY ?? "1,2,3,4").split(",").map((s) => s.trim()));

async function main(): Promise<number> {
  if (!Number.isFinite(SOAK_SECONDS) || SOAK_SECONDS < 1) throw new Error("CHAOS_SOAK_SECONDS must be a number of seconds ≥ 1");
  if (!Number.isFinite(SOAK_RPS) || SOAK_RPS <= 0 || SOAK_RPS > 500)
    throw new Error("CHAOS_SOAK_RPS must be a rate between 0 and 500");
  installCleanUpHandlers();
  const started = Date.now();
  console.log(
    `Chaos run: server ${new URL(SERVER_URL).host}, database ${DATABASE}, soak ${SOAK_SECONDS} s at ${SOAK_RPS} req/s; logs in ${RUN_DIR}`,
  );
  const target = await freshDatabase(SERVER_URL, DATABASE).catch((error: unknown) => {
    throw new Error(
      `cannot prepare ${DATABASE} on the PostgreSQL server at ${new URL(SERVER_URL).host} (set CHAOS_DATABASE_URL): ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  const results: ScenarioResult[] = [];
  const scenarios: Array<[string, string, () => Promise<ScenarioResult>]> = [
    ["1", "gateway faults", () => gatewayFaults(target)],
    ["2", "API crashes", () => crashes(target)],
    ["3", "PostgreSQL restart", () => postgresRestart(SERVER_URL, PRIVATE_PG)],
    ["4", "soak", () => soak(target, SOAK_SECONDS, SOAK_RPS)],
  ];
  try {
    for (const [id, label, run] of scenarios) {
      if (!ONLY.has(id)) continue;
      const began = Date.now();
      console.log(`\n[${new Date().toISOString().slice(11, 19)}] ${id}. ${label}…`);
      let result: ScenarioResult;
      try {
        result = await run();
      } catch (error) {
        result = crashed(`${id}. ${label}`, error, (Date.now() - began) / 1000);
      }
      results.push(result);
      console.log(`   ${passed(result) ? "PASS" : "FAIL"} in ${Math.round(result.seconds)} s`);
      for (const note of result.notes) console.log(`   - ${note}`);
      for (const failure of result.failures.slice(0, 20)) console.log(`   ! ${failure}`);
      if (result.failures.length > 20) console.log(`   ! … and ${result.failures.length - 20} more`);
    }
  } finally {
    await target.db.close();
  }
  console.log(`\nChaos results (${((Date.now() - started) / 60_000).toFixed(1)} min in all)\n`);
  console.log(table(resultRows(results)));
  for (const result of results) if (result.detail) console.log(`\n${result.name}, by kind:\n${table(result.detail)}`);
  const ok = results.every(passed);
  console.log(`\n${ok ? "PASS" : "FAIL"}: lost and ledger differences must be 0, and no 5xx where none is allowed.`);
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
