export { gatewayBrowserSources } from "./browser-hosts";
export type { BankAccount, GatewayVerdict, PaymentGateway, PaymentToStart, StartedPayment } from "./gateway";
export { GatewayQueries } from "./gateway-queries";
export { MonnifyGateway } from "./monnify.gateway";
export type {
  AccountToReserve,
  MonnifyTransactionStatus,
  ReservedAccountDetails,
  ReservedTransferMention,
} from "./monnify.gateway";
export { PaystackGateway } from "./paystack.gateway";
export { RemitaGateway } from "./remita.gateway";
export { webhookRoutes } from "./webhooks.routes";
