// A customer as the crash and restart scenarios drive them: top-ups paid at Remita, wallet payments
// retried with the same Idempotency-Key until a definitive answer. It keeps its own account of what
// it was told, which the database must match at the end.
import { API_PATHS, nairaToKobo, type ServiceRecord } from "@hospipay/contract";
import { field, type Answer, type Traffic } from "./http";
import { sleep } from "./processes";
import { confirmFromBrowser, createPayment, newKey, payAtGateway, walletPaymentBody, type Endpoints, type Person } from "./world";

export interface KeyRecord {
  key: string;
  userId: number;
  /** Every reference a 201 carried for this key (must be one at most). */
  references: Set<string>;
  amountKobo: number | null;
  outcome: "paid" | "insufficient" | "gave up" | "refused";
  attempts: number;
}

export interface TopUpRecord {
  reference: string;
  userId: number;
  amountKobo: number;
  approved: boolean;
  callback: number;
}

/** What the client believes it can spend: approved top-ups minus payments answered 201. */
export function expectedBalanceKobo(ledger: ClientLedger, userId: number): number {
  const credited = ledger.topUps.filter((t) => t.userId === userId && t.approved).reduce((sum, t) => sum + t.amountKobo, 0);
  const spent = ledger.keys
    .filter((k) => k.userId === userId && k.outcome === "paid")
    .reduce((sum, k) => sum + (k.amountKobo ?? 0), 0);
  return credited - spent;
}

export interface ClientLedger {
  keys: KeyRecord[];
  topUps: TopUpRecord[];
  /** Top-up requests without a 201 (the API died under them, or refused). */
  topUpsNotCreated: Answer[];
  failures: string[];
}

export const newClientLedger = (): ClientLedger => ({ keys: [], topUps: [], topUpsNotCreated: [], failures: [] });

/** Waits until the API answers /healthz again (after a kill or while it restarts). */
export async function waitForApi(at: Endpoints, stop: () => boolean, maxMs = 120_000): Promise<void> {
  const deadline = Date.now() + maxMs;
  while (!stop() && Date.now() < deadline) {
    const ok = await fetch(`${at.api}/healthz`, { signal: AbortSignal.timeout(1_000) }).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await sleep(150);
  }
}

/** Whether an answer may be retried with the same key: no answer at all, a 5xx, or "still being processed". */
const retryable = (answer: Answer) => answer.status <= 0 || answer.status >= 500 || answer.status === 409;

/**
 * One wallet payment under one Idempotency-Key, retried until the API gives a definitive answer. With
 * `doubleClick`, two identical requests race from the start (a double-submitted form).
 */
export async function payFromWallet(
  traffic: Traffic,
  at: Endpoints,
  customer: Person,
  services: readonly ServiceRecord[],
  ledger: ClientLedger,
  options: { doubleClick?: boolean; kind?: string; abort?: () => boolean } = {},
): Promise<KeyRecord> {
  const key = newKey();
  const body = walletPaymentBody(customer, services);
  const record: KeyRecord = {
    key,
    userId: customer.userId,
    references: new Set(),
    amountKobo: null,
    outcome: "gave up",
    attempts: 0,
  };
  ledger.keys.push(record);
  const kind = options.kind ?? "wallet pay";
  const abort = options.abort ?? (() => false);
  const one = async () => {
    for (let attempt = 0; attempt < 60 && !abort(); attempt += 1) {
      record.attempts += 1;
      const answer = await traffic.call(attempt === 0 ? kind : `${kind} (retry)`, `${at.api}${API_PATHS.checkout}`, {
        token: customer.token,
        body,
        headers: { "idempotency-key": key },
      });
      if (answer.status === 201) {
        const reference = field<string>(answer, "reference");
        const amount = field<string>(answer, "amount");
        if (reference) record.references.add(reference);
        record.amountKobo = amount ? nairaToKobo(amount) : null;
        record.outcome = "paid";
        return;
      }
      if (answer.status === 400 && field(answer, "code") === "insufficient_funds") {
        if (record.outcome !== "paid") record.outcome = "insufficient";
        return;
      }
      if (!retryable(answer)) {
        record.outcome = "refused";
        ledger.failures.push(`wallet pay ${key} answered ${answer.status} ${answer.text.slice(0, 160)}`);
        return;
      }
      if (answer.status <= 0) await waitForApi(at, abort);
      else await sleep(answer.status === 409 ? 150 : 500);
    }
  };
  await Promise.all(options.doubleClick ? [one(), one()] : [one()]);
  return record;
}

/**
 * A top-up: created through the API, approved at Remita, then the widget's callback once (no retries).
 * With `tabClosed` the payer approves and closes the tab: no notification, no callback, only the worker.
 */
export async function topUpAndApprove(
  traffic: Traffic,
  at: Endpoints,
  customer: Person,
  ledger: ClientLedger,
  options: { amountNaira?: number; tabClosed?: boolean } = {},
): Promise<void> {
  const made = await createPayment(traffic, at, "topup", [], customer, "top-up", options.amountNaira);
  if (!made.created) {
    ledger.topUpsNotCreated.push(made.answer);
    if (made.answer.status > 0 && made.answer.status < 500)
      ledger.failures.push(`top-up answered ${made.answer.status} ${made.answer.text.slice(0, 160)}`);
    return;
  }
  const record: TopUpRecord = {
    reference: made.created.reference,
    userId: customer.userId,
    amountKobo: nairaToKobo(made.created.amount) ?? 0,
    approved: false,
    callback: 0,
  };
  ledger.topUps.push(record);
  const paid = await payAtGateway(traffic, at, made.created, !options.tabClosed);
  if (paid.status !== 200) {
    ledger.failures.push(`approving top-up ${record.reference} at Remita failed: ${paid.status} ${paid.text.slice(0, 160)}`);
    return;
  }
  record.approved = true;
  if (!options.tabClosed) record.callback = (await confirmFromBrowser(traffic, at, made.created, "top-up callback")).status;
}
