import type { Database, Queryable } from "../../db/database";
import { KycTiersRepository } from "./kyc-tiers.repository";
import { checkCredit, tierOf, type CapCheck, type TierCaps, type TierLevel, type TierTable } from "./tiers";

/** A wallet's standing against its tier's caps, read with the wallet row locked. */
export interface WalletStanding {
  tier: TierLevel;
  caps: TierCaps;
  balanceKobo: number;
  /** Pending top-ups: money already promised to the wallet, counted against its balance cap. */
  pendingKobo: number;
}

/** Reads customers' tiers and checks credits against them (the caps are tiers.ts's, the SQL kyc-tiers.repository.ts's). */
export class KycTiers {
  private readonly repo: KycTiersRepository;

  constructor(
    db: Database,
    readonly table: TierTable,
  ) {
    this.repo = new KycTiersRepository(db);
  }

  /** The customer's tier now (their KYC record; tier 1 without a verified one). */
  async tierOf(userId: number, q?: Queryable): Promise<TierLevel> {
    return tierOf(await this.repo.kycRecord(userId, q));
  }

  /**
   * Locks the wallet row (FOR UPDATE, until the caller's transaction ends) and reads its balance, its
   * pending top-ups and the owner's tier: every credit decided under this lock sees the ones before it.
   */
  async standing(tx: Queryable, walletId: number, userId: number): Promise<WalletStanding> {
    // The lock first, alone: under READ COMMITTED the next statement takes a new snapshot, so it sees every
    // credit committed by whoever held the lock before (one statement would read with its starting snapshot).
    if (!(await this.repo.lockWallet(tx, walletId))) throw new Error(`wallet ${walletId} is missing`);
    const { balanceKobo, pendingKobo } = await this.repo.balanceAndPending(tx, walletId);
    const tier = await this.tierOf(userId, tx);
    return { tier, caps: this.table[tier], balanceKobo, pendingKobo };
  }

  /**
   * The cap check for a credit of `amountKobo` to a wallet in this standing; `countedKobo` is the part of
   * its pending top-ups that is this very credit (a top-up settling), not counted twice.
   */
  check(standing: WalletStanding, amountKobo: number, countedKobo = 0): CapCheck {
    return checkCredit(standing.caps, standing.balanceKobo + standing.pendingKobo - countedKobo, amountKobo);
  }
}
