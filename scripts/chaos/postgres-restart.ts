// Scenario 3: PostgreSQL restarts under load. The API must recover by itself: during the outage
// requests fail cleanly (502/503 with a JSON detail; never a 500, a hang or a dead process, never a
// half-written payment), afterwards every request succeeds again, and the ledger is sound.
//
// The machine's server is shared (other engineers' test runs hold connections to it), so the restart
// runs on a private cluster made with the same PostgreSQL binaries, on a port of its own. Where no
// cluster can be made, every connection to the scenario's database on the shared server is killed with
// pg_terminate_backend instead, repeatedly, and the scenario's name says so.
import { openPostgres } from "../../apps/api/src/db/database";
import { freshDatabase, startStack, type ChaosDatabase } from "./context";
import { isJsonWithDetail, Traffic, type Answer } from "./http";
import { sleep, startPrivateCluster, type PrivateCluster } from "./processes";
import type { ScenarioResult } from "./report";
import { invoiceStates, verifyClients, verifyLedger, waitUntil } from "./verify";
import { newClientLedger, payFromWallet, topUpAndApprove, waitForApi } from "./wallet-client";
import {
  cheapServices,
  confirmFromBrowser,
  createPayment,
  makeCustomers,
  payAtGateway,
  pick,
  type Created,
  type Person,
} from "./world";

const CUSTOMERS = 5;
const USERS = 8;
/** Requests that end this long after the server is back still count as the outage's. */
const GRACE_MS = 3_000;
/** How long the server stays down on each restart. */
const DOWN_MS = 3_000;
const SETTLE_TIMEOUT_MS = 150_000;

interface Outage {
  label: string;
  from: number;
  to: number;
}

