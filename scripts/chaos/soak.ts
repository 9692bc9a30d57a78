// Scenario 4: a steady mix of real traffic for a long while on PostgreSQL — browsing the catalogue,
// guest and member checkouts paid at the gateways, top-ups, wallet payments, bank transfers into
// customers' reserved accounts (credited by Monnify's webhook), the staff dashboards —
// with zero 5xx, zero lost payments and zero ledger differences. Prints requests, p50/p99 and 5xx by kind.
import { readFileSync } from "node:fs";
import { API_PATHS } from "@hospipay/contract";
import { startStack, type ChaosDatabase } from "./context";
import { field, Traffic, type Answer } from "./http";
import { sleep } from "./processes";
import type { ScenarioResult } from "./report";
import { sendTransfer, verifyTransfers, type Transfer } from "./transfers";
import { invoiceStates, verifyClients, verifyLedger, waitUntil } from "./verify";
import { newClientLedger, payFromWallet, topUpAndApprove } from "./wallet-client";
import {
  cheapServices,
  confirmFromBrowser,
  createPayment,
  makeAdmin,
  makeCustomers,
  payAtGateway,
  pick,
  type Created,
  type Person,
} from "./world";

const CUSTOMERS = 10;
/** How many of them give a NIN in KYC and so get a reserved account that bank transfers fund. */
const WITH_ACCOUNTS = 4;
const MAX_IN_FLIGHT = 64;
const SETTLE_TIMEOUT_MS = 120_000;

