import { z } from "zod";
import { decimalStringSchema } from "./fields";

/**
 * The day book (issue 36): every naira of a WAT day or month by channel, by department and by staff member,
 * with refunds, waivers and the drawers' variances, and whether it equals the ledger.
 */

export const DAY_BOOK_MESSAGES = {
  matches: "Matches the ledger",
  differs: (amount: string) => `Differs from the ledger by ${amount}`,
  dayOrMonth: "Give a day or a month, not both.",
} as const;

/** GET /api/staff/daybook/ (admins): `date` (YYYY-MM-DD) or `month` (YYYY-MM); today's WAT day when neither. */
export const dayBookQuerySchema = z
  .object({
    date: z.iso.date({ error: "Enter a date as YYYY-MM-DD." }).optional(),
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Enter a month as YYYY-MM.")
      .optional(),
  })
  .refine((q) => !(q.date && q.month), { path: ["month"], message: DAY_BOOK_MESSAGES.dayOrMonth });
export type DayBookQuery = z.infer<typeof dayBookQuerySchema>;

const money = decimalStringSchema;

export const DAY_BOOK_CHANNELS = [
  "remita",
  "monnify",
  "paystack",
  "bank_transfer",
  "reserved_account",
  "wallet",
  "cash",
  "pos",
] as const;

export const dayBookSchema = z.object({
  /** The day (YYYY-MM-DD) or month (YYYY-MM) and its WAT window [from, to). */
  period: z.string(),
  from: z.string(),
  to: z.string(),
  /** Money received by channel: payments settled in the window, each once, read from their invoices. */
  channels: z.array(
    z.object({
      channel: z.enum(DAY_BOOK_CHANNELS),
      payments: z.number().int(),
      /** What they paid for (subtotals) and their charge fees, and what was received (with any excess owed back). */
      amount: money,
      fees: money,
      received: money,
    }),
  ),
  /** What the payments paid for, by the department of their lines (a bill's part by its lines' shares). */
  departments: z.array(z.object({ department: z.string(), lines: z.number().int(), amount: money })),
  /** What each staff member took at the desk, by method. */
  staff: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      cash_payments: z.number().int(),
      cash: money,
      pos_payments: z.number().int(),
      pos: money,
      /** Their drawers' variances counted in the window (negative: short). */
      variance: money,
    }),
  ),
  refunds: z.object({ count: z.number().int(), amount: money }),
  waivers: z.object({ count: z.number().int(), amount: money }),
  drawers: z.object({
    floats: money,
    handed_over: money,
    shortages: money,
    overages: money,
    pos_settled: money,
    pos_fees: money,
  }),
  totals: z.object({
    payments: z.number().int(),
    received: money,
    /** What the ledger's settlement entries in the window received (their debits). */
    ledger_received: money,
    /** ledger_received − received: "0.00" when the book matches the ledger. */
    difference: money,
    matches_ledger: z.boolean(),
  }),
});
export type DayBook = z.infer<typeof dayBookSchema>;
