import { z } from "zod";
import { LIMITS } from "../constants";
import { watDay } from "../display";
import { LOCALES } from "../locales";
import { emailSchema, personName, optionalPersonName, phoneSchema, requiredText } from "./fields";
import { FIELD_MESSAGES } from "./field-messages";
import { staffSearchQuerySchema } from "./staff-search";

/**
 * The patient register (beyond SPEC: issue 36): patients keyed by their hospital number (unique, whatever
 * its letters' case), created and corrected by staff, every change audited.
 */

/** Oldest date of birth the register takes. */
export const PATIENT_BIRTH_MIN = "1900-01-01";

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date, YYYY-MM-DD, that exists (no 31 April) and lies between PATIENT_BIRTH_MIN and `today`. */
function birthDate(today: () => string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? FIELD_MESSAGES.required : FIELD_MESSAGES.notString) })
    .trim()
    .regex(DATE_RE, { error: "Enter the date as YYYY-MM-DD.", abort: true })
    .refine((value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    }, "Enter a date that exists.")
    .refine((value) => value >= PATIENT_BIRTH_MIN, `Enter a date from ${PATIENT_BIRTH_MIN} on.`)
    .refine((value) => value <= today(), "A date of birth cannot be in the future.");
}

/** An e-mail that may be left out: empty, null and missing become "". */
const optionalEmail = z
  .union([z.literal(""), emailSchema], {
    error: (issue) => (typeof issue.input === "string" ? FIELD_MESSAGES.email : FIELD_MESSAGES.notString),
  })
  .nullish()
  .transform((value) => value ?? "");

const patientFields = {
  hospital_number: requiredText(LIMITS.hospitalNumber),
  first_name: personName(LIMITS.name),
  last_name: personName(LIMITS.name),
  other_names: optionalPersonName(LIMITS.name),
  phone: phoneSchema,
  email: optionalEmail,
  /** The language the hospital writes to the patient in (SMS, e-mail). */
  language: z.enum(LOCALES, {
    error: (issue) =>
      issue.input === undefined
        ? FIELD_MESSAGES.required
        : typeof issue.input === "string"
          ? `Choose one of ${LOCALES.join(", ")}.`
          : FIELD_MESSAGES.notString,
  }),
  date_of_birth: birthDate(() => watDay(new Date().toISOString())),
};

/** POST /api/staff/patients/: registers a patient. */
export const patientInputSchema = z.object(patientFields);
export type PatientInput = z.infer<typeof patientInputSchema>;

/** PATCH /api/staff/patients/{id}/: corrects any of a patient's details (at least one). */
export const patientCorrectionSchema = z
  .object({
    hospital_number: patientFields.hospital_number.optional(),
    first_name: patientFields.first_name.optional(),
    last_name: patientFields.last_name.optional(),
    other_names: patientFields.other_names.optional(),
    phone: patientFields.phone.optional(),
    email: patientFields.email.optional(),
    language: patientFields.language.optional(),
    date_of_birth: patientFields.date_of_birth.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: "Send at least one detail to correct.",
    path: ["non_field_errors"],
  });
export type PatientCorrection = z.infer<typeof patientCorrectionSchema>;

/** A patient in a path. */
export const patientIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const patientSchema = z.object({
  id: z.number().int(),
  hospital_number: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  other_names: z.string(),
  phone: z.string(),
  email: z.string(),
  language: z.enum(LOCALES),
  date_of_birth: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Patient = z.infer<typeof patientSchema>;

export const patientResponseSchema = z.object({ detail: z.string(), patient: patientSchema });

/**
 * GET /api/staff/patients/?q=: any part of the hospital number, any part of the phone (three digits or more),
 * or names in any order, each word allowed a small typo; best matches first. The same text and paging as the
 * staff search's.
 */
export const patientSearchQuerySchema = staffSearchQuerySchema;
export type PatientSearchQuery = z.infer<typeof patientSearchQuerySchema>;

export const patientListResponseSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  results: z.array(patientSchema),
});
export type PatientList = z.infer<typeof patientListResponseSchema>;
