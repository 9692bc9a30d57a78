import type { Database, Queryable } from "../../db/database";

export interface WalletRecord {
  id: number;
  userId: number;
  balanceKobo: number;
  /** The wallet's ledger account code (`wallet:{userId}`). */
  accountCode: string;
}

export interface WalletTransactionRecord {
  id: number;
  transactionType: "credit" | "debit";
  amountKobo: number;
  status: "pending" | "completed" | "failed" | "held";
  createdAt: Date;
  reference: string;
  rrr: string | null;
  gateway: string | null;
  /** When its payment stops being payable (null for a wallet payment). */
  expiresAt: Date | null;
  /** Its invoice's status and why it closed (the movement's own status follows the invoice's). */
  invoiceStatus: string;
  failureReason: string | null;
  /** For a transfer into the customer's reserved account: who sent it. */
  senderName: string | null;
}

/** The ledger account code of a user's wallet. */
export const walletAccountCode = (userId: number) => `wallet:${userId}`;

const WALLET_COLUMNS = `w.id, w.user_id AS "userId", w.balance_kobo AS "balanceKobo", a.code AS "accountCode"`;

/** What an Idempotency-Key holds: the hash of the request that claimed it and, once it committed, its answer. */
export interface IdempotencyKeyRecord {
  requestHash: string;
  statusCode: 201 | null;
  /** The answer's JSON text (null while the first request is still in its transaction). */
  response: string | null;
}

/** SQL for wallets, their movements and the Idempotency-Keys of wallet payments. */
export class WalletsRepository {
  constructor(private readonly db: Database) {}

  /** The user's wallet, created (with its ledger account) on first use. */
  async ensure(userId: number, q: Queryable = this.db): Promise<WalletRecord> {
    // Read first: profile and history reads call this on every request and need no write.
    const existing = await this.findByUser(userId, q);
    if (existing) return existing;
    const code = walletAccountCode(userId);
    await q.query(
      `INSERT INTO ledger_accounts (code, kind, name, user_id) VALUES ($1, 'liability', $2, $3) ON CONFLICT (code) DO NOTHING`,
      [code, `Wallet of user ${userId}`, userId],
    );
    await q.query(
      `INSERT INTO wallets (user_id, ledger_account_id) SELECT $1, id FROM ledger_accounts WHERE code = $2 ON CONFLICT (user_id) DO NOTHING`,
      [userId, code],
    );
    const wallet = await this.findByUser(userId, q);
    if (!wallet) throw new Error(`wallet of user ${userId} could not be created`);
    return wallet;
  }

  async findByUser(userId: number, q: Queryable = this.db): Promise<WalletRecord | null> {
    const { rows } = await q.query<WalletRecord>(
      `SELECT ${WALLET_COLUMNS} FROM wallets w JOIN ledger_accounts a ON a.id = w.ledger_account_id WHERE w.user_id = $1`,
      [userId],
    );
    return rows[0] ?? null;
  }

  /**
   * Takes money out only if it is there: one conditional UPDATE, so concurrent payments cannot both
   * pass a balance check they read before each other's debit. Returns the new balance, or null.
   */
  async debitIfEnough(q: Queryable, walletId: number, amountKobo: number): Promise<number | null> {
    const { rows } = await q.query<{ balance: number }>(
      `UPDATE wallets SET balance_kobo = balance_kobo - $2, updated_at = now()
       WHERE id = $1 AND balance_kobo >= $2 RETURNING balance_kobo AS balance`,
      [walletId, amountKobo],
    );
    return rows[0]?.balance ?? null;
  }

  async credit(q: Queryable, walletId: number, amountKobo: number): Promise<number> {
    const { rows } = await q.query<{ balance: number }>(
      `UPDATE wallets SET balance_kobo = balance_kobo + $2, updated_at = now() WHERE id = $1 RETURNING balance_kobo AS balance`,
      [walletId, amountKobo],
    );
    return rows[0]!.balance;
  }

