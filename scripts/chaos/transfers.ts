// Bank transfers into customers' reserved accounts, as the soak and the cluster test make them: sent through
// Monnify's simulator (its webhook once or twice, now or late), then checked credited to their wallets once.
import type { Database } from "../../apps/api/src/db/database";
import { field, type Traffic } from "./http";
import { waitUntil } from "./verify";
import type { ClientLedger } from "./wallet-client";
import { pick, type Endpoints } from "./world";

/** A transfer sent: Monnify's transaction reference, whose wallet, how much. */
export interface Transfer {
  transactionReference: string;
  userId: number;
  amountKobo: number;
}

/**
 * Sends one transfer of ₦1,000 to `maxNaira` into a random reserved account (user id → account number), its
 * notification duplicated or late one time in five. Pushes it onto `transfers`, or a failure.
 */
export async function sendTransfer(
  api: Traffic,
  at: Endpoints,
  accounts: ReadonlyMap<number, string>,
  maxNaira: number,
  transfers: Transfer[],
  failures: string[],
): Promise<void> {
  if (accounts.size === 0) return;
  const [userId, accountNumber] = pick([...accounts.entries()]);
  const amountKobo = (1_000 + Math.floor(Math.random() * (maxNaira - 1_000))) * 100;
  const sent = await api.call("gateway pay", `${at.sandbox}/sandbox/monnify/_control/transfer`, {
    body: {
      accountNumber,
      amount: (amountKobo / 100).toFixed(2),
      senderName: pick(["Emeka Obi", "Aisha Bello", "Tunde Ade"]),
      copies: Math.random() < 0.2 ? 2 : 1,
      ...(Math.random() < 0.2 ? { delayMs: 2_000 } : {}),
    },
  });
  const reference = field(sent, "transaction", "transactionReference");
  if (sent.status !== 200 || typeof reference !== "string")
    return void failures.push(`a transfer into ${accountNumber}: ${sent.status} ${sent.text.slice(0, 120)}`);
  transfers.push({ transactionReference: reference, userId, amountKobo });
}

/**
 * Waits (up to timeoutMs) for every transfer to be credited, then checks each was credited exactly once; each
 * credit joins the client ledger as a completed top-up. Answers how many were lost (not credited, or twice).
 */
export async function verifyTransfers(
  db: Database,
  transfers: readonly Transfer[],
  ledger: ClientLedger,
  failures: string[],
  timeoutMs: number,
): Promise<number> {
  const credited = async () =>
    (
      await db.query<{ transaction_reference: string; n: number; reference: string | null }>(
        `SELECT c.transaction_reference, count(*)::int AS n, min(i.reference) AS reference
         FROM reserved_account_credits c LEFT JOIN invoices i ON i.id = c.invoice_id
         WHERE c.transaction_reference = ANY($1::text[]) GROUP BY 1`,
        [transfers.map((t) => t.transactionReference)],
      )
    ).rows;
  await waitUntil(async () => (await credited()).length === transfers.length, timeoutMs);
  const credits = new Map((await credited()).map((row) => [row.transaction_reference, row]));
  let lost = 0;
  for (const transfer of transfers) {
    const credit = credits.get(transfer.transactionReference);
    if (!credit || credit.n !== 1 || credit.reference === null) {
      lost += 1;
      failures.push(`transfer ${transfer.transactionReference}: credited ${credit?.n ?? 0} times`);
      continue;
    }
    ledger.topUps.push({
      reference: credit.reference,
      userId: transfer.userId,
      amountKobo: transfer.amountKobo,
      approved: true,
      callback: 200,
    });
  }
  return lost;
}
