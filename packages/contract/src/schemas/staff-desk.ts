import { z } from "zod";
import { MAX_TOTAL_KOBO } from "../constants";
import { formatNaira, nairaToKobo } from "../money";
import { roleSchema } from "./enums";
import { decimalAmountSchema, decimalStringSchema, requiredText } from "./fields";

/**
 * What a staff member does at the desk (issue 36), set by a super admin: the departments they belong to, as
 * the catalogue names them (items of a department are given only by its members; an item of no department
 * by anyone), whether they collect money and give items, and up to how much they approve a waiver.
 */

/** Most departments one member belongs to. */
export const MAX_DESK_DEPARTMENTS = 20;

export const STAFF_DESK_MESSAGES = {
  duplicateDepartment: "Each department once.",
  tooManyDepartments: `At most ${MAX_DESK_DEPARTMENTS} departments.`,
  limitTooLarge: `The waiver limit cannot exceed ${formatNaira(MAX_TOTAL_KOBO)}.`,
  notStaff: "Only staff members work at the desk.",
  updated: "Desk rights saved.",
  notMember: (department: string) => `You are not a member of ${department}: ask a super admin to add you to it.`,
  givesNoItems: "You do not give items at the desk: ask a super admin for the right.",
} as const;

const sameName = (name: string) => name.trim().toLowerCase();

/** PUT /api/staff/users/{id}/desk/ (super admins): the member's whole desk, replaced. */
export const staffDeskInputSchema = z.object({
  departments: z
    .array(requiredText(100))
    .max(MAX_DESK_DEPARTMENTS, STAFF_DESK_MESSAGES.tooManyDepartments)
    .refine((names) => new Set(names.map(sameName)).size === names.length, STAFF_DESK_MESSAGES.duplicateDepartment),
  collects_money: z.boolean(),
  gives_items: z.boolean(),
  /** The largest waiver they approve, in naira; null: they approve none. */
  waiver_limit: decimalAmountSchema
    .refine((value) => (nairaToKobo(value) ?? 0) <= MAX_TOTAL_KOBO, STAFF_DESK_MESSAGES.limitTooLarge)
    .nullable(),
});
export type StaffDeskInput = z.infer<typeof staffDeskInputSchema>;

/** A member's desk as the API answers it. */
export const staffDeskSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  role: roleSchema,
  departments: z.array(z.string()),
  collects_money: z.boolean(),
  gives_items: z.boolean(),
  waiver_limit: decimalStringSchema.nullable(),
  /** When a super admin last set it; null for a member whose desk was never set (nothing granted). */
  updated_at: z.string().nullable(),
});
export type StaffDesk = z.infer<typeof staffDeskSchema>;

export const staffDeskResponseSchema = z.object({ detail: z.string(), desk: staffDeskSchema });

/** The hospital as the desk's printed slips head it (API settings HOSPITAL_NAME, HOSPITAL_ADDRESS). */
export const deskHospitalSchema = z.object({
  name: z.string(),
  /** "" when none is configured. */
  address: z.string(),
});
export type DeskHospital = z.infer<typeof deskHospitalSchema>;

/** GET /api/staff/desk/: the signed-in member's own desk, with the hospital their slips are printed for. */
export const myDeskSchema = staffDeskSchema.extend({ hospital: deskHospitalSchema });
export type MyDesk = z.infer<typeof myDeskSchema>;
