import { z } from "zod";
import { LIMITS } from "../constants";
import { requiredChoice, requiredDateSchema, requiredText } from "./fields";

/**
 * Gateway settlements reconciled (issue 37, beyond SPEC): what Paystack and Monnify paid out to the hospital's
 * bank, matched to the payments the ledger counted in their clearing accounts, per gateway and day; the
 * differences explained or written off with another officer's sign-off; a month closed when none is left open.
 */

export const SETTLEMENT_MESSAGES = {
  imported: (count: number) => `${count} settlement(s) imported.`,
  nothingNew: "No new settlement was reported for those days.",
  noReport: "Remita publishes no settlement report: its payments are not reconciled here.",
  explained: "Difference explained.",
  writeOffAsked: "Write-off asked for; another officer signs it off.",
  writeOffApproved: "Write-off approved.",
  writeOffRejected: "Write-off rejected: the difference stays explained.",
  noDifference: "No open difference of that gateway has this reference.",
  alreadyExplained: "This difference is explained already.",
  differenceNotFound: "No difference has this id.",
  notPending: "Only a write-off waiting for its sign-off is decided.",
  ownWriteOff: "Someone other than the officer who asked signs a write-off off.",
  monthClosed: "Month closed.",
  monthAlreadyClosed: "This month is closed already.",
  monthOpen: (open: number) => `${open} difference(s) of this month are not explained yet.`,
  monthNotOver: "A month is closed once it is over.",
  month: "Give the month as YYYY-MM.",
  range: "The last day comes on or after the first, at most 31 days later.",
  gatewayUnavailable: "The gateway could not be reached. Try again shortly.",
} as const;

/** The gateways whose settlements are reconciled (Remita publishes no settlement report). */
export const SETTLING_GATEWAYS = ["paystack", "monnify"] as const;
export type SettlingGateway = (typeof SETTLING_GATEWAYS)[number];

/** Days a payment waits for its settlement before it is missing (Paystack T+1, Monnify same day; weekends). */
export const SETTLEMENT_WINDOW_DAYS = 3;

const monthSchema = requiredText(7).pipe(z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, SETTLEMENT_MESSAGES.month));

export const settlementMonthQuerySchema = z.object({ month: monthSchema });
export const settlementMonthParamsSchema = z.object({ month: monthSchema });

/** POST /api/staff/settlements/import/: a gateway's settlements of some days, read from the gateway. */
export const settlementImportSchema = z
  .object({
    gateway: requiredChoice(["paystack", "monnify", "remita"] as const),
    from: requiredDateSchema,
    to: requiredDateSchema,
  })
  .refine((body) => body.from <= body.to && Date.parse(body.to) - Date.parse(body.from) <= 31 * 86_400_000, {
    message: SETTLEMENT_MESSAGES.range,
    path: ["to"],
  });
export type SettlementImport = z.infer<typeof settlementImportSchema>;

/** POST /api/staff/settlements/differences/: an officer's account of a difference, and whether to write it off. */
export const settlementExplanationSchema = z.object({
  gateway: requiredChoice(SETTLING_GATEWAYS),
  kind: requiredChoice(["missing", "unmatched"] as const),
  /** The payment's reference (missing), or the gateway's transaction reference (unmatched). */
  reference: requiredText(100),
  explanation: requiredText(LIMITS.description),
  write_off: z.boolean({ error: "Answer true or false." }).default(false),
});
export type SettlementExplanation = z.infer<typeof settlementExplanationSchema>;

export const settlementDecisionSchema = z.object({
  decision: requiredChoice(["approve", "reject"] as const),
  note: requiredText(LIMITS.description),
});
export type SettlementDecision = z.infer<typeof settlementDecisionSchema>;

export const settlementCloseSchema = z.object({ note: requiredText(LIMITS.description) });

export const settlementDifferenceIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** One gateway's day: its payments (by the day the ledger counted them) against what was settled of them. */
const settlementDaySchema = z.object({
  day: z.string(),
  gateway: z.enum(SETTLING_GATEWAYS),
  payments: z.number().int(),
  /** What the clearing account counted: the payments' amounts. */
  collected: z.string(),
  /** Of them, settled (gross), the fees kept and the net paid to the bank. */
  settled: z.string(),
  fees: z.string(),
  net: z.string(),
  /** Not settled yet, within the gateway's settlement window. */
  awaiting: z.string(),
  /** Not settled past the window: missing, unless explained. */
  missing: z.string(),
  /** Differences explained (or written off) of this day; and those left open. */
  explained: z.string(),
  written_off: z.string(),
  /** Settled transactions of this day's settlements that name no payment of ours. */
  unmatched: z.string(),
  open_differences: z.number().int(),
});

export const settlementReportSchema = z.object({
  month: z.string(),
  window_days: z.number().int(),
  closed: z.object({ by: z.string(), at: z.string(), note: z.string() }).nullable(),
  days: z.array(settlementDaySchema),
  /** What gateways that publish no settlement report (Remita) collected this month, not reconciled. */
  unreported: z.array(z.object({ gateway: z.string(), payments: z.number().int(), collected: z.string() })),
  open_differences: z.number().int(),
});
export type SettlementReport = z.infer<typeof settlementReportSchema>;

export const SETTLEMENT_DIFFERENCE_STATUSES = ["open", "awaiting", "explained", "write_off_pending", "written_off"] as const;

export const settlementDifferenceSchema = z.object({
  /** The explanation's id once explained; null while open or awaiting. */
  id: z.number().int().nullable(),
  kind: z.enum(["missing", "unmatched", "awaiting"]),
  gateway: z.enum(SETTLING_GATEWAYS),
  day: z.string(),
  invoice_reference: z.string().nullable(),
  gateway_reference: z.string().nullable(),
  amount: z.string(),
  status: z.enum(SETTLEMENT_DIFFERENCE_STATUSES),
  explanation: z.string().nullable(),
  explained_by: z.string().nullable(),
  decided_by: z.string().nullable(),
  decision_note: z.string().nullable(),
});
export type SettlementDifference = z.infer<typeof settlementDifferenceSchema>;

export const settlementDifferencesSchema = z.object({ results: z.array(settlementDifferenceSchema) });

export const settlementAnswerSchema = z.object({ detail: z.string() });
export const settlementImportAnswerSchema = z.object({ detail: z.string(), imported: z.number().int() });
