import { z } from "zod";

/** The four roles of SPEC §6. */
export const ROLES = ["CUSTOMER", "ADMIN", "AGENT", "SUPERADMIN"] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;
/** Roles that work on the staff dashboards. */
export const STAFF_ROLES = ["ADMIN", "AGENT", "SUPERADMIN"] as const satisfies readonly Role[];

/** Payment method keys (DESIGN "Payment methods"). */
export const PAYMENT_METHOD_KEYS = ["wallet", "remita", "monnify", "paystack", "bank_transfer"] as const;
export const paymentMethodKeySchema = z.enum(PAYMENT_METHOD_KEYS);
export type PaymentMethodKey = z.infer<typeof paymentMethodKeySchema>;
/** Gateway keys that are reached over HTTP. */
export const GATEWAY_KEYS = ["remita", "monnify", "paystack"] as const;
export const gatewayKeySchema = z.enum(GATEWAY_KEYS);
export type GatewayKey = z.infer<typeof gatewayKeySchema>;

export const ACCOUNT_TYPES = ["INDIVIDUAL", "CORPORATE"] as const;
export const accountTypeSchema = z.enum(ACCOUNT_TYPES);
export type AccountType = z.infer<typeof accountTypeSchema>;
/** Labels the screens use for account types. */
export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = { INDIVIDUAL: "Personal", CORPORATE: "Corporate" };

export const ID_TYPES = ["NIN", "PASSPORT", "DRIVERS_LICENSE", "VOTERS_CARD"] as const;
export const idTypeSchema = z.enum(ID_TYPES);
export type IdType = z.infer<typeof idTypeSchema>;

/** Invoice statuses offered on the staff dashboards. */
export const INVOICE_STATUSES = ["pending", "completed", "failed", "refunded"] as const;
export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

/** KYC review states; the spec shows 'verified' and 'PENDING' as sent by the original server. */
export const KYC_STATUSES = ["PENDING", "verified", "REJECTED"] as const;
export const kycStatusSchema = z.enum(KYC_STATUSES);
export type KycStatus = z.infer<typeof kycStatusSchema>;

/** Wallet payment states. */
export const WALLET_PAYMENT_STATUSES = ["completed", "pending", "failed"] as const;
/** Guest checkout states (null = not started). */
export const CHECKOUT_STATUSES = ["pending", "success", "failed"] as const;
