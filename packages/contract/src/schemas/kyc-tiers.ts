import { z } from "zod";
import { KYC_CAPS, KYC_HOLD_STATUSES } from "../enums";
import { requiredText } from "./fields";

/** One tier's caps: naira strings with two decimals; null is no cap. */
const tierCapsSchema = z.object({
  tier_level: z.number().int().min(1).max(3),
  max_single_credit: z.string().nullable(),
  max_balance: z.string().nullable(),
});

/** A held transfer as its customer sees it. */
const customerHoldSchema = z.object({
  id: z.number().int(),
  amount: z.string(),
  sender_name: z.string().nullable(),
  cap: z.enum(KYC_CAPS),
  status: z.enum(KYC_HOLD_STATUSES),
  created_at: z.string(),
});

/**
 * Answer of GET /api/wallet/tier/: the signed-in customer's KYC tier and its caps, every tier's caps, and
 * the transfers into their reserved account held because they broke a cap (still held only).
 */
export const walletTierSchema = z.object({
  tier: tierCapsSchema,
  tiers: z.array(tierCapsSchema),
  held_total: z.string(),
  holds: z.array(customerHoldSchema),
  /**
   * The most one credit (a transfer, a top-up) may bring into the wallet now without being held: the tier's
   * single-credit cap or the room left under its balance cap (pending top-ups counted), whichever is less.
   */
  credit_room: z.string().optional(),
});
export type WalletTier = z.infer<typeof walletTierSchema>;

/** A held transfer as staff see it. */
export const staffKycHoldSchema = customerHoldSchema.extend({
  transaction_reference: z.string(),
  cap_amount: z.string(),
  tier_level: z.number().int(),
  customer: z.object({ id: z.number().int(), email: z.string(), first_name: z.string(), last_name: z.string() }),
  current_tier: z.number().int(),
  decided_at: z.string().nullable(),
  decided_by: z.object({ email: z.string() }).nullable(),
  refund_reason: z.string().nullable(),
  invoice_reference: z.string().nullable(),
});
export type StaffKycHold = z.infer<typeof staffKycHoldSchema>;

export const staffKycHoldsSchema = z.object({ results: z.array(staffKycHoldSchema) });
export type StaffKycHolds = z.infer<typeof staffKycHoldsSchema>;

export const kycHoldsQuerySchema = z.object({ status: z.enum(KYC_HOLD_STATUSES).optional() });

export const refundKycHoldInputSchema = z.object({ reason: requiredText(500) });

/** An admin's change of a verified customer's tier. */
export const kycTierInputSchema = z.object({ tier_level: z.number().int().min(1).max(3) });
