import { z } from "zod";
import { billWaiverSchema } from "./waivers";
import { LIMITS } from "../constants";
import { LOCALES } from "../locales";
import { checkoutResponseSchema, walletPaymentResponseSchema } from "./payments";
import { decimalAmountSchema, emailSchema, optionalText, personName, phoneSchema, requiredText } from "./fields";
import { FIELD_MESSAGES } from "./field-messages";
import { HMO_MESSAGES } from "./hmos";

/** Bills raised by staff for a patient and paid from their link in parts, beyond SPEC (issue 21). */

/** A bill's state: open (nothing or part paid), paid in full, or cancelled by staff. */
export const BILL_STATUSES = ["open", "paid", "cancelled"] as const;
const billStatusSchema = z.enum(BILL_STATUSES);
export type BillStatus = z.infer<typeof billStatusSchema>;

/** Characters of a bill's token: base32 (a–z, 2–7), 20 of them (100 random bits). */
export const BILL_TOKEN_LENGTH = 20;
const BILL_TOKEN_RE = /^[a-z2-7]{20}$/;

/** A bill's token as a path carries it (case does not matter). */
export const billTokenParamsSchema = z.object({
  token: z
    .string()
    .max(64)
    .transform((value) => value.toLowerCase())
    .pipe(z.string().regex(BILL_TOKEN_RE, "Invalid bill link.")),
});

/** The longest pre-authorisation code a line takes. */
export const BILL_PREAUTH_CODE_MAX = 40;

/** The most lines a bill has, and the most of one service a line asks for. */
export const BILL_MAX_ITEMS = 50;
export const BILL_MAX_QUANTITY = 1000;

/** One line of a bill as staff raise it: a catalogue service, and for an open-price one its price and a note. */
export const newBillItemSchema = z.object({
  service_id: z.union([z.number().int(), z.string().min(1).max(64)]),
  quantity: z.number().int().min(1).max(BILL_MAX_QUANTITY),
  /** Only for an open-price service: the price typed, in naira (a fixed price comes from the catalogue). */
  price: decimalAmountSchema.nullish(),
  /** Only for an open-price service: why that price. */
  price_note: optionalText(LIMITS.description),
  /**
   * For a patient enrolled with an HMO: the HMO's pre-authorisation code for this line, which a line whose
   * plan rule asks for one needs before the HMO is charged its part (issue 37).
   */
  preauth_code: z
    .string({ error: FIELD_MESSAGES.notString })
    .trim()
    .max(BILL_PREAUTH_CODE_MAX, FIELD_MESSAGES.maxLength(BILL_PREAUTH_CODE_MAX))
    .regex(/^[A-Za-z0-9/-]*$/, HMO_MESSAGES.preauthCode)
    .nullish()
    .transform((value) => value || null),
});

/** A day as YYYY-MM-DD. */
const dateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date as YYYY-MM-DD.")
  // A day the calendar has: JavaScript's parser rolls 2026-02-30 over to March, so the day must come back unchanged.
  .refine((value) => {
    const parsed = Date.parse(`${value}T00:00:00Z`);
    return !Number.isNaN(parsed) && new Date(parsed).toISOString().slice(0, 10) === value;
  }, "Enter a valid date.");

/** The patient's details a bill needs when it names no patient of the register. */
const TYPED_PATIENT_FIELDS = ["hospital_number", "patient_name", "patient_phone"] as const;

/**
 * POST /api/staff/bills/ (agents, admins, super admins): for a patient of the register (`patient_id`: the
 * hospital number, name, phone, e-mail and language come from the register), or for typed details (the
 * bill is linked to the register's patient of that hospital number, when there is one).
 */
