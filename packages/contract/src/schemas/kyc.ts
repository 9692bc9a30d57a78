import { z } from "zod";
import { LIMITS } from "../constants";
import { accountTypeSchema, idTypeSchema } from "./enums";
import { personName, requiredText } from "./fields";

/** A YYYY-MM-DD day that exists (no 2026-02-30, no year 0), so the database's date column takes it. */
function isCalendarDate(text: string): boolean {
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.getUTCFullYear() >= 1 && day.toISOString().slice(0, 10) === text;
}

/** Fields of POST /auth/kyc/submit/ and PUT /auth/kyc/update/ (SPEC §3 KYC record). */
export const kycInputSchema = z.object({
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
  id_number: requiredText(LIMITS.name),
  id_type: idTypeSchema.default("NIN"),
});
export type KycInput = z.infer<typeof kycInputSchema>;

/** Answer of GET /auth/kyc/me/ */
export const kycRecordSchema = kycInputSchema.extend({
  status: z.string(),
  tier_level: z.number().int().nullable(),
  utility_bill: z.string().nullable().optional(),
  cac_certificate: z.string().nullable().optional(),
  board_letter: z.string().nullable().optional(),
});
export type KycRecord = z.infer<typeof kycRecordSchema>;

/** Upload slots of POST /auth/kyc/upgrade/ */
export const KYC_DOCUMENT_SLOTS = ["utility_bill", "cac_certificate", "board_letter"] as const;
/** Accepted document extensions. */
export const KYC_DOCUMENT_EXTENSIONS = ["pdf", "doc", "docx", "png", "jpg", "jpeg"] as const;
