import type { Database, Queryable } from "../../db/database";

/** A customer's KYC record as far as the tier goes (tiers.ts `tierOf` reads it). */
export interface KycTierRecord {
  status: string;
  tierLevel: number | null;
}

/** SQL for the tier checks: a customer's KYC record, and a wallet's balance and pending top-ups under its lock. */
export class KycTiersRepository {
  constructor(private readonly db: Database) {}

  /** The customer's KYC record's status and tier, or null without one. */
  async kycRecord(userId: number, q: Queryable = this.db): Promise<KycTierRecord | null> {
    const { rows } = await q.query<KycTierRecord>(
      `SELECT status, tier_level AS "tierLevel" FROM kyc_records WHERE user_id = $1`,
      [userId],
    );
    return rows[0] ?? null;
  }

  /** Locks the wallet row (FOR UPDATE, until tx ends). False when there is no such wallet. */
  async lockWallet(tx: Queryable, walletId: number): Promise<boolean> {
    const locked = await tx.query(`SELECT id FROM wallets WHERE id = $1 FOR UPDATE`, [walletId]);
    return locked.rows.length > 0;
  }

  /** The wallet's balance and the sum of its pending top-ups (credits not yet settled). */
  async balanceAndPending(tx: Queryable, walletId: number): Promise<{ balanceKobo: number; pendingKobo: number }> {
    const { rows } = await tx.query<{ balanceKobo: number; pendingKobo: number }>(
      `SELECT w.balance_kobo AS "balanceKobo",
         (SELECT coalesce(sum(t.amount_kobo), 0)::bigint FROM wallet_transactions t
            WHERE t.wallet_id = w.id AND t.transaction_type = 'credit' AND t.status = 'pending') AS "pendingKobo"
       FROM wallets w WHERE w.id = $1`,
      [walletId],
    );
    const row = rows[0]!;
    return { balanceKobo: Number(row.balanceKobo), pendingKobo: Number(row.pendingKobo) };
  }
}
