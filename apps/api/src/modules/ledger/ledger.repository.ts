import type { Queryable } from "../../db/database";

/** One line of a journal entry: debit positive, credit negative, integer kobo. */
export interface Posting {
  accountCode: string;
  amountKobo: number;
}

export interface NewEntry {
  kind: string;
  invoiceId: number | null;
  description: string;
  postings: Posting[];
}

/**
 * SQL for the append-only ledger. Its writes are always called inside the transaction that moves the
 * money; its checks (ledger.check.ts) read it whole.
 */
export class LedgerRepository {
  /**
   * Writes one balanced entry. Returns its id, or null when this invoice already has an entry of
   * this kind (the unique index makes a second settlement impossible even if a caller slips).
   */
  async post(q: Queryable, entry: NewEntry): Promise<number | null> {
    const sum = entry.postings.reduce((total, posting) => total + posting.amountKobo, 0);
    if (
      sum !== 0 ||
      entry.postings.length < 2 ||
      entry.postings.some((p) => !Number.isSafeInteger(p.amountKobo) || p.amountKobo === 0)
    ) {
      throw new Error(`unbalanced or malformed journal entry (${entry.kind}, sum ${sum})`);
    }
    const { rows } = await q.query<{ id: number }>(
      `INSERT INTO journal_entries (kind, invoice_id, description) VALUES ($1, $2, $3)
       ON CONFLICT (invoice_id, kind) WHERE invoice_id IS NOT NULL DO NOTHING RETURNING id`,
      [entry.kind, entry.invoiceId, entry.description],
    );
    const id = rows[0]?.id;
    if (id === undefined) return null;
    const codes = entry.postings.map((p) => p.accountCode);
    const amounts = entry.postings.map((p) => p.amountKobo);
    const inserted = await q.query(
      `INSERT INTO postings (entry_id, account_id, amount_kobo)
       SELECT $1, a.id, p.amount FROM unnest($2::text[], $3::bigint[]) WITH ORDINALITY AS p(code, amount, n)
       JOIN ledger_accounts a ON a.code = p.code ORDER BY p.n`,
      [id, codes, amounts],
    );
    if (inserted.rowCount !== entry.postings.length) throw new Error(`unknown ledger account in ${codes.join(", ")}`);
    return id;
  }

  /** Whether the invoice has an entry of this kind. */
  async hasEntry(q: Queryable, invoiceId: number, kind: string): Promise<boolean> {
    const { rows } = await q.query(`SELECT 1 FROM journal_entries WHERE invoice_id = $1 AND kind = $2`, [invoiceId, kind]);
    return rows.length > 0;
  }

  /** Balance of an account: the sum of its postings. */
  async balance(q: Queryable, accountCode: string): Promise<number> {
    const { rows } = await q.query<{ balance: number }>(
      `SELECT coalesce(sum(p.amount_kobo), 0)::bigint AS balance FROM postings p
       JOIN ledger_accounts a ON a.id = p.account_id WHERE a.code = $1`,
      [accountCode],
    );
    return rows[0]?.balance ?? 0;
  }

  /** How many journal entries, postings and wallets there are. */
  async counts(q: Queryable): Promise<{ entries: number; postings: number; wallets: number }> {
    const { rows } = await q.query<{ entries: number; postings: number; wallets: number }>(
      `SELECT (SELECT count(*) FROM journal_entries)::int AS entries, (SELECT count(*) FROM postings)::int AS postings,
         (SELECT count(*) FROM wallets)::int AS wallets`,
    );
    const { entries = 0, postings = 0, wallets = 0 } = rows[0] ?? {};
    return { entries, postings, wallets };
  }

  /** Entries whose postings do not sum to zero, or that have fewer than two. */
  async unbalancedEntries(q: Queryable): Promise<Array<{ entryId: number; sum: number }>> {
    const { rows } = await q.query<{ entryId: number; sum: number }>(
      `SELECT e.id AS "entryId", coalesce(sum(p.amount_kobo), 0)::bigint AS sum
       FROM journal_entries e LEFT JOIN postings p ON p.entry_id = e.id
       GROUP BY e.id HAVING coalesce(sum(p.amount_kobo), 0) <> 0 OR count(p.id) < 2 ORDER BY e.id`,
    );
    return rows;
  }

  /** Wallets whose stored balance differs from minus the sum of their postings, or is negative. */
  async walletDifferences(q: Queryable): Promise<Array<{ userId: number; stored: number; derived: number }>> {
    const { rows } = await q.query<{ userId: number; stored: number; derived: number }>(
      `SELECT w.user_id AS "userId", w.balance_kobo AS stored, coalesce(-sum(p.amount_kobo), 0)::bigint AS derived
       FROM wallets w LEFT JOIN postings p ON p.account_id = w.ledger_account_id
       GROUP BY w.id HAVING w.balance_kobo <> coalesce(-sum(p.amount_kobo), 0) OR w.balance_kobo < 0 ORDER BY w.user_id`,
    );
    return rows;
  }
}
