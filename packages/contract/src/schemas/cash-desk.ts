import { z } from "zod";
import { LIMITS, MAX_TOTAL_KOBO } from "../constants";
import { DESK_METHOD_KEYS } from "../enums";
import { formatNaira, nairaToKobo } from "../money";
import {
  decimalAmountSchema,
  decimalStringSchema,
  emailSchema,
  optionalText,
  personName,
  phoneSchema,
  requiredChoice,
  requiredDateSchema,
  requiredText,
} from "./fields";
import { checkoutItemSchema } from "./payments";

/**
 * Cash and POS at the desk (issue 36): a member who collects money takes a bill's part or a Quick Pay cart in
 * cash or on the desk's card terminal, inside their open shift; the shift's drawer holds the cash from its
 * opening float to its count. Money is naira with two decimals, as a string.
 */

/** The notes and coins a drawer is counted in, in kobo, largest first (₦1,000 down to 50 kobo). */
export const NAIRA_DENOMINATIONS_KOBO = [100_000, 50_000, 20_000, 10_000, 5_000, 2_000, 1_000, 500, 200, 100, 50] as const;

/** Most of one note or coin a count may hold. */
const MAX_PIECES = 100_000;

/** A POS slip's reference (its RRN or STAN and terminal id): letters, digits and dashes. */
const TERMINAL_REFERENCE_RE = /^[A-Za-z0-9-]{6,40}$/;

export const CASH_DESK_MESSAGES = {
  paid: "Payment recorded.",
  noOpenShift: "Open your shift before taking money at the desk.",
  collectsNoMoney: "You do not collect money at the desk: ask a super admin for the right.",
  awaitingSignoff: "Your drawer count is waiting for an admin's sign-off: no money can be taken until then.",
  terminalReferenceRequired: "Enter the reference printed on the POS slip.",
  terminalReferenceFormat: "Use the slip's reference: 6 to 40 letters, digits or dashes.",
  terminalReferenceUsed: "This POS slip was already recorded.",
  cashHasNoReference: "A cash payment has no terminal reference.",
  billOrItems: "Take payment for a bill or for items, not both.",
  billOrItemsMissing: "Choose a bill or add items.",
  amountForBill: "Enter the amount this payment pays of the bill.",
  tenderedTooLittle: "The cash handed over is less than the amount.",
  floatTooLarge: `The float cannot exceed ${formatNaira(MAX_TOTAL_KOBO)}.`,
  countRequired: "Count the drawer before closing this shift.",
  unknownDenomination: "Count only naira notes and coins.",
  awaitingAdmin: (variance: string) => `The drawer is ${variance}: an admin must sign the count off before the shift closes.`,
  signedOff: "Count signed off: the shift is closed.",
  countRejected: "Count sent back: the drawer must be counted again.",
  notAwaiting: "This shift has no count waiting for sign-off.",
  ownCount: "Another admin must sign off your own count.",
  posSettled: "POS settlement recorded.",
  posSettlementUsed: "This settlement reference was already recorded.",
  posSettlementTooLarge: (left: string) => `Only ${left} of POS payments awaits settlement.`,
  feeTooLarge: "The fee cannot exceed the amount.",
} as const;

const money = (message?: string) =>
  decimalAmountSchema.refine((value) => (nairaToKobo(value) ?? 0) <= MAX_TOTAL_KOBO, message ?? CASH_DESK_MESSAGES.floatTooLarge);

/** POST /api/staff/shifts/: the drawer's opening float in cash (none when the shift takes no cash). */
export const openShiftSchema = z.object({ float: money().optional() }).default({});
export type OpenShiftInput = z.infer<typeof openShiftSchema>;

/** A drawer's count: how many of each note or coin, keyed by its value in kobo ("100000": 3). */
export const drawerCountSchema = z
  .record(z.string(), z.number().int().min(0).max(MAX_PIECES))
  .refine(
    (count) => Object.keys(count).every((key) => (NAIRA_DENOMINATIONS_KOBO as readonly number[]).includes(Number(key))),
    CASH_DESK_MESSAGES.unknownDenomination,
  );
export type DrawerCount = z.infer<typeof drawerCountSchema>;

/** The kobo a count adds up to. */
export const countedKobo = (count: DrawerCount): number =>
  Object.entries(count).reduce((sum, [value, pieces]) => sum + Number(value) * pieces, 0);

/** POST /api/staff/shifts/{id}/signoff/ (admins): sign a count off (the shift closes) or send it back. */
export const drawerSignoffSchema = z.object({
  decision: requiredChoice(["approve", "reject"]),
  note: requiredText(LIMITS.description),
});
export type DrawerSignoffInput = z.infer<typeof drawerSignoffSchema>;

