import { z } from "zod";
import { LIMITS } from "../constants";
import { percentToBp } from "../hmo-coverage";
import { emailSchema, optionalText, personName, phoneSchema, requiredDateSchema, requiredText } from "./fields";
import { FIELD_MESSAGES } from "./field-messages";

/**
 * HMOs under NHIA (issue 37, beyond SPEC): the HMOs the hospital bills, their plans with the coverage rules
 * by catalogue department or service, and the register patients enrolled on a plan.
 */

export const HMO_MESSAGES = {
  nhiaCode: "An NHIA code is letters, digits, / and -.",
  accountNumber: "A bank account number is 10 digits (NUBAN).",
  percent: "A percentage is 0 to 100, with at most two decimals.",
  sharesOver: "The covered share and the co-payment together are at most 100%.",
  excludedShares: "An excluded service has no covered share or co-payment.",
  ruleTarget: "Give the department or the service the rule is for, one of the two.",
  ruleTwice: "Each department and each service has one rule at most.",
  validTo: "The end is on or after the start.",
  duplicateHmo: "An HMO with this name or NHIA code is already registered.",
  duplicatePlan: "This HMO already has a plan with this name.",
  duplicateEnrollee: "This enrollee ID is already enrolled with this HMO.",
  overlap: "The patient is already enrolled with an HMO for part of these dates.",
  noHmo: "No HMO has this id.",
  noPlan: "No plan has this id.",
  noPatient: "No patient has this id.",
  preauthCode: "A pre-authorisation code is letters, digits, / and -.",
  preauthNeeded: (service: string, hmo: string) =>
    `${service} needs ${hmo}'s pre-authorisation code before ${hmo} can be charged for it.`,
} as const;

/** A percentage, 0 to 100 with at most two decimals, as a string or a number. */
const percent = z
  .union([z.string(), z.number()], { error: FIELD_MESSAGES.notString })
  .refine((value) => percentToBp(value) !== null, HMO_MESSAGES.percent);

/** The shares of a rule: what the HMO pays and what the patient co-pays (the rest is not covered). */
const shareFields = {
  covered_percent: percent.optional(),
  copay_percent: percent.optional(),
  excluded: z.boolean({ error: "Answer true or false." }).default(false),
  preauth_required: z.boolean({ error: "Answer true or false." }).default(false),
};

function checkShares(
  rule: { covered_percent?: string | number; copay_percent?: string | number; excluded: boolean },
  ctx: z.RefinementCtx,
  path: (string | number)[],
) {
  const covered = rule.covered_percent === undefined ? 0 : (percentToBp(rule.covered_percent) ?? 0);
  const copay = rule.copay_percent === undefined ? 0 : (percentToBp(rule.copay_percent) ?? 0);
  if (rule.excluded && (covered > 0 || copay > 0))
    ctx.addIssue({ code: "custom", path: [...path, "excluded"], message: HMO_MESSAGES.excludedShares });
  if (covered + copay > 10_000)
    ctx.addIssue({ code: "custom", path: [...path, "covered_percent"], message: HMO_MESSAGES.sharesOver });
}

/** POST /api/staff/hmos/: registers an HMO. */
export const hmoInputSchema = z.object({
  name: requiredText(LIMITS.name),
  nhia_code: requiredText(20)
    .regex(/^[A-Za-z0-9/-]+$/, HMO_MESSAGES.nhiaCode)
    .transform((code) => code.toUpperCase()),
  contact_name: personName(LIMITS.name),
  contact_phone: phoneSchema,
  contact_email: emailSchema,
  /** Where the HMO's remittances come from. */
  bank_name: requiredText(LIMITS.name),
  bank_account_number: requiredText(10).regex(/^\d{10}$/, HMO_MESSAGES.accountNumber),
  bank_account_name: requiredText(LIMITS.name),
});
export type HmoInput = z.infer<typeof hmoInputSchema>;

/** A rule for a department (by name) or a service (by catalogue id). */
const ruleInputSchema = z
  .object({
    department: optionalText(LIMITS.name),
    service_id: optionalText(64),
    ...shareFields,
  })
  .superRefine((rule, ctx) => {
    if ((rule.department === "") === (rule.service_id === ""))
      ctx.addIssue({ code: "custom", path: ["department"], message: HMO_MESSAGES.ruleTarget });
    checkShares(rule, ctx, []);
  });

