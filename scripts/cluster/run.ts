// npm run test:cluster: the scaled-out topology on real engines, on loopback — a private PostgreSQL cluster,
// a private redis-server, two API processes (WORKERS=off) behind nginx, two worker processes (WORKERS=on),
// the gateway simulators and an SMTP sink in a process of their own — under mixed traffic through nginx
// while one worker and one API process are SIGKILLed and restarted. Prints one table; exits non-zero when a
// payment was lost, the ledger differs, a 5xx came that the kill does not explain, a rate limit or a
// revocation did not hold across processes, or a message was delivered twice or not at all.
//
//   CLUSTER_SECONDS   length of the traffic (default 60)
//   CLUSTER_RPS       its request rate through nginx (default 15)
//
// Installs nginx, postgresql and redis-server from Debian's packages when they are missing (as root).
import { readFileSync } from "node:fs";
import path from "node:path";
import { Traffic, type Answer } from "../chaos/http";
import { installCleanUpHandlers, RUN_DIR, sleep } from "../chaos/processes";
import { passed, table, type ScenarioResult } from "../chaos/report";
import { reserveAccounts } from "../chaos/soak";
import { verifyTransfers } from "../chaos/transfers";
import { invoiceStates, verifyClients, verifyLedger, waitUntil } from "../chaos/verify";
import { newClientLedger, payFromWallet, topUpAndApprove } from "../chaos/wallet-client";
import { cheapServices, makeAdmin, makeCustomers } from "../chaos/world";
import { rateLimitAcrossProcesses, revocationAcrossProcesses } from "./across-processes";
import { verifyDeliveries } from "./deliveries";
import { ensurePackages } from "./install";
import { watchLeases } from "./leases";
import { startCluster, type Cluster, type Node } from "./topology";
import { startLoad, type Load } from "./traffic";

const SECONDS = Number(process.env.CLUSTER_SECONDS ?? 60);
const RPS = Number(process.env.CLUSTER_RPS ?? 15);
const CUSTOMERS = 8;
const WITH_ACCOUNTS = 3;
const SETTLE_TIMEOUT_MS = 120_000;
/** The outboxes' lease (lib/outbox-worker.ts): a message a killed worker held is sent by another after it. */
const OUTBOX_LEASE_MS = 120_000;
/** A 502 from nginx counts as the kill's when the request was in flight at the kill instant and ended this soon after it. */
const KILL_502_WINDOW_MS = 3_000;

/** A result row with the 5xx the API kill explains counted apart. */
type Row = ScenarioResult & { killed5xx: number };

const stamp = () => new Date().toISOString().slice(11, 19);

interface Kill {
  node: Node;
  /** The pid the SIGKILL went to. */
  pid: number;
  /** When the SIGKILL was sent. */
  at: number;
  /** When the runner saw the process gone: a request that reached its socket before this may die with it. */
  goneAt: number;
  /** Milliseconds from the SIGKILL until it answered /readyz again. */
  backAfterMs: number;
}

/** SIGKILLs a process, waits, starts it again on its port. */
async function killAndRestart(node: Node, downMs: number): Promise<Kill> {
  const pid = node.child.pid;
  const at = Date.now();
  await node.child.kill();
  const goneAt = Date.now();
  await sleep(downMs);
  await node.restart();
  return { node, pid, at, goneAt, backAfterMs: Date.now() - at };
}

/** nginx's own 502 page (not the API's JSON 502 for a gateway failure). */
const fromNginx = (answer: Answer) => answer.status === 502 && answer.text.includes("nginx");

/**
 * A 5xx explained by the API kill: nginx's 502 for a request in flight to the dying process at that instant
 * (sent before the process was gone, answered after the SIGKILL).
 */
const explainedByKill = (answer: Answer, kill: Kill | null) =>
  kill !== null &&
  fromNginx(answer) &&
  answer.at <= kill.goneAt &&
  answer.at + answer.ms >= kill.at &&
  answer.at + answer.ms <= kill.at + KILL_502_WINDOW_MS;