  async insertMovement(
    q: Queryable,
    movement: {
      walletId: number;
      invoiceId: number;
      type: "credit" | "debit";
      amountKobo: number;
      status: "pending" | "completed" | "held";
    },
  ): Promise<void> {
    await q.query(
      `INSERT INTO wallet_transactions (wallet_id, invoice_id, transaction_type, amount_kobo, status) VALUES ($1, $2, $3, $4, $5)`,
      [movement.walletId, movement.invoiceId, movement.type, movement.amountKobo, movement.status],
    );
  }

  async setMovementStatus(
    q: Queryable,
    invoiceId: number,
    type: "credit" | "debit",
    status: "completed" | "failed" | "held",
  ): Promise<void> {
    await q.query(`UPDATE wallet_transactions SET status = $3 WHERE invoice_id = $1 AND transaction_type = $2`, [
      invoiceId,
      type,
      status,
    ]);
  }

  /** The amount of an invoice's credit movement while it is pending (counted among the wallet's pending top-ups), else 0. */
  async pendingCredit(q: Queryable, invoiceId: number): Promise<number> {
    const { rows } = await q.query<{ amount: number }>(
      `SELECT amount_kobo AS amount FROM wallet_transactions WHERE invoice_id = $1 AND transaction_type = 'credit' AND status = 'pending'`,
      [invoiceId],
    );
    return Number(rows[0]?.amount ?? 0);
  }

  /** A page of the wallet's movements, newest first, with the total count. */
  async movements(walletId: number, limit: number, offset: number): Promise<{ count: number; rows: WalletTransactionRecord[] }> {
    const [count, page] = await Promise.all([
      this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM wallet_transactions WHERE wallet_id = $1`, [walletId]),
      this.db.query<WalletTransactionRecord>(
        `SELECT t.id, t.transaction_type AS "transactionType", t.amount_kobo AS "amountKobo", t.status, t.created_at AS "createdAt",
           i.reference, g.gateway_reference AS rrr, g.gateway, i.expires_at AS "expiresAt",
           i.status AS "invoiceStatus", i.failure_reason AS "failureReason", c.sender_name AS "senderName"
         FROM wallet_transactions t JOIN invoices i ON i.id = t.invoice_id LEFT JOIN gateway_payments g ON g.invoice_id = i.id
           LEFT JOIN reserved_account_credits c ON c.invoice_id = i.id
         WHERE t.wallet_id = $1 ORDER BY t.created_at DESC, t.id DESC LIMIT $2 OFFSET $3`,
        [walletId, limit, offset],
      ),
    ]);
    return { count: count.rows[0]?.n ?? 0, rows: page.rows };
  }

  /**
   * Claims the user's key for a request; false when it is already claimed. On a PostgreSQL server a
   * concurrent claim of the same key waits here until the first transaction commits or rolls back.
   */
  async claimIdempotencyKey(q: Queryable, userId: number, key: string, requestHash: string): Promise<boolean> {
    const claimed = await q.query(
      `INSERT INTO idempotency_keys (user_id, key, request_hash) VALUES ($1, $2, $3) ON CONFLICT (user_id, key) DO NOTHING RETURNING 1`,
      [userId, key, requestHash],
    );
    return claimed.rowCount === 1;
  }

  async findIdempotencyKey(q: Queryable, userId: number, key: string): Promise<IdempotencyKeyRecord | null> {
    const { rows } = await q.query<IdempotencyKeyRecord>(
      `SELECT request_hash AS "requestHash", status_code AS "statusCode", response FROM idempotency_keys WHERE user_id = $1 AND key = $2`,
      [userId, key],
    );
    return rows[0] ?? null;
  }

  /** Keeps the answer a claimed key's request gave, for its retries. */
  async storeIdempotentAnswer(
    q: Queryable,
    userId: number,
    key: string,
    answer: { statusCode: 201; body: Record<string, unknown> },
  ): Promise<void> {
    await q.query(`UPDATE idempotency_keys SET status_code = $3, response = $4 WHERE user_id = $1 AND key = $2`, [
      userId,
      key,
      answer.statusCode,
      JSON.stringify(answer.body),
    ]);
  }
}
