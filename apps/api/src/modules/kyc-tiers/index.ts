export { KycHoldsRepository } from "./kyc-holds.repository";
export { kycHoldsRoutes } from "./kyc-holds.routes";
export { KycHoldsService } from "./kyc-holds.service";
export { KycTiers } from "./kyc-tiers";
export { capMessage, tierTable } from "./tiers";
export { WalletCredits } from "./wallet-credits";
export type { WalletCreditOutcome } from "./wallet-credits";
