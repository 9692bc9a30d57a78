import { z } from "zod";
import { LIMITS } from "../constants";
import { newBillItemSchema, staffBillSchema, BILL_MAX_ITEMS } from "./bills";
import { decimalAmountSchema, optionalText, requiredText } from "./fields";

/**
 * Admissions and deposits (issue 37, beyond SPEC): an admission opens a running bill for a register patient,
 * to which staff add the stay's lines; deposits are paid to it by any channel as its parts; discharge applies
 * them, gives the excess back or collects the rest, and the bill's receipt code clears the patient at the exit.
 */

export const ADMISSION_MESSAGES = {
  admitted: "Patient admitted. Take the deposit through the bill's link or at the desk.",
  linesAdded: "Lines added to the stay's bill.",
  discharged: "Patient discharged.",
  dischargedOwing: (owed: string) => `Patient discharged: ${owed} is still to pay before the clearance code is given.`,
  notFound: "No admission has this id.",
  alreadyAdmitted: "This patient is already admitted.",
  unknownPatient: "Choose a patient of the register.",
  alreadyDischarged: "This patient was discharged already.",
  noLines: "Add the stay's lines before discharging the patient.",
  runningBill: "This bill is an admission's: it is closed by discharging the patient.",
  lowDeposit: "Deposit low",
  refundPaid: "Refund recorded as paid.",
  noRefundOwed: "This stay owes no refund.",
  refundAlreadyPaid: "This stay's refund was recorded as paid already.",
} as const;

/** Where a stay is: in the ward, discharged with the rest still to pay, cleared (the bill paid), or cancelled. */
export const ADMISSION_STATUSES = ["admitted", "awaiting_payment", "cleared", "cancelled"] as const;
export type AdmissionStatus = (typeof ADMISSION_STATUSES)[number];

/** Where a deposit's excess goes at discharge: to the wallets it was paid from, or owed back by refund. */
export const EXCESS_DESTINATIONS = ["wallet", "refund"] as const;

/** POST /api/staff/admissions/ */
export const admitInputSchema = z.object({
  patient_id: z
    .number({ error: ADMISSION_MESSAGES.unknownPatient })
    .int(ADMISSION_MESSAGES.unknownPatient)
    .positive(ADMISSION_MESSAGES.unknownPatient)
    .max(Number.MAX_SAFE_INTEGER, ADMISSION_MESSAGES.unknownPatient),
  ward: requiredText(60),
  /** The ward is warned when the deposit left after the charges falls below this, in naira. */
  low_deposit: decimalAmountSchema.default("10000.00"),
  /** For a patient enrolled with an HMO today: whether the HMO is charged its part of the stay's lines. */
  charge_hmo: z.boolean({ error: "Answer true or false." }).default(true),
  note: optionalText(LIMITS.description),
});
export type AdmitInput = z.infer<typeof admitInputSchema>;

/** POST /api/staff/admissions/{id}/lines/: lines as a bill's are raised. */
export const admissionLinesInputSchema = z.object({ items: z.array(newBillItemSchema).min(1).max(BILL_MAX_ITEMS) });
export type AdmissionLinesInput = z.infer<typeof admissionLinesInputSchema>;

/** POST /api/staff/admissions/{id}/discharge/ */
export const dischargeInputSchema = z.object({
  excess_to: z.enum(EXCESS_DESTINATIONS, { error: "Choose where the excess goes: wallet or refund." }).default("wallet"),
});
export type DischargeInput = z.infer<typeof dischargeInputSchema>;

/** POST /api/staff/admissions/{id}/refund-paid/: the bank transfer that paid the excess deposit back. */
export const depositRefundPaidSchema = z.object({ bank_reference: requiredText(60) });
export type DepositRefundPaid = z.infer<typeof depositRefundPaidSchema>;

export const admissionIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** A stay as the ward and the desk see it; money in naira. */
export const admissionSchema = z.object({
  id: z.number().int(),
  status: z.enum(ADMISSION_STATUSES),
  ward: z.string(),
  patient: z.object({ id: z.number().int(), hospital_number: z.string(), name: z.string() }),
  admitted_at: z.string(),
  admitted_by: z.string(),
  discharged_at: z.string().nullable(),
  /** The patient's part of the lines so far (the HMO's part is claimed from it). */
  charges: z.string(),
  hmo_part: z.string(),
  /** What deposits paid, and approved waivers took off. */
  deposits: z.string(),
  waived: z.string(),
  /** Deposits and waivers less the charges: what is left of the deposit (negative: what is owed). */
  balance: z.string(),
  low_deposit: z.string(),
  /** True while the patient stays and the balance is below `low_deposit`. */
  deposit_low: z.boolean(),
  returned_to_wallets: z.string(),
  owed_by_refund: z.string(),
  /** The bank transfer that paid the refund owed, once recorded. */
  refund_paid: z.object({ at: z.string(), by: z.string(), reference: z.string() }).nullable().default(null),
  bill_token: z.string(),
  pay_url: z.string(),
  /** The bill's receipt code once it is paid: the discharge clearance code the exit checks. */
  clearance_code: z.string().nullable(),
});
export type Admission = z.infer<typeof admissionSchema>;

export const admissionListQuerySchema = z.object({
  status: z.enum(["current", "discharged"]).default("current"),
});

export const admissionListSchema = z.object({ results: z.array(admissionSchema) });

/** A stay with its bill's lines, deposits and waivers. */
export const admissionDetailSchema = z.object({ admission: admissionSchema, bill: staffBillSchema });
export type AdmissionDetail = z.infer<typeof admissionDetailSchema>;

export const admissionAnswerSchema = admissionDetailSchema.extend({ detail: z.string() });
