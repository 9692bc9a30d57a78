import { z } from "zod";
import { LIMITS } from "../constants";
import { CLOSED_REASONS } from "../payment-states";
import { paymentMethodKeySchema } from "./enums";
import { decimalAmountSchema, emailSchema, FIELD_MESSAGES, optionalText, personName, phoneSchema, requiredText } from "./fields";

/** SPEC §3 Payment method. */
export const paymentMethodSchema = z.object({ key: paymentMethodKeySchema, name: z.string() });
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
/** Answer of GET /express/methods/ */
export const paymentMethodsResponseSchema = z.object({ payment_methods: z.array(paymentMethodSchema) });

/** The service inside a create-payment item (SPEC §7). */
export const checkoutServiceSchema = z.object({
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
export const guestCheckoutInputSchema = z.object({
  items: z.array(checkoutItemSchema).min(1).max(100),
  customer_meta: guestCustomerMetaSchema,
  payment_method: paymentMethodKeySchema.exclude(["wallet"]),
  charge_fee: decimalAmountSchema,
});
export type GuestCheckoutInput = z.infer<typeof guestCheckoutInputSchema>;

/** POST /express/checkout/ with payment_method 'wallet'. */
export const walletCheckoutInputSchema = z.object({
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
export type CheckoutInput = z.infer<typeof checkoutInputSchema>;

/** SPEC §3 Payment response. */
export const paymentResponseSchema = z.object({
  reference: z.string(),
  status: z.string(),
  rrr: z.string().nullable(),
  items: z.array(
    z.object({
      service: z.object({ id: z.union([z.number(), z.string()]), name: z.string(), price: z.string() }),
      qty: z.number(),
    }),
  ),
  amount: z.string(),
  message: z.string(),
});
export type PaymentResponse = z.infer<typeof paymentResponseSchema>;

/** SPEC §2 Public transaction record (landing-page look-up). */
export const publicTransactionSchema = z.object({
  reference: z.string(),
  created_at: z.string(),
  amount: z.string(),
  status: z.string(),
  payment_method: z.string(),
  rrr: z.string().nullable().optional(),
  customer_name: z.string(),
  customer_email: z.string(),
  customer_phone: z.string(),
  items: z.array(z.object({ service_name: z.string(), qty: z.number(), amount: z.string(), line_total: z.string() })),
  /** For a failed payment: closed because the payer cancelled it or it expired (null otherwise). */
  closed_reason: z.enum(CLOSED_REASONS).nullable().optional(),
});
export type PublicTransaction = z.infer<typeof publicTransactionSchema>;
/** Query of GET /api/express/fetch-transactions/ */
export const transactionLookupQuerySchema = z.object({
  email: emailSchema,
  digit: z.string().regex(/^\d{6}$/, "Enter exactly six digits."),
});
export const transactionLookupResponseSchema = z.object({ results: z.array(publicTransactionSchema) });

/** Answer of the express callback: reads transaction_status. */
export const callbackResponseSchema = z.object({ transaction_status: z.string(), reference: z.string().optional() });
