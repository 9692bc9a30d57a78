import { z } from "zod";
import { percentToBp } from "../hmo-coverage";
import { LIMITS, MAX_TOTAL_KOBO } from "../constants";
import { nairaToKobo } from "../money";
import { decimalAmountSchema, decimalStringSchema, requiredChoice, requiredText } from "./fields";

/**
 * Discounts and waivers on bills (issue 36): the desk asks for one (an amount, or a percentage of the bill's
 * total, with a reason); a named officer with the right approves it within their waiver limit, or rejects it.
 */

export const WAIVER_MESSAGES = {
  requested: "Waiver requested: an officer with the right approves it.",
  approved: "Waiver approved: the bill asks for less.",
  rejected: "Waiver rejected.",
  amountOrPercent: "Give an amount or a percentage, not both.",
  amountOrPercentMissing: "Give the amount or the percentage to waive.",
  percentRange: "A percentage is between 0.01 and 100.",
  moreThanOwed: (left: string) => `Only ${left} is left to pay on this bill: a waiver cannot exceed it.`,
  tooSmall: "The waiver comes to nothing: give a larger amount or percentage.",
  notFound: "Waiver not found.",
  notPending: "This waiver was already decided.",
  ownRequest: "Another officer must decide a waiver you asked for.",
  noRight: "You do not approve waivers: ask a super admin for the right.",
  overLimit: (limit: string) => `This waiver is above your limit of ${limit}.`,
} as const;

/** POST /api/staff/bills/{token}/waivers/: a discount or waiver asked for on an open bill. */
export const waiverRequestSchema = z
  .object({
    /** In naira. */
    amount: decimalAmountSchema
      .refine((value) => (nairaToKobo(value) ?? 0) > 0 && (nairaToKobo(value) ?? 0) <= MAX_TOTAL_KOBO, "Enter a valid amount.")
      .optional(),
    /** Of the bill's total: 0.01 to 100, at most two decimals. */
    percent: z
      .union([z.string(), z.number()])
      .refine((value) => (percentToBp(value) ?? 0) > 0, {
        message: WAIVER_MESSAGES.percentRange,
      })
      .optional(),
    reason: requiredText(LIMITS.description),
  })
  .superRefine((input, ctx) => {
    if (input.amount !== undefined && input.percent !== undefined)
      ctx.addIssue({ code: "custom", path: ["amount"], message: WAIVER_MESSAGES.amountOrPercent });
    if (input.amount === undefined && input.percent === undefined)
      ctx.addIssue({ code: "custom", path: ["amount"], message: WAIVER_MESSAGES.amountOrPercentMissing });
  });
export type WaiverRequestInput = z.infer<typeof waiverRequestSchema>;

/** POST /api/staff/waivers/{id}/decide/: approve or reject, with a note. */
export const waiverDecisionSchema = z.object({
  decision: requiredChoice(["approve", "reject"]),
  note: requiredText(LIMITS.description),
});
export type WaiverDecisionInput = z.infer<typeof waiverDecisionSchema>;

export const WAIVER_STATUSES = ["pending", "approved", "rejected", "withdrawn"] as const;

const person = z.object({ id: z.number().int(), name: z.string() });

/** A waiver as staff see it. */
export const billWaiverSchema = z.object({
  id: z.number().int(),
  bill_token: z.string(),
  patient_name: z.string(),
  hospital_number: z.string(),
  /** What it takes off the bill. */
  amount: decimalStringSchema,
  /** The percentage asked for ("10.00"), or null for an amount. */
  percent: z.string().nullable(),
  reason: z.string(),
  status: z.enum(WAIVER_STATUSES),
  requested_by: person,
  requested_at: z.string(),
  decided_by: person.nullable(),
  decided_at: z.string().nullable(),
  decision_note: z.string().nullable(),
});
export type BillWaiver = z.infer<typeof billWaiverSchema>;

export const waiverResponseSchema = z.object({ detail: z.string(), waiver: billWaiverSchema });

/** GET /api/staff/waivers/: waivers by status (pending first to decide), newest first. */
export const waiverListQuerySchema = z.object({
  status: z.enum(WAIVER_STATUSES).default("pending"),
  page_size: z.coerce.number().int().min(1).max(100).default(50),
});
export const waiverListResponseSchema = z.object({ count: z.number().int(), results: z.array(billWaiverSchema) });
export const waiverIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