/** A shift's cash drawer: its float, what it took, what it should hold, and its count once counted. */
export const drawerSchema = z.object({
  float: decimalStringSchema,
  cash: z.object({ count: z.number().int(), amount: decimalStringSchema }),
  pos: z.object({ count: z.number().int(), amount: decimalStringSchema }),
  /** float + cash taken: what the drawer should hold (its ledger account's balance). */
  expected: decimalStringSchema,
  counted: decimalStringSchema.nullable(),
  /** counted − expected: negative when short. */
  variance: decimalStringSchema.nullable(),
  denominations: z.array(z.object({ value: decimalStringSchema, pieces: z.number().int() })).nullable(),
  counted_at: z.string().nullable(),
  awaiting_signoff: z.boolean(),
  /** The variance beyond which a count waits for an admin. */
  variance_limit: decimalStringSchema,
  signed_off_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  signoff_note: z.string().nullable(),
});
export type Drawer = z.infer<typeof drawerSchema>;

/** POST /api/staff/desk/payments/: a bill's part, or a cart, paid in cash or on the desk's terminal. */
export const deskPaymentSchema = z
  .object({
    method: z.enum(DESK_METHOD_KEYS),
    /** The bill whose part this pays (its token), with `amount`; or `items` for a Quick Pay cart. */
    bill_token: z.string().trim().min(1).max(64).optional(),
    amount: money().optional(),
    items: z.array(checkoutItemSchema).min(1).max(100).optional(),
    /** The POS slip's reference; none for cash. */
    terminal_reference: z.string().trim().max(40).optional(),
    /** For cash: what the payer handed over, to work out the change. */
    tendered: money().optional(),
    payer_name: personName(LIMITS.name * 2),
    payer_phone: phoneSchema.optional(),
    payer_email: emailSchema.optional(),
    hospital_number: optionalText(LIMITS.hospitalNumber),
  })
  .superRefine((input, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (input.bill_token && input.items) issue("items", CASH_DESK_MESSAGES.billOrItems);
    if (!input.bill_token && !input.items) issue("bill_token", CASH_DESK_MESSAGES.billOrItemsMissing);
    if (input.bill_token && input.amount === undefined) issue("amount", CASH_DESK_MESSAGES.amountForBill);
    if (input.method === "pos" && !input.terminal_reference)
      issue("terminal_reference", CASH_DESK_MESSAGES.terminalReferenceRequired);
    if (input.method === "pos" && input.terminal_reference && !TERMINAL_REFERENCE_RE.test(input.terminal_reference))
      issue("terminal_reference", CASH_DESK_MESSAGES.terminalReferenceFormat);
    if (input.method === "cash" && input.terminal_reference) issue("terminal_reference", CASH_DESK_MESSAGES.cashHasNoReference);
  });
export type DeskPaymentInput = z.infer<typeof deskPaymentSchema>;

/** A payment taken at the desk: completed at once, with its receipt code. */
export const deskPaymentResponseSchema = z.object({
  detail: z.string(),
  reference: z.string(),
  status: z.literal("completed"),
  method: z.enum(DESK_METHOD_KEYS),
  amount: decimalStringSchema,
  /** For cash with `tendered`: the change to hand back. */
  change: decimalStringSchema.nullable(),
  receipt_code: z.string(),
  /** The bill after this part, for a bill's part. */
  bill: z
    .object({
      token: z.string(),
      status: z.string(),
      total: decimalStringSchema,
      paid: decimalStringSchema,
      left: decimalStringSchema,
    })
    .nullable(),
});
export type DeskPaymentResponse = z.infer<typeof deskPaymentResponseSchema>;

/** POST /api/staff/desk/pos-settlements/ (admins): what the acquirer paid into the bank for the terminals. */
export const posSettlementSchema = z
  .object({
    reference: requiredText(64),
    settled_on: requiredDateSchema,
    amount: money(),
    fee: money().default("0"),
  })
  .refine((input) => (nairaToKobo(input.fee) ?? 0) <= (nairaToKobo(input.amount) ?? 0), {
    path: ["fee"],
    message: CASH_DESK_MESSAGES.feeTooLarge,
  });
export type PosSettlementInput = z.infer<typeof posSettlementSchema>;

export const posSettlementResponseSchema = z.object({
  detail: z.string(),
  settlement: z.object({
    id: z.number().int(),
    reference: z.string(),
    settled_on: z.string(),
    amount: decimalStringSchema,
    fee: decimalStringSchema,
    /** What still awaits settlement after it. */
    awaiting: decimalStringSchema,
  }),
});