/** POST /api/staff/hmos/{id}/plans/: a plan with its own shares and the rules that differ from them. */
export const hmoPlanInputSchema = z
  .object({
    name: requiredText(LIMITS.name),
    ...shareFields,
    rules: z.array(ruleInputSchema, { error: "Send a list of rules." }).max(500).default([]),
  })
  .superRefine((plan, ctx) => {
    checkShares(plan, ctx, []);
    const seen = new Set<string>();
    plan.rules.forEach((rule, index) => {
      const key = rule.service_id !== "" ? `s:${rule.service_id}` : `d:${rule.department.toLowerCase()}`;
      if (seen.has(key)) ctx.addIssue({ code: "custom", path: ["rules", index, "department"], message: HMO_MESSAGES.ruleTwice });
      seen.add(key);
    });
  });
export type HmoPlanInput = z.infer<typeof hmoPlanInputSchema>;

/** POST /api/staff/patients/{id}/enrolments/: the patient enrolled on a plan, from one date to another. */
export const enrolmentInputSchema = z
  .object({
    plan_id: z.number({ error: "Choose a plan." }).int().positive(),
    enrollee_id: requiredText(40),
    valid_from: requiredDateSchema,
    valid_to: requiredDateSchema,
  })
  .refine((input) => input.valid_to >= input.valid_from, { path: ["valid_to"], message: HMO_MESSAGES.validTo });
export type EnrolmentInput = z.infer<typeof enrolmentInputSchema>;

export const hmoIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});

const shareView = {
  covered_percent: z.string(),
  copay_percent: z.string(),
  excluded: z.boolean(),
  preauth_required: z.boolean(),
};
export const hmoPlanRuleSchema = z.object({ department: z.string(), service_id: z.string(), ...shareView });
export const hmoPlanSchema = z.object({
  id: z.number().int(),
  hmo_id: z.number().int(),
  name: z.string(),
  ...shareView,
  rules: z.array(hmoPlanRuleSchema),
});
export type HmoPlan = z.infer<typeof hmoPlanSchema>;

export const hmoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nhia_code: z.string(),
  contact_name: z.string(),
  contact_phone: z.string(),
  contact_email: z.string(),
  bank_name: z.string(),
  bank_account_number: z.string(),
  bank_account_name: z.string(),
  plans: z.array(hmoPlanSchema),
  created_at: z.string(),
});
export type Hmo = z.infer<typeof hmoSchema>;
export const hmoListSchema = z.object({ results: z.array(hmoSchema) });
export type HmoList = z.infer<typeof hmoListSchema>;
export const hmoResponseSchema = z.object({ detail: z.string(), hmo: hmoSchema });
export const hmoPlanResponseSchema = z.object({ detail: z.string(), plan: hmoPlanSchema });

export const enrolmentSchema = z.object({
  id: z.number().int(),
  patient_id: z.number().int(),
  hmo: z.object({ id: z.number().int(), name: z.string(), nhia_code: z.string() }),
  plan: z.object({ id: z.number().int(), name: z.string() }),
  enrollee_id: z.string(),
  valid_from: z.string(),
  valid_to: z.string(),
  /** Valid on today's date in West Africa Time. */
  current: z.boolean(),
  created_at: z.string(),
});
export type Enrolment = z.infer<typeof enrolmentSchema>;
export const enrolmentListSchema = z.object({ results: z.array(enrolmentSchema) });
export type EnrolmentList = z.infer<typeof enrolmentListSchema>;
export const enrolmentResponseSchema = z.object({ detail: z.string(), enrolment: enrolmentSchema });

/** The age buckets of what an HMO owes, in days since the bill became final (WAT days). */
export const RECEIVABLE_BUCKETS = ["0-30", "31-60", "61-90", "90+"] as const;

/** GET /api/staff/hmos/receivables/: per HMO, what it owes (naira as text) and by age, with the bills it is owed for. */
export const hmoReceivablesSchema = z.object({
  /** The WAT day the ages are counted to. */
  as_of: z.string(),
  results: z.array(
    z.object({
      hmo_id: z.number().int(),
      hmo_name: z.string(),
      nhia_code: z.string(),
      bills: z.number().int(),
      owed: z.string(),
      buckets: z.object({ "0-30": z.string(), "31-60": z.string(), "61-90": z.string(), "90+": z.string() }),
    }),
  ),
  total: z.string(),
});
export type HmoReceivables = z.infer<typeof hmoReceivablesSchema>;
