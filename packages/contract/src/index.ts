export * from "./constants";
export * from "./enums";
export * from "./money";
export * from "./display";
export { isCharged, payerStatusLabel, payerStatusNote, type ClosedReason } from "./payment-states";
export * from "./transactions-csv";
export * from "./messages";
export * from "./api-paths";
export * from "./receipt-code";
export * from "./locales";
// Where a module also holds building blocks of other schemas (field rules, enum schemas, shared parts of
// answers), only what the apps use is named here; the rest stays inside the package.
export { gatewayKeySchema } from "./schemas/enums";
export { emailSchema, FIELD_MESSAGES, newPasswordSchema, optionalText, personName } from "./schemas/fields";
export {
  createTopUpInputSchema,
  createTopUpResponseSchema,
  reservedAccountSchema,
  type ReservedAccountStanding,
  walletTransactionsPageSchema,
  type CreateTopUpInput,
  type ReservedAccount,
  type CreateTopUpResponse,
  type WalletTransaction,
  type WalletTransactionsPage,
} from "./schemas/wallet";
export {
  kycHoldsQuerySchema,
  kycTierInputSchema,
  refundKycHoldInputSchema,
  staffKycHoldSchema,
  staffKycHoldsSchema,
  walletTierSchema,
  type StaffKycHold,
  type StaffKycHolds,
  type WalletTier,
} from "./schemas/kyc-tiers";
export {
  callbackResponseSchema,
  checkoutInputSchema,
  checkoutResponseSchema,
  paymentMethodsResponseSchema,
  paymentStatusResponseSchema,
  transactionLookupQuerySchema,
  transactionLookupResponseSchema,
  walletPaymentResponseSchema,
  type BankAccount,
  type CallbackResponse,
  type CheckoutResponse,
  type GuestCheckoutInput,
  type PaymentMethod,
  type PaymentStatusResponse,
  type PublicTransaction,
  type TransactionLookupQuery,
  type WalletCheckoutInput,
  type WalletPaymentResponse,
} from "./schemas/payments";
export * from "./schemas/auth";
export * from "./schemas/catalogue";
export * from "./schemas/kyc";
export * from "./schemas/invoices";
export * from "./schemas/staff-operations";
export * from "./schemas/bills";
export * from "./schemas/staff-search";
export {
  PUBLIC_RECEIPT_STATUSES,
  RECEIPT_KINDS,
  RECEIPT_STATUSES,
  publicReceiptResponseSchema,
  receiptCodeParamsSchema,
  redeemReceiptResponseSchema,
  redeemReceiptSchema,
  staffReceiptSchema,
  type PublicReceipt,
  type RedeemReceiptInput,
  type RedeemReceiptResponse,
  type ReceiptStatus,
  type StaffReceipt,
} from "./schemas/receipts";
export * from "./schemas/shifts";
export * from "./schemas/patients";
export * from "./schemas/hmos";
export * from "./schemas/hmo-claims";
export * from "./schemas/admissions";
export * from "./schemas/settlements";
export * from "./hmo-coverage";
export * from "./schemas/staff-desk";
export * from "./schemas/cash-desk";
export * from "./schemas/waivers";
export * from "./schemas/day-book";
