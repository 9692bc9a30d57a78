import type { Queryable } from "../../db/database";

/** Who ran a check: the worker role's periodic one, or `npm run ledger:check`. */
export type LedgerCheckSource = "worker" | "cli";

/** One check's outcome, as recorded. */
export interface LedgerCheckRecord {
  sound: boolean;
  entries: number;
  wallets: number;
  /** Unbalanced entries plus wallets whose balance differs from their postings. */
  differences: number;
  source: LedgerCheckSource;
}

/** SQL for the records of ledger checks (table ledger_checks, migration 0020), which the metrics read. */
export class LedgerCheckRepository {
  async insert(q: Queryable, check: LedgerCheckRecord): Promise<void> {
    await q.query(`INSERT INTO ledger_checks (sound, entries, wallets, differences, source) VALUES ($1, $2, $3, $4, $5)`, [
      check.sound,
      check.entries,
      check.wallets,
      check.differences,
      check.source,
    ]);
  }

  /** Deletes the records of checks older than `days` days. */
  async deleteOlderThan(q: Queryable, days: number): Promise<void> {
    await q.query(`DELETE FROM ledger_checks WHERE checked_at < now() - make_interval(days => $1)`, [days]);
  }
}