/** Resident memory of a process in MB, from /proc (Linux); 0 elsewhere. */
function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** A day as the dashboards' date inputs spell it. */
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export async function soak(target: ChaosDatabase, seconds: number, rps: number): Promise<ScenarioResult> {
  const name = `4. soak: ${Math.round(seconds / 60) >= 1 ? `${(seconds / 60).toFixed(seconds % 60 === 0 ? 0 : 1)} min` : `${seconds} s`} of mixed traffic at ${rps} req/s`;
  const began = Date.now();
  const notes: string[] = [];
  const failures: string[] = [];
  const stack = await startStack(target.url, "soak", { PAYMENT_RECHECK_INTERVAL_MS: "5000" });
  const { at } = stack;
  const setup = new Traffic();
  const ledger = newClientLedger();
  try {
    const customers: Person[] = await makeCustomers(target.db, setup, at.api, CUSTOMERS, "soak");
    const admin = await makeAdmin(target.db, setup, at.api, "soak");
    const services = await cheapServices(setup, at.api);
    const departments = [...new Set(services.map((s) => s.department?.id).filter((id) => id !== undefined))];
    await Promise.all(customers.map((c) => topUpAndApprove(setup, at, c, ledger, { amountNaira: 5_000_000 })));
    const accounts = await reserveAccounts(setup, at.api, customers.slice(0, WITH_ACCOUNTS));
    if (accounts.size < WITH_ACCOUNTS) failures.push(`only ${accounts.size} of ${WITH_ACCOUNTS} reserved accounts became active`);
    /** Bank transfers sent into reserved accounts: Monnify's transaction reference, whose wallet, how much. */
    const transfers: Transfer[] = [];

    // Only the API's answers are measured; the gateways' controls (the payer's side) are not.
    const api = new Traffic((a) => a.kind !== "gateway pay");
    const paid: Created[] = [];
    const recent: string[] = [];
    const month = { start_date: isoDay(new Date(Date.now() - 30 * 86_400_000)), end_date: isoDay(new Date()) };
    const customer = () => pick(customers);
    const gatewayCheckout = async (method: "remita" | "monnify" | "paystack", who: Person | null, kind: string) => {
      const made = await createPayment(api, at, method, services, who, kind);
      if (!made.created) return;
      recent.push(made.created.reference);
      if (recent.length > 200) recent.shift();
      const payment = await payAtGateway(api, at, made.created);
      if (payment.status !== 200) return void failures.push(`paying ${made.created.reference} at the gateway: ${payment.status}`);
      paid.push(made.created);
      await confirmFromBrowser(api, at, made.created, method === "monnify" ? "payment status" : "checkout callback");
    };
    // [weight, API requests it makes, action]
    const actions: Array<[number, number, () => Promise<unknown>]> = [
      [14, 1, () => api.call("browse departments", `${at.api}/api/catalogue/departments/`)],
      [6, 1, () => api.call("browse all services", `${at.api}/api/catalogue/revenue-heads/`)],
      [
        7,
        1,
        () =>
          api.call(
            "browse search",
            `${at.api}/api/catalogue/services/?query=${pick(["scan", "test", "blood", "consult", "ward", "x-ray"])}`,
          ),
      ],
      [
        5,
        1,
        () =>
          api.call(
            "browse department",
            `${at.api}/api/catalogue/departments/${encodeURIComponent(String(pick(departments)))}/revenue-heads/`,
          ),
      ],
      [4, 1, () => api.call("profile", `${at.api}${API_PATHS.profile}`, { token: customer().token })],
      [4, 1, () => api.call("wallet history", `${at.api}/api/wallet/transactions/?page_size=10`, { token: customer().token })],
      [12, 2, () => gatewayCheckout(pick(["remita", "monnify"] as const), null, "guest checkout")],
      [4, 2, () => gatewayCheckout("paystack", customer(), "member checkout")],
      [6, 2, () => topUpAndApprove(api, at, customer(), ledger, { amountNaira: (5 + Math.floor(Math.random() * 96)) * 1_000 })],
      [20, 1, () => payFromWallet(api, at, customer(), services, ledger, { doubleClick: Math.random() < 0.05 })],
      [4, 1, () => sendTransfer(api, at, accounts, 50_000, transfers, failures)],
      [
        10,
        2,
        () => {
          const query: Record<string, string> = { ...month };
          if (Math.random() < 0.5) query.status = pick(["completed", "pending", "failed"]);
          if (Math.random() < 0.5) query.method = pick(["remita", "monnify", "paystack", "wallet"]);
          const headers = { token: admin };
          return Promise.all([
            api.call("staff statistics", `${at.api}${API_PATHS.statistics}?${new URLSearchParams(query)}`, headers),
            api.call(
              "staff filter",
              `${at.api}${API_PATHS.invoiceFilter}?${new URLSearchParams({ ...query, page_size: "50" })}`,
              headers,
            ),
          ]);
        },
      ],
      [
        4,
        1,
        () =>
          recent.length > 0
            ? api.call("payment status", `${at.api}/api/express/payments/${encodeURIComponent(pick(recent))}/`)
            : Promise.resolve(),
      ],
    ];
    const totalWeight = actions.reduce((sum, [w]) => sum + w, 0);
    const choose = () => {
      let roll = Math.random() * totalWeight;
      for (const action of actions) {
        roll -= action[0];
        if (roll <= 0) return action;
      }
      return actions[actions.length - 1]!;
    };

    // Open loop: actions start on schedule whatever the latency (up to MAX_IN_FLIGHT at once).
    const rssStart = rssMb(stack.api.pid);
    const started = Date.now();
    const ends = started + seconds * 1_000;
    let issued = 0;
    let inFlight = 0;
    let skipped = 0;
    const running = new Set<Promise<unknown>>();
    let nextReport = started + 60_000;
    while (Date.now() < ends) {
      const due = Math.floor(((Date.now() - started) / 1000) * rps) - issued;
      let budget = due;
      while (budget > 0) {
        if (inFlight >= MAX_IN_FLIGHT) {
          skipped += 1;
          issued += 1;
          budget -= 1;
          continue;
        }
        const [, requests, action] = choose();
        issued += requests;
        budget -= requests;
        inFlight += 1;
        const run = action()
          .catch((error: unknown) => failures.push(`an action threw: ${error instanceof Error ? error.message : String(error)}`))
          .finally(() => {
            inFlight -= 1;
            running.delete(run);
          });
        running.add(run);
      }
      if (Date.now() >= nextReport) {
        nextReport += 60_000;
        const elapsed = (Date.now() - started) / 1000;
        const fivexx = api.answers.filter((a) => a.status >= 500).length;
        console.log(
          `   … ${Math.round(elapsed)} s: ${api.answers.length} requests (${(api.answers.length / elapsed).toFixed(1)}/s), ${fivexx} 5xx, API RSS ${rssMb(stack.api.pid).toFixed(0)} MB`,
        );
      }
      await sleep(20);
    }
    await Promise.all(running);
    const elapsed = (Date.now() - started) / 1000;
    const rssEnd = rssMb(stack.api.pid);
    if (skipped > 0) notes.push(`${skipped} scheduled requests were skipped: ${MAX_IN_FLIGHT} actions were already in flight`);

    // Everything paid settles (most at once through the callback; the rest by webhook or the worker).
    const references = paid.map((p) => p.reference);
    const settled = await waitUntil(async () => {
      const states = await invoiceStates(target.db, references);
      return references.every((r) => states.get(r)?.status === "completed");
    }, SETTLE_TIMEOUT_MS);
    if (!settled) failures.push("some paid gateway payments were not settled within 120 s of the soak's end");
    const states = await invoiceStates(target.db, references);
    let gatewaySettled = 0;
    let lost = 0;
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
    // Every transfer is credited to its wallet once, as a completed top-up that the client ledger then counts.
    lost += await verifyTransfers(target.db, transfers, ledger, failures, SETTLE_TIMEOUT_MS);
    notes.push(`${transfers.length} bank transfers into ${accounts.size} reserved accounts, each credited once`);
    const verdict = await verifyClients(
      target.db,
      ledger,
      customers.map((c) => c.userId),
      references,
    );
    failures.push(...verdict.failures);
    notes.push(...verdict.notes);
    lost += verdict.lost;
    const ledgerVerdict = await verifyLedger(target.db);
    failures.push(...ledgerVerdict.details);

    const fivexx = api.answers.filter((a) => a.status >= 500);
    const noAnswer = api.answers.filter((a) => a.status <= 0);
    for (const a of [...fivexx, ...noAnswer].slice(0, 10))
      failures.push(`${a.kind}: ${a.status <= 0 ? (a.error ?? "no answer") : a.status} ${a.text.slice(0, 120)}`);
    if (noAnswer.length > 0)
      failures.push(`${noAnswer.length} requests got no answer (connection failed or no answer within 20 s)`);
    if (!stack.api.alive()) failures.push("the API process died");
    const sorted = api.answers
      .filter((a) => a.status > 0)
      .map((a) => a.ms)
      .sort((a, b) => a - b);
    const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((q / 100) * sorted.length) - 1))] ?? 0;
    notes.push(
      `${api.answers.length} API requests in ${elapsed.toFixed(0)} s (${(api.answers.length / elapsed).toFixed(1)} req/s); all kinds p50 ${p(50).toFixed(0)} ms, p99 ${p(99).toFixed(0)} ms; ${fivexx.length} 5xx; API RSS ${rssStart.toFixed(0)} → ${rssEnd.toFixed(0)} MB`,
    );
    // A double-submitted wallet payment may meet "still being processed" (409) before it gets the first answer.
    const expected4xx = (a: Answer) =>
      (a.status === 400 && a.text.includes("insufficient_funds")) || (a.status === 409 && a.kind.startsWith("wallet pay"));
    const unexpected4xx = api.answers.filter((a) => a.status >= 400 && a.status < 500 && !expected4xx(a));
    if (unexpected4xx.length > 0) {
      failures.push(
        `${unexpected4xx.length} unexpected 4xx, e.g. ${unexpected4xx[0]!.kind}: ${unexpected4xx[0]!.status} ${unexpected4xx[0]!.text.slice(0, 120)}`,
      );
    }
    const byKind = api.summary().map((row) => ({
      kind: row.kind,
      requests: row.requests,
      "p50 ms": Math.round(row.p50),
      "p99 ms": Math.round(row.p99),
      "5xx": row.fivexx,
      "no answer": row.failed,
    }));
    // Transfers are among the top-ups now (each credited once, above).
    const payments = ledger.keys.length + ledger.topUps.length + ledger.topUpsNotCreated.length + paid.length;
    return {
      name,
      attempted: payments,
      succeeded: verdict.succeeded + gatewaySettled,
      rejected: verdict.rejected,
      lost,
      ledgerDifferences: ledgerVerdict.differences,
      unexpected5xx: fivexx.length,
      seconds: (Date.now() - began) / 1000,
      notes,
      failures,
      detail: byKind,
    };
  } finally {
    await stack.stop();
  }
}

