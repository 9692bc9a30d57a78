import { z } from "zod";
import { INVALID_RECEIPT_CODE, normalizeReceiptCode } from "../receipt-code";
import { FIELD_MESSAGES } from "./field-messages";
import { requiredText } from "./fields";

/** Receipt codes verified and redeemed at the point of care (beyond SPEC). */

/**
 * The code in a receipt path, as typed or scanned; read as the stored code. (Named receipt_code: a field
 * error named `code` would take the place of the error's own `code`.)
 */
export const receiptCodeParamsSchema = z.object({
  receipt_code: z
    .string()
    .max(40, INVALID_RECEIPT_CODE)
    .transform((text, ctx) => {
      const code = normalizeReceiptCode(text);
      if (code === null) {
        ctx.addIssue({ code: "custom", message: INVALID_RECEIPT_CODE });
        return z.NEVER;
      }
      return code;
    }),
});

/**
 * Where a receipt's payment stands: paid (completed), refunded, cancelled (closed because the payer
 * cancelled it) or not paid (pending, failed, expired). Only a paid receipt is redeemable.
 */
export const RECEIPT_STATUSES = ["paid", "not_paid", "refunded", "cancelled"] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];
/** What the public check says: a cancelled payment is simply not paid there. */
export const PUBLIC_RECEIPT_STATUSES = ["paid", "not_paid", "refunded"] as const;

/** GET /api/receipts/{code}/ (public): validity only, never whom it was for or what it bought. */
export const publicReceiptResponseSchema = z.object({
  /** The code, in groups of four. */
  code: z.string(),
  status: z.enum(PUBLIC_RECEIPT_STATUSES),
  /** Naira, two decimals. */
  amount: z.string(),
  /** When it was paid (ISO 8601), or null when it never was. */
  paid_at: z.string().nullable(),
});
export type PublicReceipt = z.infer<typeof publicReceiptResponseSchema>;

const receiptStaffSchema = z.object({ id: z.number().int(), name: z.string() });

/** One line of a receipt as the point of care sees it: how many were bought, given, and are left. */
const receiptItemSchema = z.object({
  /** The invoice item's id, as a redemption names it. */
  id: z.number().int(),
  service_name: z.string(),
  /** The department that gives it; null for a service the catalogue gave none (any department may). */
  department: z.string().nullable(),
  quantity: z.number().int(),
  given: z.number().int(),
  remaining: z.number().int(),
});

/** One giving: who gave how many of which item, for which department, when. */
const receiptRedemptionSchema = z.object({
  id: z.number().int(),
  item_id: z.number().int(),
  service_name: z.string(),
  quantity: z.number().int(),
  department: z.string(),
  given_by: receiptStaffSchema,
  given_at: z.string(),
});

/** What a receipt code is of: a payment, or a bill paid in full (whose receipt is what is given against). */
export const RECEIPT_KINDS = ["payment", "bill"] as const;

/** The bill a receipt is of, or that a part payment's receipt pays towards. */
const receiptBillSchema = z.object({
  token: z.string(),
  status: z.enum(["open", "paid", "cancelled"]),
  /** The bill's own receipt code (groups of four), once it is paid in full. */
  receipt_code: z.string().nullable(),
});

/** GET /api/staff/receipts/{code}/ (agents, admins, super admins). */
export const staffReceiptSchema = z.object({
  code: z.string(),
  kind: z.enum(RECEIPT_KINDS),
  status: z.enum(RECEIPT_STATUSES),
  /** True only for a paid receipt with something left to give. */
  redeemable: z.boolean(),
  /** The payment's reference; a bill's token for a bill's receipt. */
  reference: z.string(),
  /** Who paid; the patient for a bill's receipt. */
  payer_name: z.string(),
  /** The patient's hospital number (the bill's, else the payment's); "" when the payment named none. */
  hospital_number: z.string(),
  amount: z.string(),
  /** A bill's receipt for an HMO enrollee (issue 37): the HMO's part of `amount` and the HMO's name; else "0.00" and null. */
  hmo_part: z.string().default("0.00"),
  hmo_name: z.string().nullable().default(null),
  paid_at: z.string().nullable(),
  /** The bill (a bill's receipt), or the bill a part payment pays towards; null for any other payment. */
  bill: receiptBillSchema.nullable(),
  /** Why nothing is given against this receipt when that is not its status (a part payment of a bill); else null. */
  notice: z.string().nullable(),
  /** Its lines: a payment's items, or a bill's lines (each `id` is the line's position). */
  items: z.array(receiptItemSchema),
  /** What was already given, oldest first. */
  given: z.array(receiptRedemptionSchema),
});
export type StaffReceipt = z.infer<typeof staffReceiptSchema>;

/** Most lines one redemption names, and most of one line. */
const MAX_REDEEM_LINES = 100;
const MAX_REDEEM_QUANTITY = 10_000;

/** POST /api/staff/receipts/{code}/redeem/: mark items given by one department. */
export const redeemReceiptSchema = z.object({
  /** The department giving them; each item must be of it. */
  department: requiredText(100),
  items: z
    .array(
      z.object({
        item_id: z.number({ error: FIELD_MESSAGES.required }).int().positive(),
        quantity: z.number({ error: FIELD_MESSAGES.required }).int().min(1).max(MAX_REDEEM_QUANTITY),
      }),
    )
    .min(1, "Choose at least one item.")
    .max(MAX_REDEEM_LINES)
    .refine((items) => new Set(items.map((item) => item.item_id)).size === items.length, {
      message: "Name each item once.",
    }),
});
export type RedeemReceiptInput = z.infer<typeof redeemReceiptSchema>;

export const redeemReceiptResponseSchema = z.object({ detail: z.string(), receipt: staffReceiptSchema });
export type RedeemReceiptResponse = z.infer<typeof redeemReceiptResponseSchema>;
