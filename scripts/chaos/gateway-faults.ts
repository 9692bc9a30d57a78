// Scenario 1: the gateways time out, answer 5xx and answer malformed bodies while payments are
// created and paid. Payments created before the fault and paid during it must stay pending (never
// failed, never settled without a verified answer); creations during the fault are refused cleanly
// (502 with a JSON detail, the invoice closed); after the gateways recover, the payments worker alone
// settles every paid one, exactly once, and ledger:check passes.
import type { ChaosDatabase } from "./context";
import { startStack } from "./context";
import { field, isJsonWithDetail, Traffic, type Answer } from "./http";
import { sleep } from "./processes";
import type { ScenarioResult } from "./report";
import type { Party } from "./sandbox-server";
import { invoiceStates, verifyLedger, waitUntil } from "./verify";
import {
  cheapServices,
  confirmFromBrowser,
  createPayment,
  makeCustomers,
  payAtGateway,
  setFault,
  type Created,
  type Method,
} from "./world";

type Fault = "timeout" | "error" | "malformed";
/** Each party goes through every fault, at different moments, so every pair meets every other path. */
const ROTATION: Record<Party, readonly Fault[]> = {
  remita: ["timeout", "error", "malformed"],
  monnify: ["error", "malformed", "timeout"],
  paystack: ["malformed", "timeout", "error"],
};
const PARTIES = Object.keys(ROTATION) as Party[];
const METHODS: readonly Method[] = ["remita", "monnify", "paystack", "topup"];
const SLOT_MS = 13_000;
const BEFORE_FAULT_PER_METHOD = 6;
const DURING_FAULT_PER_METHOD_PER_SLOT = 2;
const SETTLE_TIMEOUT_MS = 180_000;