/**
 * Gives each customer a NIN in KYC, which has the API reserve a permanent Monnify account for them (at once,
 * or by the worker's sweep); waits until each is active. Their user ids → account numbers.
 */
export async function reserveAccounts(traffic: Traffic, api: string, people: readonly Person[]): Promise<Map<number, string>> {
  for (const [i, person] of people.entries()) {
    const submitted = await traffic.call("kyc", `${api}${API_PATHS.kycSubmit}`, {
      token: person.token,
      body: {
        dob: "1990-02-20",
        address: "3 Awolowo Road, Ikoyi",
        next_of_kin_name: "Obinna Okafor",
        next_of_kin_phone: "08030002222",
        next_of_kin_address: "3 Awolowo Road, Ikoyi",
        id_number: `3123456789${i}`,
        id_type: "NIN",
      },
    });
    if (submitted.status !== 201 && submitted.status !== 200) throw new Error(`KYC of ${person.email}: ${submitted.status}`);
  }
  const accounts = new Map<number, string>();
  await waitUntil(async () => {
    for (const person of people) {
      if (accounts.has(person.userId)) continue;
      const answer = await traffic.call("reserved account", `${api}${API_PATHS.reservedAccount}`, { token: person.token });
      const number = field(answer, "account_number");
      if (field(answer, "status") === "active" && typeof number === "string") accounts.set(person.userId, number);
    }
    return accounts.size === people.length;
  }, 60_000);
  return accounts;
}
