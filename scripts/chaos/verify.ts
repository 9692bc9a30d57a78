// What a scenario proves at its end, read straight from the database (never through the API under test).
import type { Database } from "../../apps/api/src/db/database";
import type { ClientLedger } from "./wallet-client";
import { checkLedger, ledgerIsSound } from "../../apps/api/src/modules/ledger";

export interface LedgerVerdict {
  /** Every difference found: unbalanced entries, wallets unequal to their postings or negative, settlement mismatches. */
  differences: number;
  details: string[];
}

/**
 * `ledger:check` (every entry balances, every wallet equals its postings and is ≥ 0), plus: every
 * completed payment has exactly one settlement entry and nothing else has one, every top-up's wallet
 * credit is completed exactly when its invoice is, and every wallet payment is completed with one debit
 * of its total (nothing half-written).
 */
export async function verifyLedger(db: Database): Promise<LedgerVerdict> {
  const report = await checkLedger(db);
  const details: string[] = [];
  for (const entry of report.unbalanced) details.push(`entry ${entry.entryId} sums to ${entry.sum}`);
  for (const wallet of report.walletDifferences)
    details.push(`wallet of user ${wallet.userId}: stored ${wallet.stored}, postings ${wallet.derived}`);
  const settlements = await db.query<{ reference: string; status: string; entries: number }>(
    `SELECT i.reference, i.status, count(e.id)::int AS entries
     FROM invoices i LEFT JOIN journal_entries e ON e.invoice_id = i.id AND e.kind = 'settlement'
     GROUP BY i.id
     HAVING (i.status IN ('completed', 'refunded') AND count(e.id) <> 1) OR (i.status NOT IN ('completed', 'refunded') AND count(e.id) > 0)`,
  );
  for (const row of settlements.rows) details.push(`${row.reference} is ${row.status} with ${row.entries} settlement entries`);
  const credits = await db.query<{ reference: string; status: string; credit: string | null }>(
    `SELECT i.reference, i.status, w.status AS credit
     FROM invoices i LEFT JOIN wallet_transactions w ON w.invoice_id = i.id AND w.transaction_type = 'credit'
     WHERE i.purpose = 'top_up' AND (w.status IS NULL OR (i.status = 'completed') <> (w.status = 'completed'))`,
  );
  for (const row of credits.rows)
    details.push(`top-up ${row.reference} is ${row.status}, its wallet credit ${row.credit ?? "missing"}`);
  const debits = await db.query<{ reference: string; status: string; debits: number }>(
    `SELECT i.reference, i.status, count(w.id)::int AS debits
     FROM invoices i LEFT JOIN wallet_transactions w ON w.invoice_id = i.id AND w.transaction_type = 'debit' AND w.status = 'completed' AND w.amount_kobo = i.total_kobo
     WHERE i.payment_method = 'wallet' GROUP BY i.id HAVING count(w.id) <> 1 OR i.status NOT IN ('completed', 'refunded')`,
  );
  for (const row of debits.rows)
    details.push(`wallet payment ${row.reference} is ${row.status} with ${row.debits} matching debits`);
  const sound = ledgerIsSound(report);
  return {
    differences:
      (sound ? 0 : report.unbalanced.length + report.walletDifferences.length) +
      settlements.rows.length +
      credits.rows.length +
      debits.rows.length,
    details,
  };
}

export interface InvoiceState {
  reference: string;
  status: string;
  failureReason: string | null;
  purpose: string;
  totalKobo: number;
  userId: number | null;
  gatewayReference: string | null;
  settlements: number;
}

/** The stored state of the given references (missing ones are absent from the map). */
export async function invoiceStates(db: Database, references: readonly string[]): Promise<Map<string, InvoiceState>> {
  if (references.length === 0) return new Map();
  const { rows } = await db.query<InvoiceState>(
    `SELECT i.reference, i.status, i.failure_reason AS "failureReason", i.purpose, i.total_kobo AS "totalKobo", i.user_id AS "userId",
       g.gateway_reference AS "gatewayReference",
       (SELECT count(*) FROM journal_entries e WHERE e.invoice_id = i.id AND e.kind = 'settlement')::int AS settlements
     FROM invoices i LEFT JOIN gateway_payments g ON g.invoice_id = i.id WHERE i.reference = ANY($1::text[])`,
    [references],
  );
  return new Map(rows.map((row) => [row.reference, row]));
}

