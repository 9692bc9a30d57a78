export { walletTransactionView } from "./wallet-views";
export type { RemitaWidget } from "./wallet-views";
export { walletRoutes } from "./wallet.routes";
export { WalletService } from "./wallet.service";
export { WalletsRepository } from "./wallets.repository";