async function trafficVerdict(cluster: Cluster, load: Load, apiKill: Kill | null, began: number): Promise<Row> {
  const { db } = cluster.target;
  const { ledger, paid, transfers, api } = load;
  const failures = [...load.failures];
  const notes: string[] = [];
  let lost = 0;
  // Everything paid settles once: at once by the callback, or by the gateway's notification, or by a worker.
  const references = paid.map((p) => p.reference);
  const approved = ledger.topUps.filter((t) => t.approved).map((t) => t.reference);
  const settleStart = Date.now();
  const settled = await waitUntil(async () => {
    const states = await invoiceStates(db, [...references, ...approved]);
    return [...references, ...approved].every((r) => states.get(r)?.status === "completed");
  }, SETTLE_TIMEOUT_MS);
  if (!settled) failures.push(`some paid payments were not settled within ${SETTLE_TIMEOUT_MS / 1000} s of the traffic's end`);
  notes.push(`paid payments all settled ${((Date.now() - settleStart) / 1000).toFixed(0)} s after the traffic`);
  const states = await invoiceStates(db, references);
  let gatewaySettled = 0;
  for (const payment of paid) {
    const state = states.get(payment.reference);
    if (state?.status === "completed" && state.settlements === 1) gatewaySettled += 1;
    else {
      lost += 1;
      failures.push(
        `paid ${payment.method} ${payment.reference}: ${state ? `${state.status}, ${state.settlements} settlements` : "missing"}`,
      );
    }
  }
  // Each bank transfer credited to its wallet once, as a completed top-up the client ledger then counts.
  lost += await verifyTransfers(db, transfers, ledger, failures, SETTLE_TIMEOUT_MS);
  // Guest payments no client saw paid never complete (a checkout cut off at the kill is simply never paid).
  const unseenGuest = (
    await db.query<{ reference: string }>(
      `SELECT reference FROM invoices WHERE user_id IS NULL AND status = 'completed' AND NOT (reference = ANY($1::text[]))`,
      [references],
    )
  ).rows;
  if (unseenGuest.length > 0) {
    lost += unseenGuest.length;
    failures.push(
      `${unseenGuest.length} guest payments completed that no client paid: ${unseenGuest
        .slice(0, 5)
        .map((r) => r.reference)
        .join(", ")}`,
    );
  }
  const tabClosed = ledger.topUps.filter((t) => t.approved && t.callback === 0).length;
  notes.push(
    `${tabClosed} top-ups approved with the tab closed (no notification, no callback): only the workers' re-query could settle them`,
  );
  const customerIds = [...new Set(ledger.keys.map((k) => k.userId).concat(ledger.topUps.map((t) => t.userId)))];
  const verdict = await verifyClients(db, ledger, customerIds, references);
  failures.push(...verdict.failures);
  notes.push(...verdict.notes);
  lost += verdict.lost;
  const ledgerVerdict = await verifyLedger(db);
  failures.push(...ledgerVerdict.details);

  const fivexx = api.answers.filter((a) => a.status >= 500);
  const killed = fivexx.filter((a) => explainedByKill(a, apiKill));
  const unexpected = fivexx.filter((a) => !explainedByKill(a, apiKill));
  for (const a of unexpected.slice(0, 10))
    failures.push(
      `${a.kind}: ${a.status} at +${((a.at - began) / 1000).toFixed(1)} s ${a.text.replace(/\s+/g, " ").slice(0, 100)}`,
    );
  const noAnswer = api.answers.filter((a) => a.status <= 0);
  if (noAnswer.length > 0)
    failures.push(`${noAnswer.length} requests got no answer from nginx, e.g. ${noAnswer[0]!.kind}: ${noAnswer[0]!.error}`);
  const expected4xx = (a: Answer) =>
    (a.status === 400 && a.text.includes("insufficient_funds")) || (a.status === 409 && a.kind.startsWith("wallet pay"));
  const unexpected4xx = api.answers.filter((a) => a.status >= 400 && a.status < 500 && !expected4xx(a));
  if (unexpected4xx.length > 0)
    failures.push(
      `${unexpected4xx.length} unexpected 4xx, e.g. ${unexpected4xx[0]!.kind}: ${unexpected4xx[0]!.status} ${unexpected4xx[0]!.text.slice(0, 120)}`,
    );
  if (killed.length > 0) {
    const kinds = new Map<string, number>();
    for (const a of killed) kinds.set(a.kind, (kinds.get(a.kind) ?? 0) + 1);
    const retried = killed.filter((a) => a.kind.startsWith("wallet pay")).length;
    notes.push(
      `nginx 502 for requests in flight to ${apiKill!.node.label} at its SIGKILL (gone ${apiKill!.goneAt - apiKill!.at} ms after the signal): ${[...kinds].map(([k, n]) => `${n} ${k}`).join(", ")}` +
        ` (${retried} of them wallet payments, retried by their clients under the same Idempotency-Key${
          retried < killed.length ? "; the others' clients were never told of a payment, which no one paid" : ""
        })`,
    );
  }
  const passedOn = nginxPassedOn();
  if (passedOn.length > 0)
    notes.push(
      `nginx passed ${passedOn.length} request(s) on to the other process after a failed connection: ${passedOn.slice(0, 4).join("; ")}`,
    );
  notes.push(
    `${api.answers.length} API requests through nginx in ${SECONDS} s at ${RPS} req/s scheduled${load.skipped > 0 ? ` (${load.skipped} skipped: too many in flight)` : ""}; ${fivexx.length} 5xx`,
  );
  const payments = ledger.keys.length + ledger.topUps.length + ledger.topUpsNotCreated.length + paid.length;
  return {
    name: "mixed traffic through nginx, 1 API + 1 worker SIGKILLed",
    attempted: payments,
    succeeded: verdict.succeeded + gatewaySettled,
    rejected: verdict.rejected,
    lost,
    ledgerDifferences: ledgerVerdict.differences,
    unexpected5xx: unexpected.length,
    killed5xx: killed.length,
    seconds: (Date.now() - began) / 1000,
    notes,
    failures,
    detail: api.summary().map((row) => ({
      kind: row.kind,
      requests: row.requests,
      "p50 ms": Math.round(row.p50),
      "p99 ms": Math.round(row.p99),
      "5xx": row.fivexx,
      "no answer": row.failed,
    })),
  };
}

