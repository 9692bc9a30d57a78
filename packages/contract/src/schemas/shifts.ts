import { z } from "zod";
import { LIMITS } from "../constants";
import { drawerCountSchema, drawerSchema } from "./cash-desk";
import { requiredText } from "./fields";

/**
 * Staff shifts and their close-out (beyond SPEC: issue 21). Money is naira with two decimals, as a string;
 * times are ISO 8601 instants; days are WAT calendar days (YYYY-MM-DD).
 */

/** A shift in a path. */
export const shiftIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** POST /api/staff/shifts/{id}/close/: what the staff member says about the shift (cash handed over, issues). */
export const closeShiftSchema = z.object({
  note: requiredText(LIMITS.description),
  /** The drawer's count by denomination: required for a shift whose drawer had a float or took cash. */
  count: drawerCountSchema.optional(),
});
export type CloseShiftInput = z.infer<typeof closeShiftSchema>;

const moneySchema = z.string();

/** Money received with one payment method. */
const methodTotalSchema = z.object({
  /** The payment method's key (wallet, remita, monnify, paystack, bank_transfer). */
  method: z.string(),
  /** Its display name. */
  method_name: z.string(),
  count: z.number().int(),
  /** What the payments paid towards bills (their subtotals). */
  amount: moneySchema,
  /** The charge fees they paid on top. */
  fees: moneySchema,
  /**
   * What the ledger's settlement entries of these payments received (their debits): amount + fees, and any
   * excess of a transfer owed back to its payer.
   */
  total: moneySchema,
});

/** Bill lines raised, or items given, for one department ("" for lines no department gives). */
const departmentLinesSchema = z.object({
  department: z.string(),
  lines: z.number().int(),
  quantity: z.number().int(),
});

/**
 * What a staff member did in a shift (or what every staff member did in a day): bills raised and where
 * they stand now, money received against bills by method, bank transfers confirmed, items given.
 */
export const shiftReportSchema = z.object({
  /** The window the report covers: [from, to). */
  from: z.string(),
  to: z.string(),
  bills: z.object({
    count: z.number().int(),
    open: z.number().int(),
    paid: z.number().int(),
    cancelled: z.number().int(),
    /** What the bills raised ask for, and how much of it has been paid. */
    total: moneySchema,
    paid_amount: moneySchema,
    /** Their lines by department, with what those lines ask for. */
    by_department: z.array(departmentLinesSchema.extend({ amount: moneySchema })),
  }),
  /**
   * Parts of the staff member's bills whose payment completed in the window, by method, each figure read
   * from their settlement entries' postings: amount what they credited to the bills' deposits, fees to fee
   * income, total what they received.
   */
  received: z.object({
    by_method: z.array(methodTotalSchema),
    count: z.number().int(),
    amount: moneySchema,
    fees: moneySchema,
    total: moneySchema,
    /** What the ledger's settlement entries of these parts received (their debits): `total`, read from the postings. */
    ledger_total: moneySchema,
  }),
  /**
   * Bank transfers the staff member booked in the window (confirmed, or approved, and so settled): those
   * that settled, with what their settlement entries received; those held for a refund (a bill's part its
   * bill no longer needed: the money went into suspense, never counted), with what went there; and the
   * confirmations they made in the window still awaiting an admin. A report stored without the held ones
   * reads as holding none.
   */
  transfers: z.object({
    count: z.number().int(),
    amount: moneySchema,
    awaiting_approval: z.number().int(),
    held: z.number().int().default(0),
    held_amount: moneySchema.default("0.00"),
  }),
  /** Items given at the point of care, by department. */
  items_given: z.object({
    lines: z.number().int(),
    quantity: z.number().int(),
    by_department: z.array(departmentLinesSchema),
  }),
  /**
   * Money in: the settlement entries of the parts received and of the transfers settled, each entry once (a
   * bill's part paid by a transfer the staff member booked is both, counted once), and what they received.
   */
  totals: z.object({ count: z.number().int(), amount: moneySchema }),
});
export type ShiftReport = z.infer<typeof shiftReportSchema>;

const shiftStaffSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string(), role: z.string() });

/** A shift with its report: live while it is open, as it stood at the close once closed. */
export const shiftSchema = z.object({
  id: z.number().int(),
  staff: shiftStaffSchema,
  status: z.enum(["open", "closed"]),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  closed_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  close_note: z.string().nullable(),
  report: shiftReportSchema,
  /** Its cash drawer (issue 36); null for a shift opened before drawers existed. */
  drawer: drawerSchema.nullable().default(null),
});
export type Shift = z.infer<typeof shiftSchema>;

/** POST /api/staff/shifts/ (201) and POST /api/staff/shifts/{id}/close/. */
export const shiftResponseSchema = z.object({ detail: z.string(), shift: shiftSchema });
export type ShiftResponse = z.infer<typeof shiftResponseSchema>;

const watDateSchema = z.iso.date({ error: "Enter a date as YYYY-MM-DD." });

/** GET /api/staff/shifts/ (admins): shifts opened on a WAT day, of one staff member, newest first, paged. */
export const shiftListQuerySchema = z.object({
  date: watDateSchema.optional(),
  staff: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  /** Only shifts whose drawer count waits for an admin's sign-off ("true"). */
  awaiting_signoff: z.enum(["true", "false"]).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type ShiftListQuery = z.infer<typeof shiftListQuerySchema>;

/** One shift in the admins' list: its stored report once closed, null while open (open it to see it live). */
export const shiftRowSchema = shiftSchema.extend({ report: shiftReportSchema.nullable() });
export type ShiftRow = z.infer<typeof shiftRowSchema>;

export const shiftListResponseSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(shiftRowSchema),
});
export type ShiftListResponse = z.infer<typeof shiftListResponseSchema>;

/** GET /api/staff/shifts/daily/ and its CSV export: one WAT day, today's when none is given. */
export const dailySummaryQuerySchema = z.object({ date: watDateSchema.optional() });
export type DailySummaryQuery = z.infer<typeof dailySummaryQuerySchema>;

/** Every staff member's day: the report over the WAT day, and how many shifts were opened and closed in it. */
export const dailySummarySchema = z.object({
  date: z.string(),
  shifts: z.object({ opened: z.number().int(), closed: z.number().int(), still_open: z.number().int() }),
  report: shiftReportSchema,
});
export type DailySummary = z.infer<typeof dailySummarySchema>;