export const createBillSchema = z
  .object({
    patient_id: z
      .number({ error: "Choose a patient of the register." })
      .int("Choose a patient of the register.")
      .positive("Choose a patient of the register.")
      .max(Number.MAX_SAFE_INTEGER, "Choose a patient of the register.")
      .nullish()
      .transform((value) => value ?? null),
    hospital_number: requiredText(LIMITS.hospitalNumber).optional(),
    patient_name: personName(LIMITS.name * 2).optional(),
    patient_phone: phoneSchema.optional(),
    /** Where the bill's link is e-mailed; optional. */
    patient_email: z
      .union([z.literal(""), emailSchema])
      .nullish()
      .transform((value) => value || null),
    note: optionalText(LIMITS.description),
    due_date: z
      .union([z.literal(""), dateSchema])
      .nullish()
      .transform((value) => value || null),
    items: z.array(newBillItemSchema).min(1).max(BILL_MAX_ITEMS),
    /**
     * For a patient enrolled with an HMO on the day: whether the HMO is charged its part of each line (the
     * default), or the patient pays the whole bill (issue 37).
     */
    charge_hmo: z.boolean({ error: "Answer true or false." }).default(true),
    /**
     * The patient's language, which the bill's e-mails are written in: when not given, the register's
     * patient's language, else English (null here; the server decides).
     */
    locale: z
      .enum(LOCALES, { error: `Choose a language: ${LOCALES.join(", ")}.` })
      .nullish()
      .transform((value) => value ?? null),
  })
  .superRefine(
    (body, ctx) => {
      if (body.patient_id !== null && body.patient_id !== undefined) return;
      for (const field of TYPED_PATIENT_FIELDS)
        if (body[field] === undefined) ctx.addIssue({ code: "custom", path: [field], message: FIELD_MESSAGES.required });
    },
    // Also when other fields are wrong, so that every missing detail is named at once.
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  );
export type CreateBillInput = z.infer<typeof createBillSchema>;
/** The body as a client sends it, before the schema's defaults and transforms (money in naira, as text or a number). */
export type CreateBillBody = z.input<typeof createBillSchema>;

/** One line of a bill as it is answered. */
const billItemSchema = z.object({
  service_id: z.string(),
  service_name: z.string(),
  department: z.string().nullable(),
  quantity: z.number().int(),
  unit_price: z.string(),
  line_total: z.string(),
  open_price: z.boolean(),
  price_note: z.string().nullable(),
  /** For an HMO enrollee's bill: the HMO's part of the line, and the patient's co-payment within their part (issue 37). */
  hmo_part: z.string().default("0.00"),
  copay: z.string().default("0.00"),
  /** The HMO's pre-authorisation code the line was charged to it with. */
  preauth_code: z.string().nullable().default(null),
});

/** The HMO a split bill charges its part to (issue 37); null for a bill the patient pays whole. */
const billCoverageSchema = z
  .object({
    hmo_id: z.number().int(),
    hmo_name: z.string(),
    plan_name: z.string(),
    enrollee_id: z.string(),
  })
  .nullable()
  .default(null);