/** Requests nginx sent to a second process (its access log's upstream field lists two): method, path, status. */
function nginxPassedOn(): string[] {
  let text = "";
  try {
    text = readFileSync(path.join(RUN_DIR, "nginx", "nginx-access.log"), "utf8");
  } catch {
    return [];
  }
  return text
    .split("\n")
    .filter((line) => /upstream=[^ ]+, /.test(line))
    .map((line) => {
      const request = /"(\w+) ([^ ?]+)[^"]*" (\d+)/.exec(line);
      return request ? `${request[1]} ${request[2]} → ${request[3]}` : line;
    });
}

function rows(results: readonly Row[]): Array<Record<string, string | number>> {
  return results.map((r) => ({
    check: r.name,
    attempted: r.attempted,
    succeeded: r.succeeded,
    rejected: r.rejected,
    lost: r.lost,
    "ledger differences": r.ledgerDifferences,
    "5xx at the kill": r.killed5xx,
    "other 5xx": r.unexpected5xx,
    time: `${Math.round(r.seconds)} s`,
    result: passed(r) ? "PASS" : "FAIL",
  }));
}

async function main(): Promise<number> {
  if (!Number.isFinite(SECONDS) || SECONDS < 20) throw new Error("CLUSTER_SECONDS must be a number of seconds ≥ 20");
  if (!Number.isFinite(RPS) || RPS <= 0 || RPS > 200) throw new Error("CLUSTER_RPS must be a rate between 0 and 200");
  installCleanUpHandlers();
  const installed = ensurePackages();
  if (installed.length > 0) console.log(`Installed ${installed.join(", ")}`);
  const began = Date.now();
  console.log(`Cluster test: ${SECONDS} s of traffic at ${RPS} req/s; logs in ${RUN_DIR}`);
  const cluster = await startCluster();
  const [apiA, apiB] = cluster.apis;
  const [workerA, workerB] = cluster.workers;
  console.log(
    `[${stamp()}] up in ${((Date.now() - began) / 1000).toFixed(0)} s: nginx ${cluster.at.api} → ${apiA.label} :${apiA.port}, ${apiB.label} :${apiB.port}; ` +
      `${workerA.label} :${workerA.port}, ${workerB.label} :${workerB.port}; ${cluster.redisUrl}; sandbox ${cluster.at.sandbox}`,
  );
  const leases = watchLeases(cluster.target.db);
  const results: Row[] = [];
  const setup = new Traffic();
  const ledger = newClientLedger();
  const customers = await makeCustomers(cluster.target.db, setup, cluster.at.api, CUSTOMERS, "cluster");
  const admin = await makeAdmin(cluster.target.db, setup, cluster.at.api, "cluster");
  const services = await cheapServices(setup, cluster.at.api);
  await Promise.all(customers.map((c) => topUpAndApprove(setup, cluster.at, c, ledger, { amountNaira: 2_000_000 })));
  const accounts = await reserveAccounts(setup, cluster.at.api, customers.slice(0, WITH_ACCOUNTS));
  console.log(`[${stamp()}] ${CUSTOMERS} customers funded, ${accounts.size} reserved accounts; traffic for ${SECONDS} s…`);

  let stopping = false;
  const loadStarted = Date.now();
  const running = startLoad({ at: cluster.at, customers, admin, services, accounts, ledger }, RPS, () => stopping);
  let burst: Promise<unknown> = Promise.resolve();
  const at = (fraction: number) => sleep(Math.max(0, loadStarted + fraction * SECONDS * 1000 - Date.now()));
  const kills: Kill[] = [];
  let apiKill: Kill | null = null;
  let killedHolder: string | null = null;
  try {
    // While the load runs: the checks across processes, then a worker's kill, then an API process's.
    await at(0.05);
    for (const check of [rateLimitAcrossProcesses, revocationAcrossProcesses]) {
      const started = Date.now();
      try {
        results.push({ ...(await check(cluster)), killed5xx: 0 });
      } catch (error) {
        results.push({ ...crashedRow(check.name, error, started) });
      }
    }
    await at(0.2);
    // The worker holding the most job leases, so that their takeover is seen.
    const busiest = leases.busiestHolder();
    const victim = cluster.workers.find((w) => busiest?.endsWith(`:${w.child.pid}`)) ?? workerA;
    killedHolder = busiest?.endsWith(`:${victim.child.pid}`) ? busiest : null;
    const held = killedHolder ? leases.heldBy(killedHolder) : [];
    const workerKill = await killAndRestart(victim, 1_500);
    kills.push(workerKill);
    console.log(
      `[${stamp()}] ${victim.label} (holding ${held.length > 0 ? held.join(", ") : "no job lease"}) SIGKILLed and restarted (back after ${(workerKill.backAfterMs / 1000).toFixed(1)} s)`,
    );
    await at(0.5);
    // A wallet payment from every customer at once, 15 ms before the kill: some are in flight to the dying
    // process (nginx answers them 502), and their clients retry under the same Idempotency-Key.
    burst = Promise.all(
      customers.map((c) => payFromWallet(running.load.api, cluster.at, c, services, ledger, { kind: "wallet pay at the kill" })),
    );
    await sleep(15);
    apiKill = await killAndRestart(apiA, 2_000);
    kills.push(apiKill);
    console.log(
      `[${stamp()}] ${apiA.label} SIGKILLed and restarted on :${apiA.port} (back after ${(apiKill.backAfterMs / 1000).toFixed(1)} s)`,
    );
    await at(1);
  } finally {
    stopping = true;
  }
  const load = await running.done;
  await burst;
  console.log(`[${stamp()}] traffic done: ${load.api.answers.length} requests; settling and checking…`);
  results.unshift(await trafficVerdict(cluster, load, apiKill, loadStarted));

  // The outboxes drain: a message the killed worker had leased goes out after its lease, from the other worker.
  const deliveriesStarted = Date.now();
  const workerKillAt = kills.find((k) => k.node.label.startsWith("worker"))?.at ?? Date.now();
  const pending = async () =>
    (
      await cluster.target.db.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM mail_outbox WHERE status = 'pending') + (SELECT count(*) FROM sms_outbox WHERE status = 'pending') AS n`,
      )
    ).rows[0]!.n;
  const drained = await waitUntil(
    async () => Number(await pending()) === 0,
    Math.max(30_000, workerKillAt + OUTBOX_LEASE_MS + 15_000 - Date.now()),
  );
  const deliveries = await verifyDeliveries(cluster.target.db, cluster.at.sandbox, cluster.workers, 1);
  const deliveryNotes = [
    `${deliveries.queued} messages queued (mail + SMS), outboxes ${drained ? "drained" : "NOT drained"} ${((Date.now() - deliveriesStarted) / 1000).toFixed(0)} s after the checks began`,
    `sent by ${Object.entries(deliveries.sentBy)
      .map(([label, n]) => `${label} ${n.mail} mail + ${n.sms} SMS`)
      .join(", ")}`,
  ];
  if (deliveries.duplicatesAfterLease > 0)
    deliveryNotes.push(
      `${deliveries.duplicatesAfterLease} sent again after the killed worker's lease ran out (it died mid-send)`,
    );
  if (deliveries.unclaimed > 0)
    deliveryNotes.push(`${deliveries.unclaimed} sent messages logged by no worker (killed between the two)`);
  results.push({
    name: "outbox deliveries by two workers (mail + SMS)",
    attempted: deliveries.queued,
    succeeded: deliveries.deliveredOnce,
    rejected: 0,
    lost: deliveries.missing,
    ledgerDifferences: 0,
    unexpected5xx: 0,
    killed5xx: 0,
    seconds: (Date.now() - deliveriesStarted) / 1000,
    notes: deliveryNotes,
    failures: deliveries.failures,
  });

  // Job leases, watched all along: only workers held them, never two at once, and the killed holder's jobs were taken over.
  await leases.stop();
  const workerKill = kills.find((k) => k.node.label.startsWith("worker"));
  const leaseVerdict = leases.verdict(
    killedHolder && workerKill ? { holder: killedHolder, at: workerKill.at } : null,
    [...cluster.apis, ...cluster.workers].map((node) => ({ node, pids: node.pids })),
  );
  // The worker role's periodic ledger check ran during the load (LEDGER_CHECK_INTERVAL_MS=5000) and recorded each result.
  const checks = (
    await cluster.target.db.query<{ n: number; unsound: number; differences: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE NOT sound)::int AS unsound, coalesce(sum(differences), 0)::int AS differences
       FROM ledger_checks WHERE source = 'worker'`,
    )
  ).rows[0]!;
  const leaseFailures = [...leaseVerdict.failures];
  if (checks.n === 0) leaseFailures.push("the workers recorded no ledger check");
  if (checks.unsound > 0) leaseFailures.push(`${checks.unsound} of the workers' ledger checks found the ledger unsound`);
  results.push({
    name: "job leases of two workers, holder SIGKILLed",
    attempted: leaseVerdict.tenures,
    succeeded: leaseVerdict.tenures - leaseVerdict.overlaps,
    rejected: 0,
    lost: 0,
    ledgerDifferences: checks.differences,
    unexpected5xx: 0,
    killed5xx: 0,
    seconds: (Date.now() - loadStarted) / 1000,
    notes: [
      `${leaseVerdict.samples} samples of job_leases (every 0.5 s): ${leaseVerdict.jobs} jobs, ${leaseVerdict.tenures} holder tenures, ${leaseVerdict.overlaps} overlapping`,
      ...leaseVerdict.notes,
      `${checks.n} periodic ledger checks recorded by the workers, ${checks.unsound} unsound`,
    ],
    failures: leaseFailures,
  });

  // Only the test's own SIGKILLs may end a process: anything else (a crash, a signal from outside) fails the run.
  const killedPids = new Set(kills.map((k) => k.pid));
  for (const node of [...cluster.apis, ...cluster.workers])
    for (const exit of node.exits)
      if (!(exit.signal === "SIGKILL" && killedPids.has(exit.pid)))
        results[0]!.failures.push(
          `${node.label} (pid ${exit.pid}) ended at ${new Date(exit.at).toISOString().slice(11, 19)} by ${exit.signal ?? "exiting by itself"}, not by the test (see ${node.logs.join(", ")})`,
        );
  for (const node of [...cluster.apis, ...cluster.workers])
    if (!node.child.alive()) results[0]!.failures.push(`${node.label} died (see ${node.child.log})`);
  if (!cluster.nginx.alive()) results[0]!.failures.push(`nginx died (see ${cluster.nginx.log})`);

  console.log(`\nCluster results (${((Date.now() - began) / 60_000).toFixed(1)} min in all)\n`);
  console.log(table(rows(results)));
  for (const result of results) {
    console.log(`\n${result.name}: ${passed(result) ? "PASS" : "FAIL"}`);
    for (const note of result.notes) console.log(`   - ${note}`);
    for (const failure of result.failures.slice(0, 20)) console.log(`   ! ${failure}`);
    if (result.failures.length > 20) console.log(`   ! … and ${result.failures.length - 20} more`);
  }
  if (results[0]?.detail) console.log(`\nRequests through nginx, by kind:\n${table(results[0].detail)}`);
  await cluster.target.db.close();
  const ok = results.every(passed);
  console.log(
    `\n${ok ? "PASS" : "FAIL"}: lost and ledger differences 0, no 5xx but nginx's 502 for requests in flight at the API kill, limits and revocations held across processes, every message delivered once.`,
  );
  return ok ? 0 : 1;
}

function crashedRow(name: string, error: unknown, started: number): Row {
  const message = error instanceof Error ? error.message : String(error);
  return {
    name,
    attempted: 0,
    succeeded: 0,
    rejected: 0,
    lost: 0,
    ledgerDifferences: 0,
    unexpected5xx: 0,
    killed5xx: 0,
    seconds: (Date.now() - started) / 1000,
    notes: [],
    failures: [`the check stopped: ${message.split("\n").slice(0, 4).join(" ")}`],
  };
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
