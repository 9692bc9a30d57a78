import { z } from "zod";
import { FIELD_MESSAGES } from "./field-messages";

/** Staff find a patient's money (beyond SPEC, issue 21): bills and payments in one list. */

/** Shortest and longest search text. */
export const STAFF_SEARCH_MIN = 2;
export const STAFF_SEARCH_MAX = 100;

/**
 * GET /api/staff/search/: `q` is a hospital number, a phone number (its last six digits match), an e-mail,
 * a payment's reference, an RRR, a bill's token, or the start of the patient's or payer's name or of its last word.
 */
export const staffSearchQuerySchema = z.object({
  q: z
    .string({ error: (issue) => (issue.input === undefined ? FIELD_MESSAGES.required : FIELD_MESSAGES.notString) })
    .trim()
    .min(STAFF_SEARCH_MIN, `Enter at least ${STAFF_SEARCH_MIN} characters.`)
    .max(STAFF_SEARCH_MAX, FIELD_MESSAGES.maxLength(STAFF_SEARCH_MAX)),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type StaffSearchQuery = z.infer<typeof staffSearchQuerySchema>;

/** What a search result is: a bill raised by staff, or a payment (an invoice; a bill's part is one too). */
export const STAFF_SEARCH_KINDS = ["bill", "payment"] as const;

/** One result; the web opens a bill by `bill_token`, a payment by `reference`. */
export const staffSearchResultSchema = z.object({
  kind: z.enum(STAFF_SEARCH_KINDS),
  /** A bill's status (open, paid, cancelled) or a payment's (pending, completed, failed, refunded). */
  status: z.string(),
  /** A bill's total, or what a payment charged (its fee included); naira, two decimals. */
  amount: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** The patient (a bill) or the payer (a payment). */
  name: z.string(),
  hospital_number: z.string(),
  /** The patient's (a bill) or the payer's (a payment) phone, as given. */
  phone: z.string(),
  /** What a bill's parts have paid so far, and what is left of its total; null for a payment. */
  paid: z.string().nullable(),
  left: z.string().nullable(),
  /** The receipt code of a completed (or refunded) payment, or of a bill paid in full; else null. */
  receipt_code: z.string().nullable(),
  /** A payment's reference; null for a bill. */
  reference: z.string().nullable(),
  /** A bill's token; for a payment, the token of the bill it pays a part of, else null. */
  bill_token: z.string().nullable(),
  /** A Remita payment's RRR, else null. */
  rrr: z.string().nullable(),
  /** A payment's method; null for a bill. */
  payment_method: z.string().nullable(),
});
export type StaffSearchResult = z.infer<typeof staffSearchResultSchema>;

export const staffSearchResponseSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Newest first. */
  results: z.array(staffSearchResultSchema),
});
export type StaffSearchResponse = z.infer<typeof staffSearchResponseSchema>;
