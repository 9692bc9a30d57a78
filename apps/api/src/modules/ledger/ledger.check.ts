import type { Queryable } from "../../db/database";
import { LedgerCheckRepository, type LedgerCheckSource } from "./ledger-check.repository";
import { LedgerRepository } from "./ledger.repository";

export type { LedgerCheckSource } from "./ledger-check.repository";

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

/** Records a check's outcome (table ledger_checks, migration 0020): what the metrics call the last ledger check. */
export async function recordLedgerCheck(q: Queryable, report: LedgerReport, source: LedgerCheckSource): Promise<void> {
  await new LedgerCheckRepository().insert(q, {
    sound: ledgerIsSound(report),
    entries: report.entries,
    wallets: report.wallets,
    differences: report.unbalanced.length + report.walletDifferences.length,
    source,
  });
}
