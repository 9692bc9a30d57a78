// Scenario 2: the API process is SIGKILLed at random moments under a mixed load of top-ups (approved
// at Remita) and wallet payments (Idempotency-Key, retried), and started again each time; the gateway
// simulators run in a process of their own, so they remember every payment across the kills. At the
// end the worker settles what is pending, and the database must match what every client was told.
import type { ChaosDatabase } from "./context";
import { startStack } from "./context";
import { Traffic } from "./http";
import { sleep } from "./processes";
import type { ScenarioResult } from "./report";
import { stillPending, verifyClients, verifyLedger, waitUntil } from "./verify";
import { expectedBalanceKobo, newClientLedger, payFromWallet, topUpAndApprove, waitForApi } from "./wallet-client";
import { cheapServices, makeCustomers, type Person } from "./world";

const CUSTOMERS = 6;
const KILLS = 5;
const SETTLE_TIMEOUT_MS = 150_000;

export async function crashes(target: ChaosDatabase): Promise<ScenarioResult> {
  const name = `2. API SIGKILLed ${KILLS}× under load (top-ups + wallet payments), restarted each time`;
  const began = Date.now();
  const notes: string[] = [];
  const failures: string[] = [];
  // A one-minute payment lifetime, so that payments whose answer died with the API (never seen by a
  // client, never paid) are closed within the scenario instead of an hour later.
  const stack = await startStack(target.url, "crash", { PAYMENT_RECHECK_INTERVAL_MS: "1000", PAYMENT_TTL_MINUTES: "1" });
  const { at } = stack;
  const traffic = new Traffic();
  const ledger = newClientLedger();
  let customers: Person[] = [];
  try {
    customers = await makeCustomers(target.db, traffic, at.api, CUSTOMERS, "crash");
    const services = await cheapServices(traffic, at.api);
    // A first top-up each, so that wallet payments have something to spend.
    await Promise.all(customers.map((c) => topUpAndApprove(traffic, at, c, ledger, { amountNaira: 50_000 })));

    let stopping = false;
    let fatal = false;
    const client = async (customer: Person) => {
      let short = false;
      while (!stopping) {
        // Top up when the wallet ran short or the client's own account runs low; now and then a smaller
        // top-up, half of them approved with the tab then closed (no notification, no callback): only
        // the worker can credit those.
        if (short || expectedBalanceKobo(ledger, customer.userId) < 3_000_000) {
          await topUpAndApprove(traffic, at, customer, ledger, { amountNaira: 40_000 });
          short = false;
        } else if (Math.random() < 0.1) {
          await topUpAndApprove(traffic, at, customer, ledger, { amountNaira: 20_000, tabClosed: Math.random() < 0.5 });
        } else {
          const paid = await payFromWallet(traffic, at, customer, services, ledger, {
            doubleClick: Math.random() < 0.15,
            abort: () => fatal,
          });
          short = paid.outcome === "insufficient";
        }
        const last = traffic.answers[traffic.answers.length - 1];
        if (last && last.status <= 0) await waitForApi(at, () => stopping);
        await sleep(20 + Math.random() * 120);
      }
    };
    const clients = customers.map((c) => client(c));

    const downtimes: number[] = [];
    try {
      for (let kill = 0; kill < KILLS; kill += 1) {
        await sleep(4_000 + Math.random() * 6_000);
        await stack.api.kill();
        const killedAt = Date.now();
        await sleep(200 + Math.random() * 1_300);
        await stack.restartApi(`crash-api-${kill + 1}`);
        downtimes.push(Date.now() - killedAt);
      }
      await sleep(5_000);
    } catch (error) {
      // The API did not come back: stop the clients' retries and report it.
      fatal = true;
      throw error;
    } finally {
      stopping = true;
      await Promise.all(clients);
    }
    notes.push(
      `${KILLS} SIGKILLs; the API was back after ${downtimes.map((ms) => (ms / 1000).toFixed(1)).join(", ")} s; ${traffic.answers.filter((a) => a.status <= 0).length} requests were cut off by a kill`,
    );

    // Approved top-ups whose callback and notification died with the API: the worker settles them; and
    // payments whose answer died with it (nobody saw them, nobody paid them) expire and are closed.
    const approved = ledger.topUps.filter((t) => t.approved).map((t) => t.reference);
    const pendingAtEnd = (await stillPending(target.db, approved)).length;
    const started = Date.now();
    const userIds = customers.map((c) => c.userId);
    const pendingOf = async () =>
      (
        await target.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM invoices WHERE user_id = ANY($1::bigint[]) AND status = 'pending'`,
          [userIds],
        )
      ).rows[0]?.n ?? 0;
    const drained = await waitUntil(async () => (await pendingOf()) === 0, SETTLE_TIMEOUT_MS);
    const tabClosed = ledger.topUps.filter((t) => t.approved && t.callback === 0).length;
    notes.push(
      `${pendingAtEnd} approved top-ups were still pending when the load stopped (${tabClosed} approved with no callback: tab closed or API down); ` +
        `the worker settled them, and closed what nobody paid, in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    if (!drained)
      failures.push(
        `${await pendingOf()} payments were still pending ${SETTLE_TIMEOUT_MS / 1000} s after the load (a payment lifetime is 1 min here)`,
      );

    const verdict = await verifyClients(target.db, ledger, userIds);
    notes.push(...verdict.notes);
    failures.push(...verdict.failures);
    const ledgerVerdict = await verifyLedger(target.db);
    failures.push(...ledgerVerdict.details);
    const doubleClicks = ledger.keys.filter((k) => k.attempts > 1).length;
    notes.push(
      `${ledger.keys.length} wallet payments (${doubleClicks} retried or double-submitted under the same key), ${ledger.topUps.length} top-ups created, ${ledger.topUpsNotCreated.length} top-up requests cut off`,
    );
    await waitForApi(at, () => false, 5_000);
    return {
      name,
      attempted: ledger.keys.length + ledger.topUps.length + ledger.topUpsNotCreated.length,
      succeeded: verdict.succeeded,
      rejected: verdict.rejected,
      lost: verdict.lost,
      ledgerDifferences: ledgerVerdict.differences,
      unexpected5xx: traffic.answers.filter((a) => a.status >= 500).length,
      seconds: (Date.now() - began) / 1000,
      notes,
      failures,
    };
  } finally {
    await stack.stop();
  }
}