/** Ends every session on `database` (except the caller's), as a restart would, for `forMs`. */
async function terminateRepeatedly(serverUrl: string, database: string, forMs: number): Promise<number> {
  const admin = openPostgres(serverUrl, { max: 1 });
  let killed = 0;
  try {
    const until = Date.now() + forMs;
    while (Date.now() < until) {
      const { rows } = await admin.query<{ n: number }>(
        `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
        [database],
      );
      killed += rows[0]?.n ?? 0;
      await sleep(100);
    }
  } finally {
    await admin.close();
  }
  return killed;
}

export async function postgresRestart(sharedServerUrl: string, usePrivateCluster = true): Promise<ScenarioResult> {
  const began = Date.now();
  const notes: string[] = [];
  const failures: string[] = [];
  const cluster = usePrivateCluster ? await startPrivateCluster() : { unavailable: "CHAOS_PRIVATE_PG=false" };
  const privateCluster: PrivateCluster | null = "serverUrl" in cluster ? cluster : null;
  const database = privateCluster ? "hospipay_chaos" : "hospipay_chaos_restart";
  const serverUrl = privateCluster?.serverUrl ?? sharedServerUrl;
  const name = privateCluster
    ? "3. PostgreSQL restarted mid-load (pg_ctl stop -m fast / -m immediate, 3 s down, start; private cluster)"
    : "3. PostgreSQL sessions killed mid-load (pg_terminate_backend, repeatedly, 2×3 s; no private cluster to restart)";
  if (!privateCluster && "unavailable" in cluster) notes.push(`no private cluster: ${cluster.unavailable}`);

  const target: ChaosDatabase = await freshDatabase(serverUrl, database);
  const stack = await startStack(target.url, "restart", { PAYMENT_RECHECK_INTERVAL_MS: "1000", PAYMENT_TTL_MINUTES: "1" });
  const { at } = stack;
  const traffic = new Traffic();
  const ledger = newClientLedger();
  let apiDied: string | null = null;
  let stopping = false;
  void stack.api.exited.then(({ code, signal }) => {
    if (stopping && code === 0) return;
    apiDied = `the API process died (exit code ${code}, signal ${signal}); its log: ${stack.api.log}`;
    stopping = true;
  });
  const abort = () => apiDied !== null;
  try {
    const customers: Person[] = await makeCustomers(target.db, traffic, at.api, CUSTOMERS, "restart");
    const services = await cheapServices(traffic, at.api);
    await Promise.all(customers.map((c) => topUpAndApprove(traffic, at, c, ledger, { amountNaira: 2_000_000 })));
    const guests: Created[] = [];
    const guestAttempts: Answer[] = [];

    const user = async (i: number) => {
      while (!stopping) {
        const roll = Math.random();
        const customer = customers[i % customers.length]!;
        if (roll < 0.3) {
          const paths = [
            "/api/catalogue/departments/",
            "/api/catalogue/revenue-heads/",
            `/api/catalogue/services/?query=${pick(["scan", "test", "blood", "ward"])}`,
          ];
          await traffic.call("browse", `${at.api}${pick(paths)}`);
        } else if (roll < 0.4) {
          await traffic.call("profile", `${at.api}/auth/profile/`, { token: customer.token });
        } else if (roll < 0.55) {
          const made = await createPayment(traffic, at, pick(["remita", "monnify"] as const), services, null, "guest checkout");
          guestAttempts.push(made.answer);
          if (made.created) {
            const paid = await payAtGateway(traffic, at, made.created);
            if (paid.status === 200) {
              guests.push(made.created);
              await confirmFromBrowser(traffic, at, made.created, "guest callback");
            }
          }
        } else if (roll < 0.65) {
          await topUpAndApprove(traffic, at, customer, ledger);
        } else if (roll < 0.95) {
          await payFromWallet(traffic, at, customer, services, ledger, { doubleClick: Math.random() < 0.1, abort });
        } else {
          await traffic.call("ready", `${at.api}/readyz`);
        }
        await sleep(50 + Math.random() * 100);
      }
    };
    const loops = Array.from({ length: USERS }, (_, i) => user(i));

    const outages: Outage[] = [];
    const plan: Array<"fast" | "immediate" | "terminate"> = privateCluster ? ["fast", "immediate"] : ["terminate", "terminate"];
    for (const mode of plan) {
      await sleep(7_000);
      if (apiDied) break;
      const from = Date.now();
      if (mode === "terminate") {
        const killed = await terminateRepeatedly(sharedServerUrl, database, 3_000);
        notes.push(`pg_terminate_backend ended ${killed} sessions over 3 s`);
      } else {
        await privateCluster!.restart(mode, DOWN_MS);
      }
      outages.push({ label: mode, from, to: Date.now() });
    }
    if (!apiDied) await sleep(8_000);
    stopping = true;
    await Promise.all(loops);
    if (apiDied) throw new Error(apiDied);
    notes.push(`outages: ${outages.map((o) => `${o.label} ${((o.to - o.from) / 1000).toFixed(1)} s`).join(", ")}`);

    // Every answer judged by when it came: within an outage (or GRACE_MS after), a clean 502/503 is
    // allowed; a 500, a dropped connection or a hang never; after it, nothing but normal answers.
    const inOutage = (a: Answer) => outages.some((o) => a.at <= o.to + GRACE_MS && a.at + a.ms >= o.from);
    let clean = 0;
    let unexpected5xx = 0;
    const bad: string[] = [];
    for (const a of traffic.answers) {
      const during = inOutage(a);
      if (a.status === 502 || a.status === 503) {
        if (during && isJsonWithDetail(a)) clean += 1;
        else {
          unexpected5xx += 1;
          bad.push(`${a.kind} ${during ? "during" : "after"} the outage: ${a.status} ${a.text.slice(0, 120)}`);
        }
      } else if (a.status >= 500) {
        unexpected5xx += 1;
        bad.push(`${a.kind}: ${a.status} ${a.text.slice(0, 160)}`);
      } else if (a.status <= 0) {
        bad.push(
          `${a.kind} ${during ? "during" : "after"} the outage: ${a.error ?? "no answer"} after ${(a.ms / 1000).toFixed(1)} s`,
        );
      }
    }
    const grouped = new Map<string, number>();
    for (const line of bad)
      grouped.set(
        line.replace(/HSP-\w+|\d+(\.\d+)? s/g, "…"),
        (grouped.get(line.replace(/HSP-\w+|\d+(\.\d+)? s/g, "…")) ?? 0) + 1,
      );
    for (const [line, n] of grouped) failures.push(`${n}× ${line}`);
    const outageAnswers = traffic.answers.filter(inOutage).length;
    notes.push(
      `${traffic.answers.length} requests; ${outageAnswers} overlapped an outage, of which ${clean} failed cleanly (502/503 with a JSON detail) and the rest succeeded`,
    );
    if (apiDied) failures.push(apiDied);
    await waitForApi(at, () => false, 5_000);

    // Paid payments whose confirmation fell into an outage are settled by the worker; what nobody paid expires (1 min here).
    const started = Date.now();
    const pendingOf = async () =>
      (await target.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM invoices WHERE status = 'pending'`)).rows[0]?.n ?? 0;
    const drained = await waitUntil(async () => (await pendingOf()) === 0, SETTLE_TIMEOUT_MS);
    if (!drained) failures.push(`${await pendingOf()} payments were still pending ${SETTLE_TIMEOUT_MS / 1000} s after the load`);
    notes.push(
      `the worker settled or closed every pending payment ${((Date.now() - started) / 1000).toFixed(0)} s after the load`,
    );

    const verdict = await verifyClients(
      target.db,
      ledger,
      customers.map((c) => c.userId),
    );
    notes.push(...verdict.notes);
    failures.push(...verdict.failures);
    const guestStates = await invoiceStates(
      target.db,
      guests.map((g) => g.reference),
    );
    let guestsSettled = 0;
    let lost = verdict.lost;
    for (const guest of guests) {
      const state = guestStates.get(guest.reference);
      if (state?.status === "completed" && state.settlements === 1) guestsSettled += 1;
      else {
        lost += 1;
        failures.push(
          `paid guest checkout ${guest.reference}: ${state ? `${state.status}, ${state.settlements} settlements` : "missing"}`,
        );
      }
    }
    const closedUnstarted = await target.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM invoices i JOIN gateway_payments g ON g.invoice_id = i.id WHERE g.gateway_reference IS NULL AND g.gateway_status = 'not_started'`,
    );
    if ((closedUnstarted.rows[0]?.n ?? 0) > 0) {
      notes.push(
        `${closedUnstarted.rows[0]!.n} payments were left without a gateway reference by the outage (invoice written, gateway's answer not) and were closed by the worker when they expired`,
      );
    }
    const guestRefused = guestAttempts.filter((a) => a.status !== 201).length;
    const ledgerVerdict = await verifyLedger(target.db);
    failures.push(...ledgerVerdict.details);
    const ready = await traffic.call("after", `${at.api}/readyz`);
    if (ready.status !== 200) failures.push(`/readyz after the scenario: ${ready.status}`);
    return {
      name,
      attempted: ledger.keys.length + ledger.topUps.length + ledger.topUpsNotCreated.length + guestAttempts.length,
      succeeded: verdict.succeeded + guestsSettled,
      rejected: verdict.rejected + guestRefused,
      lost,
      ledgerDifferences: ledgerVerdict.differences,
      unexpected5xx,
      seconds: (Date.now() - began) / 1000,
      notes,
      failures,
    };
  } finally {
    await stack.stop();
    await target.db.close();
    if (privateCluster) privateCluster.stop();
    else {
      // On the shared server, the scenario's own database goes when it is done.
      const admin = openPostgres(sharedServerUrl, { max: 1 });
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).finally(() => admin.close());
    }
  }
}