/** A payment made towards a bill, as staff see it. */
const staffBillPartSchema = z.object({
  reference: z.string(),
  payer_name: z.string(),
  payer_email: z.string(),
  payer_phone: z.string(),
  payment_method: z.string(),
  /** The payment's status: pending, completed (counted), failed, refunded. */
  status: z.string(),
  /** What it pays of the bill (the fee not included). */
  amount: z.string(),
  charge_fee: z.string(),
  /** True when it settled after the bill no longer needed it: waiting in the review queue for a refund. */
  in_review: z.boolean(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});

/** A bill as staff see it. */
export const staffBillSchema = z.object({
  token: z.string(),
  /** The register's patient the bill is for; null for a bill raised before its patient was registered. */
  patient_id: z.number().int().nullable(),
  /** The page a payer opens: `{PUBLIC_URL}/pay/{token}`. */
  pay_url: z.string(),
  status: billStatusSchema,
  hospital_number: z.string(),
  patient_name: z.string(),
  patient_phone: z.string(),
  patient_email: z.string().nullable(),
  note: z.string(),
  due_date: z.string().nullable(),
  total: z.string(),
  paid: z.string(),
  /** What approved discounts and waivers took off the bill (issue 36). */
  waived: z.string().default("0.00"),
  /** The HMO's part of the total (issue 37): the patient's part is the rest, which `left` counts down. */
  hmo_part: z.string().default("0.00"),
  coverage: billCoverageSchema,
  left: z.string(),
  /** An admission's bill while the patient stays (issue 37): it takes lines, and deposits beyond its total. */
  running: z.boolean().default(false),
  /** What its deposits paid beyond the patient's part, given back at discharge. */
  returned: z.string().default("0.00"),
  created_by: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  /** The bill's own receipt code (groups of four), once it is paid in full: what the point of care gives against. */
  receipt_code: z.string().nullable(),
  items: z.array(billItemSchema),
  parts: z.array(staffBillPartSchema),
  /** Discounts and waivers asked for on it, in the order asked. */
  waivers: z.array(billWaiverSchema).default([]),
});
export type StaffBill = z.infer<typeof staffBillSchema>;

/** A bill in the staff list: its head, without lines and parts. */
const staffBillRowSchema = staffBillSchema.omit({ items: true, parts: true, waivers: true });

/** GET /api/staff/bills/: the newest first, searched by hospital number, name, phone, e-mail or token. */
export const billListQuerySchema = z.object({
  q: optionalText(100),
  status: billStatusSchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type BillListQuery = z.infer<typeof billListQuerySchema>;

export const billListResponseSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(staffBillRowSchema),
});

/** POST /api/staff/bills/ answer (201). */
export const createBillResponseSchema = z.object({ detail: z.string(), bill: staffBillSchema });

/** POST /api/staff/bills/{token}/cancel/ */
export const cancelBillSchema = z.object({ reason: requiredText(LIMITS.description) });

/** A paid part of a cancelled bill, and what became of its refund. */
const cancelledPartSchema = z.object({
  reference: z.string(),
  amount: z.string(),
  /** completed, awaiting_approval, or null when it still waits for an admin to refund it. */
  refund_status: z.string().nullable(),
});

export const cancelBillResponseSchema = z.object({
  detail: z.string(),
  bill: staffBillSchema,
  /** The parts paid before the cancellation, each refunded through the refunds path (or waiting for it). */
  refunds: z.array(cancelledPartSchema),
});

/** GET /api/bills/{token}/ (public): what is owed and paid, the payers by first name only. */
export const publicBillSchema = z.object({
  token: z.string(),
  status: billStatusSchema,
  patient_first_name: z.string(),
  note: z.string(),
  due_date: z.string().nullable(),
  total: z.string(),
  paid: z.string(),
  /** What approved discounts and waivers took off the bill. */
  waived: z.string().default("0.00"),
  /** The HMO's part of the total, and the HMO's name (issue 37); what is left is the patient's part. */
  hmo_part: z.string().default("0.00"),
  hmo_name: z.string().nullable().default(null),
  left: z.string(),
  /** The least a part may be (the rest owed, when that is smaller). */
  min_part: z.string(),
  /** The fee added to each part. */
  charge_fee: z.string(),
  /** An admission's bill while the patient stays: a deposit of any amount from `min_part` is taken. */
  running: z.boolean().default(false),
  created_at: z.string(),
  /**
   * Once the bill is paid in full, where its receipt code (the one items are given against) was sent: the
   * patient's phone and e-mail, masked ("•••••••8899", "k•••@example.ng"), null for a channel not used;
   * null while the bill is not paid. The code itself is only for the patient and staff.
   */
  code_sent_to: z.object({ phone: z.string().nullable(), email: z.string().nullable() }).nullable(),
  /** The bill's language (the patient's), which its page opens in unless the visitor chose one. */
  locale: z.enum(LOCALES),
  items: z.array(billItemSchema.omit({ price_note: true, preauth_code: true })),
  parts: z.array(z.object({ payer_first_name: z.string(), amount: z.string(), payment_method: z.string(), paid_at: z.string() })),
});
export type PublicBill = z.infer<typeof publicBillSchema>;

/**
 * The methods a part may be paid with: the guest gateways (remita, monnify), and for a signed-in customer
 * also the wallet, Paystack and a direct bank transfer (pending until staff confirm it).
 */
export const BILL_PAYMENT_METHODS = ["remita", "monnify", "paystack", "bank_transfer", "wallet"] as const;

/** The methods a guest (no session) may pay a part with, as at guest checkout. */
export const BILL_GUEST_METHODS = ["remita", "monnify"] as const satisfies ReadonlyArray<(typeof BILL_PAYMENT_METHODS)[number]>;

/** POST /api/bills/{token}/pay/ (anyone; a signed-in customer may also pay from the wallet, Paystack or a bank transfer). */
export const payBillSchema = z.object({
  /** What this part pays of the bill, in naira (the fee is added). */
  amount: decimalAmountSchema,
  payer_name: personName(LIMITS.name * 2),
  payer_email: emailSchema,
  payer_phone: phoneSchema,
  payment_method: z.enum(BILL_PAYMENT_METHODS),
});
export type PayBillInput = z.infer<typeof payBillSchema>;

/** The part's payment: pending with how to pay it (a gateway, or the hospital's account for a transfer), or completed (the wallet). */
export const payBillResponseSchema = z.union([checkoutResponseSchema, walletPaymentResponseSchema]);
export type PayBillResponse = z.infer<typeof payBillResponseSchema>;
