// The lists and their types, without zod, so that a screen using a list needs no schema library; their
// schemas are in schemas/enums.ts.

/** The four roles of SPEC §6. */
export const ROLES = ["CUSTOMER", "ADMIN", "AGENT", "SUPERADMIN"] as const;
export type Role = (typeof ROLES)[number];
/** Roles that work on the staff dashboards. */
export const STAFF_ROLES = ["ADMIN", "AGENT", "SUPERADMIN"] as const satisfies readonly Role[];
/** Staff roles that review KYC: they decide submissions and read customers' KYC documents; agents do neither. */
export const KYC_REVIEWER_ROLES = ["ADMIN", "SUPERADMIN"] as const satisfies readonly Role[];

/** Payment method keys (DESIGN "Payment methods"). */
export const PAYMENT_METHOD_KEYS = ["wallet", "remita", "monnify", "paystack", "bank_transfer"] as const;
export type PaymentMethodKey = (typeof PAYMENT_METHOD_KEYS)[number];
/**
 * Ways of paying at the hospital's desk (beyond SPEC: issue 36): cash, and a card on the desk's POS terminal.
 * Staff take them; they are never offered to a payer online.
 */
export const DESK_METHOD_KEYS = ["cash", "pos"] as const;
export type DeskMethodKey = (typeof DESK_METHOD_KEYS)[number];
/** Every method a payment may have been made with: the payers' own and the desk's. */
export const INVOICE_METHOD_KEYS = [...PAYMENT_METHOD_KEYS, ...DESK_METHOD_KEYS] as const;
export type InvoiceMethodKey = (typeof INVOICE_METHOD_KEYS)[number];
/** Gateway keys that are reached over HTTP. */
export const GATEWAY_KEYS = ["remita", "monnify", "paystack"] as const;
export type GatewayKey = (typeof GATEWAY_KEYS)[number];

/** A customer's account type: INDIVIDUAL at KYC submission, CORPORATE after the upgrade (SPEC §4). */
export const ACCOUNT_TYPES = ["INDIVIDUAL", "CORPORATE"] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Identity documents a KYC submission may name. */
export const ID_TYPES = ["NIN", "PASSPORT", "DRIVERS_LICENSE", "VOTERS_CARD"] as const;
export type IdType = (typeof ID_TYPES)[number];

/** Invoice statuses offered on the staff dashboards. */
export const INVOICE_STATUSES = ["pending", "completed", "failed", "refunded"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** KYC review states; the spec shows 'verified' and 'PENDING' as sent by the original server. */
export const KYC_STATUSES = ["PENDING", "verified", "REJECTED"] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/** Where the customer's permanent account number stands: no NIN in their KYC yet, being set up, or ready. */
export const RESERVED_ACCOUNT_STATUSES = ["needs_nin", "pending", "active"] as const;

/**
 * Why no account number can be issued (status needs_nin): no KYC yet, a KYC whose ID is not a NIN, or a
 * NIN that is not 11 digits (stored before ID numbers were checked). null when there is no such reason.
 */
export const RESERVED_ACCOUNT_REASONS = ["no_kyc", "not_nin", "invalid_nin"] as const;
export type ReservedAccountReason = (typeof RESERVED_ACCOUNT_REASONS)[number];

/** Where a credit held over a KYC tier cap (a transfer, a top-up paid late, a refund) stands. */
export const KYC_HOLD_STATUSES = ["held", "released", "refunded"] as const;
/** Which cap a held transfer broke. */
export const KYC_CAPS = ["single_credit", "balance"] as const;