export async function gatewayFaults(target: ChaosDatabase): Promise<ScenarioResult> {
  const name = "1. gateway faults (timeout, 5xx, malformed) on Remita, Monnify, Paystack, top-ups";
  const began = Date.now();
  const notes: string[] = [];
  const failures: string[] = [];
  const stack = await startStack(target.url, "faults", { GATEWAY_TIMEOUT_MS: "1500", PAYMENT_RECHECK_INTERVAL_MS: "1000" });
  const { at } = stack;
  const traffic = new Traffic();
  try {
    const customers = await makeCustomers(target.db, traffic, at.api, 4, "faults");
    const services = await cheapServices(traffic, at.api);
    const customerFor = (method: Method, i: number) =>
      method === "remita" || method === "monnify" ? null : customers[i % customers.length]!;

    // Before the fault: every payment is created normally.
    const batch: Created[] = [];
    let attempted = 0;
    for (const method of METHODS) {
      const made = await Promise.all(
        Array.from({ length: BEFORE_FAULT_PER_METHOD }, (_, i) =>
          createPayment(traffic, at, method, services, customerFor(method, i)),
        ),
      );
      attempted += made.length;
      for (const { answer, created } of made) {
        if (created) batch.push(created);
        else failures.push(`create ${method} failed while the gateways were up: ${answer.status} ${answer.text.slice(0, 120)}`);
      }
    }

    // Half of them will be paid with the browser open (notification + callback + status page), half
    // with the tab closed and no notification: only the worker will ever ask about those.
    const silent = new Set(batch.filter((_, i) => i % 2 === 0).map((p) => p.reference));
    const paidAt = new Map<string, number>();
    const pendingViolations = new Map<string, string>();
    const seenUnreachable = new Set<string>();
    const refusals: Answer[] = [];
    const lateCreated: Created[] = [];
    const browserAnswers: Answer[] = [];

    const payOne = async (payment: Created) => {
      const quiet = silent.has(payment.reference);
      const paid = await payAtGateway(traffic, at, payment, !quiet);
      if (paid.status !== 200)
        failures.push(`paying ${payment.reference} at the gateway failed: ${paid.status} ${paid.text.slice(0, 120)}`);
      paidAt.set(payment.reference, Date.now());
      if (quiet) return;
      browserAnswers.push(await confirmFromBrowser(traffic, at, payment, "callback during fault"));
    };

    // The database is watched every second during the fault: a paid payment must stay pending.
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const states = await invoiceStates(
          target.db,
          batch.map((p) => p.reference),
        );
        const { rows } = await target.db.query<{ reference: string }>(
          `SELECT i.reference FROM gateway_payments g JOIN invoices i ON i.id = g.invoice_id WHERE g.gateway_status = 'unreachable'`,
        );
        for (const row of rows) seenUnreachable.add(row.reference);
        for (const payment of batch) {
          const state = states.get(payment.reference);
          if (!state) pendingViolations.set(payment.reference, "missing");
          else if (state.status !== "pending")
            pendingViolations.set(payment.reference, `${state.status} (${state.failureReason ?? "no reason"}) during the fault`);
        }
        await sleep(1_000);
      }
    })();

    const faultStarted = Date.now();
    for (let slot = 0; slot < 3; slot += 1) {
      const slotStarted = Date.now();
      for (const party of PARTIES) await setFault(traffic, at, party, ROTATION[party][slot]!);
      const work: Array<Promise<unknown>> = [];
      // Silent payments are all paid at the start; the others spread over the three slots.
      if (slot === 0) for (const p of batch.filter((p) => silent.has(p.reference))) work.push(payOne(p));
      batch.filter((p) => !silent.has(p.reference)).forEach((p, i) => i % 3 === slot && work.push(payOne(p)));
      // New payments while the gateways misbehave: refused cleanly (or, if a gateway did answer, created).
      for (const method of METHODS) {
        for (let i = 0; i < DURING_FAULT_PER_METHOD_PER_SLOT; i += 1) {
          attempted += 1;
          work.push(
            createPayment(traffic, at, method, services, customerFor(method, i + slot), `create during fault`).then(
              ({ answer, created }) => {
                if (created) lateCreated.push(created);
                else refusals.push(answer);
              },
            ),
          );
        }
      }
      await Promise.all(work);
      // The status page of every paid payment, once per slot, as an open browser tab polls it.
      await Promise.all(
        batch
          .filter((p) => paidAt.has(p.reference) && !silent.has(p.reference))
          .map(async (p) =>
            browserAnswers.push(
              await traffic.call("status during fault", `${at.api}/api/express/payments/${encodeURIComponent(p.reference)}/`),
            ),
          ),
      );
      const left = SLOT_MS - (Date.now() - slotStarted);
      if (left > 0) await sleep(left);
    }
    for (const party of PARTIES) await setFault(traffic, at, party, "ok");
    const recoveredAt = Date.now();
    watching = false;
    await watcher;
    notes.push(
      `faults held ${((recoveredAt - faultStarted) / 1000).toFixed(0)} s; ${seenUnreachable.size} payments were re-queried into a fault (recorded "unreachable") and stayed pending`,
    );

    // Payments that a gateway did create during the fault are paid now, silently.
    for (const p of lateCreated) {
      await payAtGateway(traffic, at, p, false);
      batch.push(p);
    }

    // What the browser was told during the fault: 200 and still pending, never failed.
    for (const answer of browserAnswers) {
      const status = field<string>(answer, "transaction_status") ?? field<string>(answer, "status");
      if (answer.status !== 200 || !status || !/^pending$/i.test(status)) {
        failures.push(`${answer.kind} answered ${answer.status} ${answer.text.slice(0, 120)} (expected 200, pending)`);
      }
    }
    const cleanRefusals = refusals.filter(
      (a) => a.status === 502 && isJsonWithDetail(a) && field(a, "code") === "gateway_unavailable",
    );
    for (const a of refusals.filter((a) => !cleanRefusals.includes(a)))
      failures.push(`a creation during the fault answered ${a.status} ${a.text.slice(0, 120)}`);
    const closed = await target.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM invoices WHERE status = 'failed' AND failure_reason = 'gateway_unavailable'`,
    );
    if ((closed.rows[0]?.n ?? 0) !== refusals.length) {
      failures.push(
        `${refusals.length} creations were refused but ${closed.rows[0]?.n ?? 0} invoices were closed as gateway_unavailable`,
      );
    }

    // After recovery nobody calls the API: only the worker can settle what is pending.
    const references = batch.map((p) => p.reference);
    const settled = await waitUntil(async () => {
      const states = await invoiceStates(target.db, references);
      return references.every((r) => states.get(r)?.status === "completed");
    }, SETTLE_TIMEOUT_MS);
    const settleSeconds = (Date.now() - recoveredAt) / 1000;
    notes.push(
      `after recovery the worker settled the paid payments in ${settleSeconds.toFixed(0)} s${settled ? "" : " (not all: timed out)"}`,
    );

    const states = await invoiceStates(target.db, references);
    let succeeded = 0;
    let lost = 0;
    for (const payment of batch) {
      const state = states.get(payment.reference);
      if (state?.status === "completed" && state.settlements === 1 && !pendingViolations.has(payment.reference)) succeeded += 1;
      else {
        lost += 1;
        failures.push(
          `${payment.method} ${payment.reference}: ${state ? `${state.status}, ${state.settlements} settlements` : "missing"}${pendingViolations.has(payment.reference) ? `; ${pendingViolations.get(payment.reference)}` : ""}`,
        );
      }
    }
    // Top-ups: each customer's wallet holds exactly what they topped up and paid.
    const credited = await target.db.query<{ userId: number; balance: number; expected: number }>(
      `SELECT w.user_id AS "userId", w.balance_kobo AS balance,
         (SELECT coalesce(sum(i.total_kobo), 0) FROM invoices i WHERE i.user_id = w.user_id AND i.purpose = 'top_up' AND i.status = 'completed')::bigint AS expected
       FROM wallets w WHERE w.user_id = ANY($1::bigint[])`,
      [customers.map((c) => c.userId)],
    );
    for (const row of credited.rows)
      if (row.balance !== row.expected)
        failures.push(`wallet of user ${row.userId}: ${row.balance} kobo, top-ups ${row.expected}`);
    const ledger = await verifyLedger(target.db);
    failures.push(...ledger.details);
    const unexpected = traffic.answers.filter((a) => a.status >= 500 && !cleanRefusals.includes(a));
    if (!stack.api.alive()) failures.push("the API process died");
    notes.push(
      `${batch.length} payments paid during the fault (${silent.size} with the tab closed, no notification); ${cleanRefusals.length} creations refused with 502 gateway_unavailable; ${browserAnswers.length} callbacks/status reads during the fault all answered pending`,
    );
    return {
      name,
      attempted,
      succeeded,
      rejected: cleanRefusals.length,
      lost,
      ledgerDifferences: ledger.differences,
      unexpected5xx: unexpected.length,
      seconds: (Date.now() - began) / 1000,
      notes,
      failures,
    };
  } finally {
    await stack.stop();
  }
}
