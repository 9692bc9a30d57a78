import { z } from "zod";
import { decimalAmountSchema, decimalStringSchema, isoDateTimeSchema } from "./fields";
import { gatewayKeySchema } from "./enums";
import { CLOSED_REASONS } from "../payment-states";
import { RESERVED_ACCOUNT_REASONS, RESERVED_ACCOUNT_STATUSES } from "../enums";
import { remitaWidgetSchema } from "./remita-widget";

/** One wallet movement (SPEC §3 Wallet transaction). */
export const walletTransactionSchema = z.object({
  id: z.number().int(),
  /** 'credit', otherwise a charge. */
  transaction_type: z.string(),
  amount: decimalStringSchema,
  created_at: isoDateTimeSchema,
  status: z.string(),
  rrr: z.string().nullable(),
  reference: z.string(),
  /** For a pending gateway credit that can still be paid: what the browser needs to resume it ('Proceed'); null when it cannot be. */
  gateway: z.object({ key: z.string(), script_url: z.string(), public_key: z.string() }).nullable().optional(),
  /** For a failed movement: its payment closed because the payer cancelled it or it expired (null otherwise). */
  closed_reason: z.enum(CLOSED_REASONS).nullable().optional(),
  /** For a credit by bank transfer into the customer's reserved account: who sent it, as their bank names them. */
  sender_name: z.string().nullable().optional(),
  /**
   * The gateway whose reference `rrr` carries, so it is labelled as that gateway's: Remita's RRR, Monnify's
   * transaction reference, Paystack's reference (null when none).
   */
  payment_gateway: gatewayKeySchema.nullable().optional(),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

/** POST /express/top-up/ */
export const createTopUpInputSchema = z.object({
  amount: decimalAmountSchema,
  payment_method: gatewayKeySchema.extract(["remita"]),
});
export type CreateTopUpInput = z.infer<typeof createTopUpInputSchema>;

/** Answer of POST /express/top-up/: a pending credit, and the Remita widget that pays it. */
export const createTopUpResponseSchema = z.object({
  reference: z.string(),
  amount: decimalStringSchema,
  status: z.string(),
  rrr_response: z.object({ RRR: z.string() }),
  gateway: remitaWidgetSchema,
});
export type CreateTopUpResponse = z.infer<typeof createTopUpResponseSchema>;

/** Answer of GET /api/wallet/transactions/: one page of movements, newest first, with DRF's page links (null at either end). */
export const walletTransactionsPageSchema = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(walletTransactionSchema),
});
export type WalletTransactionsPage = z.infer<typeof walletTransactionsPageSchema>;

/** Where a customer's account number stands, as the KYC reviewers see it beside a submission. */
export const reservedAccountStandingSchema = z.object({
  status: z.enum(RESERVED_ACCOUNT_STATUSES),
  reason: z.enum(RESERVED_ACCOUNT_REASONS).nullable(),
});
export type ReservedAccountStanding = z.infer<typeof reservedAccountStandingSchema>;

/**
 * Answer of GET /api/wallet/reserved-account/: the signed-in customer's permanent account number, which
 * funds their wallet by plain bank transfer (the number, bank and name only once it is active), and why
 * there is none when it cannot be issued.
 */
export const reservedAccountSchema = reservedAccountStandingSchema.extend({
  account_number: z.string().nullable(),
  bank_name: z.string().nullable(),
  account_name: z.string().nullable(),
});
export type ReservedAccount = z.infer<typeof reservedAccountSchema>;
