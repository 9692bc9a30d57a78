export { CheckoutService, newReference } from "./checkout.service";
export { startGatewayPayment } from "./gateway-start";
export { CANCELLED_REASON, InvoicesRepository, isSettleable, phoneDigits } from "./invoices.repository";
export type { InvoiceRecord, NewInvoice, NewInvoiceItem } from "./invoices.repository";
export { billPageUrl, cartItemsView, closedReason, receiptMail, receiptPageUrl } from "./payment-views";
export { paymentsRoutes } from "./payments.routes";
export { PaymentsWorker } from "./payments.worker";
export { SettlementService } from "./settlement.service";
