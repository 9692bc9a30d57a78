import { z } from "zod";
import { LIMITS, LOOKUP_DIGIT_LENGTH } from "../constants";
import { CLOSED_REASONS } from "../payment-states";
import { paymentMethodKeySchema } from "./enums";
import { decimalAmountSchema, emailSchema, FIELD_MESSAGES, optionalText, personName, phoneSchema, requiredText } from "./fields";
import { remitaWidgetSchema } from "./remita-widget";

/** SPEC §3 Payment method. */
const paymentMethodSchema = z.object({ key: paymentMethodKeySchema, name: z.string() });
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
/** Answer of GET /express/methods/ */
export const paymentMethodsResponseSchema = z.object({ payment_methods: z.array(paymentMethodSchema) });

/** The service inside a create-payment item (SPEC §7). */
const checkoutServiceSchema = z.object({
  id: z.union([z.number(), z.string()]),
  name: requiredText(LIMITS.description),
  description: z.string().max(LIMITS.description).nullish(),
  head_code: z.string().max(LIMITS.name).nullish(),
  service_type_id: z.union([z.number(), z.string()]).nullish(),
  price: decimalAmountSchema,
  amount: z.union([z.number(), z.string()]).nullish(),
  service_charge: z.union([z.number(), z.string()]).nullish(),
  fixed_price: z.string().max(8).nullish(),
  department: z.union([z.string().max(LIMITS.name), z.object({ name: z.string() })]).nullish(),
  category: z.string().max(LIMITS.name).nullish(),
});

/** One line of a create-payment body. */
export const checkoutItemSchema = z.object({
  service: checkoutServiceSchema,
  amount: decimalAmountSchema,
  qty: z.number().int().min(1).max(1000),
});

/** SPEC §3 Guest checkout customer, as sent in customer_meta. */
export const guestCustomerMetaSchema = z.object({
  name: personName(LIMITS.name * 2),
  email: emailSchema,
  phone: phoneSchema,
  hospital_number: requiredText(LIMITS.hospitalNumber),
  transaction_description: optionalText(LIMITS.description),
});

/** SPEC §3 Wallet customer, as sent in customer_meta. */
export const walletCustomerMetaSchema = z.object({
  first_name: personName(LIMITS.name),
  last_name: personName(LIMITS.name),
  email: emailSchema,
  phone_number: phoneSchema,
  hospital_number: requiredText(LIMITS.hospitalNumber),
  transaction_description: requiredText(LIMITS.description),
});

/** POST /express/checkout/ (guest, or a signed-in user paying through a gateway or bank transfer). */
const guestCheckoutInputSchema = z.object({
  items: z.array(checkoutItemSchema).min(1).max(100),
  customer_meta: guestCustomerMetaSchema,
  payment_method: paymentMethodKeySchema.exclude(["wallet"]),
  charge_fee: decimalAmountSchema,
});
export type GuestCheckoutInput = z.infer<typeof guestCheckoutInputSchema>;

/** POST /express/checkout/ with payment_method 'wallet'. */
const walletCheckoutInputSchema = z.object({
  items: z.array(checkoutItemSchema).min(1).max(100),
  customer_meta: walletCustomerMetaSchema,
  payment_method: z.literal("wallet"),
  wallet_id: z.union([z.number().int(), z.string().max(64)], {
    error: (issue) => (issue.input === undefined ? FIELD_MESSAGES.required : "Enter a valid wallet id."),
  }),
  charge_fee: decimalAmountSchema,
});
export type WalletCheckoutInput = z.infer<typeof walletCheckoutInputSchema>;

/** POST /express/checkout/: the body's shape follows its payment_method. */
export const checkoutInputSchema = z.discriminatedUnion("payment_method", [walletCheckoutInputSchema, guestCheckoutInputSchema]);

/** SPEC §3 Payment response. */
const paymentResponseSchema = z.object({
  reference: z.string(),
  status: z.string(),
  rrr: z.string().nullable(),
  items: z.array(
    z.object({
      service: z.object({ id: z.union([z.number(), z.string()]), name: z.string(), price: z.string() }),
      qty: z.number(),
    }),
  ),
  /** Total in naira, fee included. */
  amount: z.string(),
  message: z.string(),
});

/** The payment a checkout created: SPEC §3 Payment response plus its subtotal, fee and method. */
const createdPaymentSchema = paymentResponseSchema.extend({
  subtotal: z.string(),
  charge_fee: z.string(),
  payment_method: z.string(),
});