/** Polls until check() is true or timeoutMs passes; returns whether it became true. */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, everyMs = 1_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Gateway payments still pending in the database whose references are given. */
export async function stillPending(db: Database, references: readonly string[]): Promise<string[]> {
  const states = await invoiceStates(db, references);
  return references.filter((reference) => states.get(reference)?.status === "pending");
}

export interface ClientVerdict {
  succeeded: number;
  rejected: number;
  lost: number;
  failures: string[];
  notes: string[];
}

/**
 * What the customers were told against what the database holds: every approved top-up credited once,
 * every Idempotency-Key charged at most once and only with the answer the client got, every wallet
 * equal to (approved top-ups − payments the client saw succeed), and no money moved for a payment no
 * client saw created.
 */
export async function verifyClients(
  db: Database,
  ledger: ClientLedger,
  userIds: readonly number[],
  /** Other payments of these users that clients saw created (checked by the caller). */
  otherSeen: readonly string[] = [],
): Promise<ClientVerdict> {
  const failures: string[] = [];
  const notes: string[] = [];
  let lost = 0;
  let succeeded = 0;
  const approved = ledger.topUps.filter((t) => t.approved);
  const paidKeys = ledger.keys.filter((k) => k.outcome === "paid");
  const seen = [...ledger.topUps.map((t) => t.reference), ...ledger.keys.flatMap((k) => [...k.references])];
  const states = await invoiceStates(db, seen);

  for (const topUp of approved) {
    const state = states.get(topUp.reference);
    if (state?.status === "completed" && state.settlements === 1) succeeded += 1;
    else {
      lost += 1;
      failures.push(
        `approved top-up ${topUp.reference}: ${state ? `${state.status}, ${state.settlements} settlements` : "missing"}`,
      );
    }
  }
  for (const key of ledger.keys) {
    if (key.references.size > 1) {
      lost += 1;
      failures.push(
        `Idempotency-Key ${key.key} was answered with ${key.references.size} different payments: ${[...key.references].join(", ")}`,
      );
      continue;
    }
    if (key.outcome !== "paid") continue;
    const reference = [...key.references][0];
    const state = reference ? states.get(reference) : undefined;
    if (state?.status === "completed" && state.settlements === 1 && state.totalKobo === key.amountKobo) succeeded += 1;
    else {
      lost += 1;
      failures.push(
        `wallet payment ${reference ?? "(no reference)"} under key ${key.key}: ${state ? `${state.status}, ${state.settlements} settlements` : "missing"}`,
      );
    }
  }

  // The keys as stored: a stored answer for a key the client did not see succeed is a charge nobody knows about.
  const stored = await db.query<{ userId: number; key: string; statusCode: number | null; response: string | null }>(
    `SELECT user_id AS "userId", key, status_code AS "statusCode", response FROM idempotency_keys WHERE user_id = ANY($1::bigint[])`,
    [userIds],
  );
  const byKey = new Map(ledger.keys.map((k) => [`${k.userId}:${k.key}`, k]));
  for (const row of stored.rows) {
    const client = byKey.get(`${row.userId}:${row.key}`);
    const storedReference = row.response ? (JSON.parse(row.response) as { reference?: string }).reference : undefined;
    if (
      row.statusCode === 201 &&
      (!client || client.outcome !== "paid" || !storedReference || !client.references.has(storedReference))
    ) {
      lost += 1;
      failures.push(
        `key ${row.key} stores payment ${storedReference ?? "?"} that the client ${client ? `saw as "${client.outcome}"` : "never sent"}`,
      );
    }
  }
  // Every wallet payment in the database is one a client saw succeed, once.
  const walletPayments = await db.query<{ reference: string }>(
    `SELECT reference FROM invoices WHERE user_id = ANY($1::bigint[]) AND payment_method = 'wallet'`,
    [userIds],
  );
  const paidReferences = new Set(paidKeys.flatMap((k) => [...k.references]));
  const unseen = walletPayments.rows.filter((row) => !paidReferences.has(row.reference));
  if (unseen.length > 0) {
    lost += unseen.length;
    failures.push(
      `${unseen.length} wallet payments charged that no client saw succeed: ${unseen
        .slice(0, 5)
        .map((r) => r.reference)
        .join(", ")}`,
    );
  }
  if (walletPayments.rows.length !== paidKeys.length) {
    failures.push(`${walletPayments.rows.length} wallet payments in the database for ${paidKeys.length} keys answered 201`);
  }

  // Each wallet: the database against the client's own account.
  const wallets = await db.query<{ userId: number; balance: number }>(
    `SELECT user_id AS "userId", balance_kobo AS balance FROM wallets WHERE user_id = ANY($1::bigint[])`,
    [userIds],
  );
  for (const wallet of wallets.rows) {
    const credited = approved.filter((t) => t.userId === wallet.userId).reduce((sum, t) => sum + t.amountKobo, 0);
    const spent = paidKeys.filter((k) => k.userId === wallet.userId).reduce((sum, k) => sum + (k.amountKobo ?? 0), 0);
    if (wallet.balance !== credited - spent || wallet.balance < 0) {
      lost += 1;
      failures.push(
        `wallet of user ${wallet.userId}: ${wallet.balance} kobo in the database, ${credited} topped up − ${spent} paid = ${credited - spent} by the client's account`,
      );
    }
  }

  // Payments no client saw created (the API died, or the database went away, before it answered).
  const others = await db.query<{
    reference: string;
    status: string;
    purpose: string;
    gatewayReference: string | null;
    failureReason: string | null;
    settlements: number;
  }>(
    `SELECT i.reference, i.status, i.purpose, g.gateway_reference AS "gatewayReference", i.failure_reason AS "failureReason",
       (SELECT count(*) FROM journal_entries e WHERE e.invoice_id = i.id)::int AS settlements
     FROM invoices i LEFT JOIN gateway_payments g ON g.invoice_id = i.id
     WHERE i.user_id = ANY($1::bigint[]) AND NOT (i.reference = ANY($2::text[]))`,
    [userIds, [...seen, ...otherSeen]],
  );
  const moved = others.rows.filter((row) => row.settlements > 0 || row.status === "completed");
  if (moved.length > 0) {
    lost += moved.length;
    failures.push(
      `${moved.length} payments nobody saw created moved money: ${moved
        .slice(0, 5)
        .map((r) => r.reference)
        .join(", ")}`,
    );
  }
  if (others.rows.length > 0) {
    const kinds = new Map<string, number>();
    for (const row of others.rows) {
      const label = `${row.purpose} ${row.status}${row.failureReason ? ` (${row.failureReason})` : ""}${row.status === "pending" ? (row.gatewayReference ? " with a gateway reference" : " never started at the gateway") : ""}`;
      kinds.set(label, (kinds.get(label) ?? 0) + 1);
    }
    notes.push(
      `payments no client saw created (answer lost): ${[...kinds].map(([label, n]) => `${n} ${label}`).join("; ")}; none moved money`,
    );
  }
  const count = (outcome: string) => ledger.keys.filter((k) => k.outcome === outcome).length;
  const rejected = ledger.topUpsNotCreated.length + count("insufficient") + count("gave up") + count("refused");
  const parts = [
    [count("insufficient"), "wallet payments refused for insufficient funds (400)"],
    [ledger.topUpsNotCreated.length, "top-up requests without a 201 (cut off, or 503)"],
    [count("gave up"), "wallet payments given up after 60 tries"],
    [count("refused"), "wallet payments refused otherwise"],
  ] as const;
  if (rejected > 0)
    notes.push(
      `rejected: ${parts
        .filter(([n]) => n > 0)
        .map(([n, what]) => `${n} ${what}`)
        .join(", ")}`,
    );
  failures.push(...ledger.failures);
  return { succeeded, rejected, lost, failures, notes };
}
