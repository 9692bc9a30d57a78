// The cluster test's load: a steady mix of the product's traffic through nginx (browsing, guest and member
// checkouts paid at the gateways, top-ups, some approved with the tab closed so that only a worker can
// settle them, wallet payments under an Idempotency-Key retried on a 5xx or a cut connection, bank transfers
// into reserved accounts credited by Monnify's webhook, staff reads), open loop at a fixed rate while the
// runner kills and restarts processes underneath.
import { API_PATHS, type ServiceRecord } from "@hospipay/contract";
import { Traffic } from "../chaos/http";
import { sleep } from "../chaos/processes";
import { sendTransfer, type Transfer } from "../chaos/transfers";
import { newClientLedger, payFromWallet, topUpAndApprove, type ClientLedger } from "../chaos/wallet-client";
import { confirmFromBrowser, createPayment, payAtGateway, pick, type Created, type Endpoints, type Person } from "../chaos/world";

const MAX_IN_FLIGHT = 48;

export interface Load {
  /** Every answer of the API through nginx (the gateways' controls, the payer's side, are not kept). */
  api: Traffic;
  /** What the customers were told: wallet payments by key, top-ups. */
  ledger: ClientLedger;
  /** Gateway payments paid at the gateway: each must end completed with one settlement. */
  paid: Created[];
  transfers: Transfer[];
  failures: string[];
  /** Scheduled actions not started because MAX_IN_FLIGHT were in flight. */
  skipped: number;
}

export interface LoadInput {
  at: Endpoints;
  customers: readonly Person[];
  admin: string;
  services: readonly ServiceRecord[];
  /** Reserved accounts by user id. */
  accounts: ReadonlyMap<number, string>;
  /** The client ledger the set-up top-ups went into. */
  ledger?: ClientLedger;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Starts the mix at `rps` requests per second until `stop()` says so. `load` fills as it runs (the runner
 * adds its own requests to it); `done` resolves when every action has ended.
 */
export function startLoad(input: LoadInput, rps: number, stop: () => boolean): { load: Load; done: Promise<Load> } {
  const load: Load = {
    api: new Traffic((a) => a.kind !== "gateway pay"),
    ledger: input.ledger ?? newClientLedger(),
    paid: [],
    transfers: [],
    failures: [],
    skipped: 0,
  };
  return { load, done: runLoad(load, input, rps, stop) };
}

async function runLoad(load: Load, input: LoadInput, rps: number, stop: () => boolean): Promise<Load> {
  const { at, customers, admin, services, accounts } = input;
  const { api, ledger, paid, transfers, failures } = load;
  const recent: string[] = [];
  const departments = [...new Set(services.map((s) => s.department?.id).filter((id) => id !== undefined))];
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
    // A tenth close the tab after paying: the gateway's notification (to nginx) or a worker's re-query settles them.
    if (Math.random() < 0.9)
      await confirmFromBrowser(api, at, made.created, method === "monnify" ? "payment status" : "checkout callback");
  };

  // [weight, API requests it makes, action]
  const actions: Array<[number, number, () => Promise<unknown>]> = [
    [12, 1, () => api.call("browse departments", `${at.api}/api/catalogue/departments/`)],
    [6, 1, () => api.call("browse search", `${at.api}/api/catalogue/services/?query=${pick(["scan", "test", "blood", "ward"])}`)],
    [
      4,
      1,
      () =>
        api.call(
          "browse department",
          `${at.api}/api/catalogue/departments/${encodeURIComponent(String(pick(departments)))}/revenue-heads/`,
        ),
    ],
    [4, 1, () => api.call("profile", `${at.api}${API_PATHS.profile}`, { token: customer().token })],
    [12, 2, () => gatewayCheckout(pick(["remita", "monnify"] as const), null, "guest checkout")],
    [4, 2, () => gatewayCheckout("paystack", customer(), "member checkout")],
    [
      6,
      2,
      () =>
        topUpAndApprove(api, at, customer(), ledger, {
          amountNaira: (5 + Math.floor(Math.random() * 46)) * 1_000,
          tabClosed: Math.random() < 0.2,
        }),
    ],
    [20, 1, () => payFromWallet(api, at, customer(), services, ledger, { doubleClick: Math.random() < 0.05 })],
    [4, 1, () => sendTransfer(api, at, accounts, 20_000, transfers, failures)],
    [
      6,
      2,
      () => {
        const query: Record<string, string> = { ...month };
        if (Math.random() < 0.5) query.method = pick(["remita", "monnify", "paystack", "wallet"]);
        return Promise.all([
          api.call("staff statistics", `${at.api}${API_PATHS.statistics}?${new URLSearchParams(query)}`, { token: admin }),
          api.call("staff filter", `${at.api}${API_PATHS.invoiceFilter}?${new URLSearchParams({ ...query, page_size: "50" })}`, {
            token: admin,
          }),
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
  const started = Date.now();
  let issued = 0;
  let inFlight = 0;
  const running = new Set<Promise<unknown>>();
  while (!stop()) {
    let budget = Math.floor(((Date.now() - started) / 1000) * rps) - issued;
    while (budget > 0) {
      if (inFlight >= MAX_IN_FLIGHT) {
        load.skipped += 1;
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
    await sleep(20);
  }
  await Promise.all(running);
  return load;
}
