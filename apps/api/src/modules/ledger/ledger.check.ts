import type { Queryable } from "../../db/database";
import { LedgerRepository } from "./ledger.repository";

/** What `npm run ledger:check` found. */
export interface LedgerReport {
  entries: number;
  postings: number;
  wallets: number;
  /** Entries whose postings do not sum to zero. */
  unbalanced: Array<{ entryId: number; sum: number }>;
  /** Wallets whose stored balance differs from minus the sum of their postings, or is negative. */
  walletDifferences: Array<{ userId: number; stored: number; derived: number }>;
}

/** Recomputes every balance from the postings and checks every entry balances. */
export async function checkLedger(q: Queryable): Promise<LedgerReport> {
  const ledger = new LedgerRepository();
  const counts = await ledger.counts(q);
  const unbalanced = await ledger.unbalancedEntries(q);
  const walletDifferences = await ledger.walletDifferences(q);
  return { ...counts, unbalanced, walletDifferences };
}

/** True when the report found nothing wrong. */
export const ledgerIsSound = (report: LedgerReport) => report.unbalanced.length === 0 && report.walletDifferences.length === 0;

/** Who ran a check: the worker role's periodic one, or `npm run ledger:check`. */
export type LedgerCheckSource = "worker" | "cli";

/** Records a check's outcome (table ledger_checks, migration 0020): what the metrics call the last ledger check. */
export async function recordLedgerCheck(q: Queryable, report: LedgerReport, source: LedgerCheckSource): Promise<void> {
  await q.query(`INSERT INTO ledger_checks (sound, entries, wallets, differences, source) VALUES ($1, $2, $3, $4, $5)`, [
    ledgerIsSound(report),
    report.entries,
    report.wallets,
    report.unbalanced.length + report.walletDifferences.length,
    source,
  ]);
}
