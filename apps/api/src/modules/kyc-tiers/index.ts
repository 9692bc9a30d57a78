import type { BaseContext, SweepHost } from "../../lib/module-context";
import { KycHoldsRepository } from "./kyc-holds.repository";
import { kycHoldsRoutes } from "./kyc-holds.routes";
import { KycHoldsService, type KycHoldsDeps } from "./kyc-holds.service";
import { KycTiers } from "./kyc-tiers";
import { tierTable } from "./tiers";
import { WalletCredits, type WalletCreditsDeps } from "./wallet-credits";

export { KycHoldsRepository } from "./kyc-holds.repository";
export { KycHoldsService } from "./kyc-holds.service";
export { KycTiers } from "./kyc-tiers";
export { capMessage, tierTable } from "./tiers";
export { WalletCredits } from "./wallet-credits";
export type { HoldSource, WalletCreditOutcome } from "./wallet-credits";

/** The tier caps and every wallet credit through them, which settlement needs before the holds service exists. */
export function create(ctx: BaseContext, deps: Omit<WalletCreditsDeps, "tiers" | "holds">) {
  const tiers = new KycTiers(ctx.db, tierTable(ctx.env));
  const kycHolds = new KycHoldsRepository(ctx.db);
  return { tiers, kycHolds, walletCredits: new WalletCredits({ ...deps, tiers, holds: kycHolds }) };
}

/** Credits held over a tier cap: their release (swept by the payments worker) and refund by staff. */
export async function register(
  ctx: BaseContext,
  deps: Omit<KycHoldsDeps, "db" | "holds" | "log"> & {
    kycHolds: KycHoldsRepository;
    paymentsWorker: SweepHost;
  },
) {
  const { kycHolds, paymentsWorker, ...services } = deps;
  const holds = new KycHoldsService({ ...services, db: ctx.db, holds: kycHolds, log: ctx.log });
  paymentsWorker.alsoSweep(
    "KYC holds",
    ctx.jobLeases.guard("kyc-holds-sweep", () => holds.sweep(), 0),
  );
  await ctx.app.register(kycHoldsRoutes, { holds });
  return { holds };
}
