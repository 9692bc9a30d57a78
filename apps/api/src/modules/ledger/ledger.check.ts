import type { Queryable } from "../../db/database";

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
  const counts = await q.query<{ entries: number; postings: number; wallets: number }>(
    `SELECT (SELECT count(*) FROM journal_entries)::int AS entries, (SELECT count(*) FROM postings)::int AS postings,
            (SELECT count(*) FROM wallets)::int AS wallets`,
  );
  const unbalanced = await q.query<{ entryId: number; sum: number }>(
    `SELECT e.id AS "entryId", coalesce(sum(p.amount_kobo), 0)::bigint AS sum
     FROM journal_entries e LEFT JOIN postings p ON p.entry_id = e.id
     GROUP BY e.id HAVING coalesce(sum(p.amount_kobo), 0) <> 0 OR count(p.id) < 2 ORDER BY e.id`,
  );
  const wallets = await q.query<{ userId: number; stored: number; derived: number }>(
    `SELECT w.user_id AS "userId", w.balance_kobo AS stored, coalesce(-sum(p.amount_kobo), 0)::bigint AS derived
     FROM wallets w LEFT JOIN postings p ON p.account_id = w.ledger_account_id
     GROUP BY w.id HAVING w.balance_kobo <> coalesce(-sum(p.amount_kobo), 0) OR w.balance_kobo < 0 ORDER BY w.user_id`,
  );
  const { entries = 0, postings = 0, wallets: walletCount = 0 } = counts.rows[0] ?? {};
  return { entries, postings, wallets: walletCount, unbalanced: unbalanced.rows, walletDifferences: wallets.rows };
}

/** True when the report found nothing wrong. */
export const ledgerIsSound = (report: LedgerReport) => report.unbalanced.length === 0 && report.walletDifferences.length === 0;
