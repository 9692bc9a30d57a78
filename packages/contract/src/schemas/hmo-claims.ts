import { z } from "zod";
import { LIMITS } from "../constants";
import { decimalAmountSchema, requiredChoice, requiredDateSchema, requiredText } from "./fields";

/**
 * Claims and remittances (issue 37, beyond SPEC): a claim batch per HMO and month of the HMO parts of its
 * enrollees' final bills, submitted, paid by remittances allocated over its lines, and what is left short
 * written off with another officer's sign-off.
 */

export const CLAIM_MESSAGES = {
  created: "Claim batch created.",
  submitted: "Claim batch submitted.",
  remitted: "Remittance recorded.",
  writeOffAsked: "Write-off asked for; another officer signs it off.",
  writeOffApproved: "Write-off approved.",
  writeOffRejected: "Write-off rejected.",
  month: "Give the month as YYYY-MM.",
  nothingToClaim: "The HMO has no final bill of that month left to claim.",
  batchExists: "The HMO already has a claim batch for that month.",
  notFound: "No claim batch has this id.",
  noHmo: "No HMO has this id.",
  notDraft: "Only a draft batch is submitted.",
  notSubmitted: "Submit the batch before recording what the HMO paid on it.",
  overpaid: (outstanding: string) => `The batch asks for ${outstanding} at most.`,
  referenceTwice: "This bank reference is recorded already.",
  nothingLeft: "Nothing is left to write off on this batch.",
  writeOffPending: "A write-off of this batch is already waiting for its sign-off.",
  writeOffNotFound: "No write-off has this id.",
  writeOffDecided: "This write-off was decided already.",
  ownWriteOff: "Someone other than the officer who asked signs a write-off off.",
  rejected: "Line marked as rejected by the HMO.",
  noLine: "The batch has no such line.",
  lineSettled: "Only a line the HMO has paid nothing of, and not rejected or written off yet, is rejected.",
  onlyRejectedLeft: (accepted: string) => `The lines the HMO has not rejected ask for ${accepted} at most.`,
} as const;

export const CLAIM_STATUSES = ["draft", "submitted", "part_paid", "paid"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** POST /api/staff/hmo-claims/: the batch of an HMO's month. */
export const claimInputSchema = z.object({
  hmo_id: z.number({ error: "Choose an HMO." }).int().positive().max(Number.MAX_SAFE_INTEGER),
  month: requiredText(7).pipe(z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, CLAIM_MESSAGES.month)),
});
export type ClaimInput = z.infer<typeof claimInputSchema>;

/** POST /api/staff/hmo-claims/{id}/remittances/: what the HMO paid on the batch, by which bank transfer, when. */
export const remittanceInputSchema = z.object({
  amount: decimalAmountSchema,
  bank_reference: requiredText(60),
  received_on: requiredDateSchema,
});
export type RemittanceInput = z.infer<typeof remittanceInputSchema>;

/** POST /api/staff/hmo-claims/{id}/rejections/: a line the HMO rejected, with its reason. */
export const claimRejectionInputSchema = z.object({
  bill_token: requiredText(64),
  position: z.number({ error: "Choose a line." }).int().min(1).max(10_000),
  reason: requiredText(LIMITS.description),
});
export type ClaimRejectionInput = z.infer<typeof claimRejectionInputSchema>;

/** POST /api/staff/hmo-claims/{id}/write-offs/: writing what is left short off, with why. */
export const claimWriteOffInputSchema = z.object({ reason: requiredText(LIMITS.description) });
export type ClaimWriteOffInput = z.infer<typeof claimWriteOffInputSchema>;

/** POST /api/staff/hmo-claim-write-offs/{id}/decide/: the sign-off. */
export const claimWriteOffDecisionSchema = z.object({
  decision: requiredChoice(["approve", "reject"]),
  note: requiredText(LIMITS.description),
});
export type ClaimWriteOffDecision = z.infer<typeof claimWriteOffDecisionSchema>;

export const claimListQuerySchema = z.object({
  hmo_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export const claimIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

const claimHeadSchema = z.object({
  id: z.number().int(),
  hmo: z.object({ id: z.number().int(), name: z.string(), nhia_code: z.string() }),
  /** YYYY-MM. */
  month: z.string(),
  status: z.enum(CLAIM_STATUSES),
  lines: z.number().int(),
  total: z.string(),
  remitted: z.string(),
  written_off: z.string(),
  /** What the HMO still owes on it. */
  outstanding: z.string(),
  created_at: z.string(),
  submitted_at: z.string().nullable(),
});
export type ClaimHead = z.infer<typeof claimHeadSchema>;

const claimLineSchema = z.object({
  bill_token: z.string(),
  position: z.number().int(),
  /** The WAT day the bill became final (the encounter's day for the claim). */
  final_on: z.string(),
  hospital_number: z.string(),
  patient_name: z.string(),
  enrollee_id: z.string(),
  service_id: z.string(),
  service_name: z.string(),
  department: z.string().nullable(),
  quantity: z.number().int(),
  preauth_code: z.string().nullable(),
  amount: z.string(),
  paid: z.string(),
  written_off: z.string(),
  /** The HMO's reason for rejecting the line (it pays nothing of it); null while it is not rejected. */
  rejected_reason: z.string().nullable().default(null),
});

const person = z.object({ id: z.number().int(), name: z.string() });

export const claimWriteOffSchema = z.object({
  id: z.number().int(),
  amount: z.string(),
  reason: z.string(),
  status: z.enum(["pending", "approved", "rejected"]),
  requested_by: person,
  requested_at: z.string(),
  decided_by: person.nullable(),
  decided_at: z.string().nullable(),
  decision_note: z.string().nullable(),
});

export const claimSchema = claimHeadSchema.extend({
  claim_lines: z.array(claimLineSchema),
  remittances: z.array(
    z.object({
      id: z.number().int(),
      amount: z.string(),
      bank_reference: z.string(),
      received_on: z.string(),
      created_at: z.string(),
    }),
  ),
  write_offs: z.array(claimWriteOffSchema),
});
export type Claim = z.infer<typeof claimSchema>;

export const claimListSchema = z.object({ results: z.array(claimHeadSchema) });
export const claimResponseSchema = z.object({ detail: z.string(), claim: claimSchema });
