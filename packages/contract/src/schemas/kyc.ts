import { z } from "zod";
import { LIMITS } from "../constants";
import type { IdType } from "../enums";
import { accountTypeSchema, idTypeSchema, kycStatusSchema } from "./enums";
import { personName, requiredText } from "./fields";
import { ID_NUMBER_MESSAGES, isIdNumberValid, normalizeIdNumber } from "./id-numbers";
import { reservedAccountStandingSchema } from "./wallet";

/** A YYYY-MM-DD day that exists (no 2026-02-30, no year 0), so the database's date column takes it. */
function isCalendarDate(text: string): boolean {
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.getUTCFullYear() >= 1 && day.toISOString().slice(0, 10) === text;
}

/**
 * Fields of POST /auth/kyc/submit/ and PUT /auth/kyc/update/ (SPEC §3 KYC record). id_number is kept
 * normalised (id-numbers.ts) and must have its id_type's Nigerian format; that check runs whatever other
 * fields are wrong, so a form shows every field's message at once.
 */
export const kycInputSchema = z
  .object({
    /**
     * SPEC's form sends it, but it sets nothing: a submission is always INDIVIDUAL and a correction keeps
     * the record's type; only the upgrade with its three documents makes an account CORPORATE (SPEC §4).
     */
    account_type: accountTypeSchema.default("INDIVIDUAL"),
    /** Date of birth, or Date of Establishment for corporate accounts (YYYY-MM-DD). */
    dob: requiredText(10)
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Enter a valid date (YYYY-MM-DD).", abort: true })
      .refine(isCalendarDate, "Enter a valid date (YYYY-MM-DD)."),
    /** Address, or Office Address for corporate accounts. */
    address: requiredText(LIMITS.address),
    next_of_kin_name: personName(LIMITS.name),
    next_of_kin_phone: requiredText(LIMITS.phone),
    next_of_kin_address: requiredText(LIMITS.address),
    id_number: requiredText(LIMITS.name).transform(normalizeIdNumber),
    id_type: idTypeSchema.default("NIN"),
  })
  .refine((kyc) => isIdNumberValid(kyc.id_type, kyc.id_number), {
    path: ["id_number"],
    error: (issue) => ID_NUMBER_MESSAGES[(issue.input as { id_type: IdType }).id_type],
    when: (payload) =>
      !payload.issues.some((issue) => !issue.path?.length || issue.path[0] === "id_number" || issue.path[0] === "id_type"),
  });
export type KycInput = z.infer<typeof kycInputSchema>;

/** Upload slots of POST /auth/kyc/upgrade/ */
export const KYC_DOCUMENT_SLOTS = ["utility_bill", "cac_certificate", "board_letter"] as const;
/** Accepted document extensions: the server checks each file's first bytes against its extension's type. */
export const KYC_DOCUMENT_EXTENSIONS = ["pdf", "doc", "docx", "png", "jpg", "jpeg"] as const;
export type KycDocumentExtension = (typeof KYC_DOCUMENT_EXTENSIONS)[number];

/**
 * Answer of GET /auth/kyc/me/, POST /auth/kyc/submit/ and PUT /auth/kyc/update/ (SPEC §3 KYC record),
 * with the documents of a corporate upgrade.
 */
export const kycRecordSchema = z.object({
  id: z.number().int(),
  account_type: accountTypeSchema,
  dob: z.string(),
  address: z.string(),
  next_of_kin_name: z.string(),
  next_of_kin_phone: z.string(),
  next_of_kin_address: z.string(),
  id_number: z.string(),
  id_type: z.string(),
  status: kycStatusSchema,
  tier_level: z.number().int().nullable(),
  rejection_reason: z.string().nullable(),
  submitted_at: z.string(),
  documents: z.array(
    z.object({
      /** The document's public id (a random UUID). */
      id: z.string(),
      slot: z.string(),
      original_name: z.string(),
      /** API_PATHS.kycDocument of the id: its owner and the KYC reviewers read it. */
      url: z.string(),
    }),
  ),
});

export type KycRecord = z.infer<typeof kycRecordSchema>;

/** Answer of POST /auth/kyc/upgrade/ */
export const kycUpgradeResponseSchema = z.object({ detail: z.string(), kyc: kycRecordSchema });

/**
 * A submission as KYC reviewers see it: the record, its customer, every decision taken on it, and where the
 * customer's account number stands (with why none can be issued).
 */
export const kycReviewSchema = kycRecordSchema.extend({
  customer: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string(), email: z.string() }),
  reserved_account: reservedAccountStandingSchema,
  decisions: z.array(
    z.object({
      decision: z.enum(["verified", "rejected"]),
      tier_level: z.number().int().nullable(),
      reason: z.string().nullable(),
      decided_at: z.string(),
      decided_by: z.object({ email: z.string() }),
    }),
  ),
});

export type KycReview = z.infer<typeof kycReviewSchema>;

/** Query of GET /api/staff/kyc/ (admins, super admins). */
export const kycReviewQuerySchema = z.object({ status: kycStatusSchema.optional() });
/** Answer of GET /api/staff/kyc/: the queue, pending first. */
export const kycReviewListResponseSchema = z.object({ results: z.array(kycReviewSchema) });

/** POST /api/staff/kyc/{id}/decision/: verify with a tier level, or reject with a reason; answers the kycReviewSchema. */
export const kycDecisionInputSchema = z.object({
  decision: z.enum(["verified", "rejected"]),
  tier_level: z.number().int().min(1).max(3).optional(),
  reason: z.string().trim().max(500).optional(),
});