/** An account the payer transfers to: Monnify's one-time account, or the hospital's own. */
const bankAccountSchema = z.object({
  account_number: z.string(),
  account_name: z.string(),
  bank_name: z.string(),
  bank_code: z.string().optional(),
  /** Naira to transfer (Monnify's total payable). */
  amount: z.string().optional(),
  /** When Monnify's one-time account expires. */
  expires_on: z.string().optional(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

/** How the browser continues a pending payment, by its method (payments contract). */
const checkoutGatewaySchema = z.discriminatedUnion("key", [
  remitaWidgetSchema,
  z.object({ key: z.literal("monnify"), bank_account: bankAccountSchema.optional() }),
  z.object({
    key: z.literal("paystack"),
    script_url: z.string(),
    public_key: z.string(),
    access_code: z.string().optional(),
    reference: z.string(),
  }),
  z.object({ key: z.literal("bank_transfer"), bank_account: bankAccountSchema }),
]);

/** Answer of POST /express/checkout/ through a gateway or a bank transfer: a pending payment and how to pay it. */
export const checkoutResponseSchema = createdPaymentSchema.extend({
  gateway: checkoutGatewaySchema,
  /** True when the server continued the payment already pending for the same cart and payer. */
  resumed: z.boolean().optional(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** Answer of POST /express/checkout/ with payment_method 'wallet': a completed payment and the wallet's new balance. */
export const walletPaymentResponseSchema = createdPaymentSchema.extend({
  balance: z.string(),
  /** The payment's receipt code (groups of four), what the point of care gives against. */
  receipt_code: z.string(),
});
export type WalletPaymentResponse = z.infer<typeof walletPaymentResponseSchema>;

/** One line of a payment's receipt. */
const receiptItemSchema = z.object({ service_name: z.string(), qty: z.number(), amount: z.string(), line_total: z.string() });

/**
 * Answer of GET /api/express/payments/{reference}/ and of its cancel call: a payment's status and receipt.
 * The payer's contact details (`customer`) only for its signed-in owner, null for anybody else.
 */
export const paymentStatusResponseSchema = z.object({
  reference: z.string(),
  /** pending, completed, failed or refunded. */
  status: z.string(),
  /** SUCCESS, PENDING, FAILED or REFUNDED, as the callback names it. */
  transaction_status: z.string(),
  /** For a failed payment: closed because the payer cancelled it or it expired (null otherwise). */
  closed_reason: z.enum(CLOSED_REASONS).nullable(),
  payment_method: z.string(),
  rrr: z.string().nullable(),
  amount: z.string(),
  subtotal: z.string(),
  charge_fee: z.string(),
  items: z.array(receiptItemSchema),
  customer: z.object({ name: z.string(), email: z.string(), phone: z.string(), hospital_number: z.string() }).nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  bank_account: bankAccountSchema.nullable(),
  /** What arrived of a payment paid short that the hospital reviews; null otherwise. */
  amount_received: z.string().nullable(),
  /** A completed payment's receipt code in groups of four (checked at the point of care); null otherwise. */
  receipt_code: z.string().nullable(),
  /**
   * True for a part of a bill: its receipt code proves the payment, and items are given against the
   * bill's own code, which is sent to the patient once the bill is paid in full.
   */
  bill_part: z.boolean(),
  /** True when the gateways are the local simulators. */
  sandbox: z.boolean(),
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponseSchema>;

/** SPEC §2 Public transaction record (landing-page look-up). */
const publicTransactionSchema = z.object({
  reference: z.string(),
  created_at: z.string(),
  amount: z.string(),
  status: z.string(),
  payment_method: z.string(),
  rrr: z.string().nullable().optional(),
  customer_name: z.string(),
  customer_email: z.string(),
  customer_phone: z.string(),
  items: z.array(receiptItemSchema),
  /** For a failed payment: closed because the payer cancelled it or it expired (null otherwise). */
  closed_reason: z.enum(CLOSED_REASONS).nullable().optional(),
  /** A completed payment's receipt code in groups of four (beyond SPEC); null otherwise. */
  receipt_code: z.string().nullable().optional(),
});
export type PublicTransaction = z.infer<typeof publicTransactionSchema>;
/** Query of GET /api/express/fetch-transactions/ */
export const transactionLookupQuerySchema = z.object({
  email: emailSchema,
  digit: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${LOOKUP_DIGIT_LENGTH}}$`), "Enter exactly six digits."),
});
export type TransactionLookupQuery = z.infer<typeof transactionLookupQuerySchema>;
export const transactionLookupResponseSchema = z.object({ results: z.array(publicTransactionSchema) });

/**
 * Answer of GET /api/express/callback/top-up/{gateway}/: the screens read transaction_status; status and
 * message are Remita's words for it. The reference only for a caller who gave it.
 */
export const callbackResponseSchema = z.object({
  transaction_status: z.string(),
  reference: z.string().optional(),
  status: z.string(),
  message: z.string(),
});
export type CallbackResponse = z.infer<typeof callbackResponseSchema>;
