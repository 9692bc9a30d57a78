import type { Database, Queryable } from "../../db/database";
import { checkCredit, tierOf, type CapCheck, type TierCaps, type TierLevel, type TierTable } from "./tiers";

/** A wallet's standing against its tier's caps, read with the wallet row locked. */
export interface WalletStanding {
  tier: TierLevel;
  caps: TierCaps;
  balanceKobo: number;
  /** Pending top-ups: money already promised to the wallet, counted against its balance cap. */
  pendingKobo: number;
}

/** Reads customers' tiers and checks credits against them (the caps are tiers.ts's; this adds the SQL). */
export class KycTiers {
  constructor(
    private readonly db: Database,
    readonly table: TierTable,
  ) {}

  /** The customer's tier now (their KYC record; tier 1 without a verified one). */
  async tierOf(userId: number, q: Queryable = this.db): Promise<TierLevel> {
    const { rows } = await q.query<{ status: string; tierLevel: number | null }>(
      `SELECT status, tier_level AS "tierLevel" FROM kyc_records WHERE user_id = $1`,
      [userId],
    );
    return tierOf(rows[0] ?? null);
  }

  /**
   * Locks the wallet row (FOR UPDATE, until the caller's transaction ends) and reads its balance, its
   * pending top-ups and the owner's tier: every credit decided under this lock sees the ones before it.
   */
  async standing(tx: Queryable, walletId: number, userId: number): Promise<WalletStanding> {
    // The lock first, alone: under READ COMMITTED the next statement takes a new snapshot, so it sees every
    // credit committed by whoever held the lock before (one statement would read with its starting snapshot).
    const locked = await tx.query(`SELECT id FROM wallets WHERE id = $1 FOR UPDATE`, [walletId]);
    if (locked.rows.length === 0) throw new Error(`wallet ${walletId} is missing`);
    const { rows } = await tx.query<{ balanceKobo: number; pendingKobo: number }>(
      `SELECT w.balance_kobo AS "balanceKobo",
         (SELECT coalesce(sum(t.amount_kobo), 0)::bigint FROM wallet_transactions t
            WHERE t.wallet_id = w.id AND t.transaction_type = 'credit' AND t.status = 'pending') AS "pendingKobo"
       FROM wallets w WHERE w.id = $1`,
      [walletId],
    );
    const row = rows[0]!;
    const tier = await this.tierOf(userId, tx);
    return { tier, caps: this.table[tier], balanceKobo: Number(row.balanceKobo), pendingKobo: Number(row.pendingKobo) };
  }

  /**
   * The cap check for a credit of `amountKobo` to a wallet in this standing; `countedKobo` is the part of
   * its pending top-ups that is this very credit (a top-up settling), not counted twice.
   */
  check(standing: WalletStanding, amountKobo: number, countedKobo = 0): CapCheck {
    return checkCredit(standing.caps, standing.balanceKobo + standing.pendingKobo - countedKobo, amountKobo);
  }
}
