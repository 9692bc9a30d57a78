import type { Queryable } from "../db/database";
import type { KycHoldsService } from "../modules/kyc-tiers";
import type { ReservedAccountsService } from "../modules/reserved-accounts";

/**
 * What a KYC submission or decision sets off in other modules: an identity with a NIN gets its reserved
 * account, and a new tier releases the credits held over the old one in the decision's transaction.
 */
export function kycConsequences(reservedAccounts: ReservedAccountsService, holds: KycHoldsService) {
  return {
    identityChanged: (userId: number) => reservedAccounts.reserveSoon(userId),
    accountStandings: (userIds: number[]) => reservedAccounts.standingsOf(userIds),
    tierChanged: async (tx: Queryable, userId: number) => {
      const released = await holds.releaseFittingLocked(tx, userId);
      return () => holds.announce(released);
    },
  };
}
