import { z } from "zod";
import { MAX_TOTAL_KOBO } from "../constants";
import { STAFF_ROLES } from "../enums";
import { formatNaira, nairaToKobo } from "../money";
import { roleSchema } from "./enums";
import { decimalAmountSchema, emailSchema, FIELD_MESSAGES, personName, phoneSchema, requiredText } from "./fields";

/** What staff do about a payment, beyond SPEC: confirm bank transfers, refund, manage staff, audit. */

/** Refusal of an amount received above the largest payment the hospital takes. */
export const AMOUNT_RECEIVED_TOO_LARGE = `The amount received cannot exceed ${formatNaira(MAX_TOTAL_KOBO)}.`;

/** POST /api/staff/invoices/{reference}/confirm-transfer/ (agents, admins, super admins). */
export const confirmTransferSchema = z.object({
  /** What arrived in the hospital's account, in naira: no more than the largest payment accepted. */
  amount_received: decimalAmountSchema.refine(
    (value) => {
      const kobo = nairaToKobo(value);
      return kobo === null || kobo <= MAX_TOTAL_KOBO;
    },
    { message: AMOUNT_RECEIVED_TOO_LARGE },
  ),
  /** The bank's reference for the transfer (session id or narration), so it can be traced. */
  transfer_reference: requiredText(100),
});
export type ConfirmTransferInput = z.infer<typeof confirmTransferSchema>;

/** The invoice as an operation leaves it. */
const operatedInvoiceSchema = z.object({
  reference: z.string(),
  status: z.string(),
  payment_method: z.string(),
  total_amount: z.string(),
  paid_at: z.string().nullable(),
});

const staffPersonSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

/**
 * A confirmation's state: settled (the invoice is paid), awaiting an admin's approval (an agent's
 * confirmation with more money than due beyond the tolerance; nothing is settled yet) or rejected.
 */
const TRANSFER_CONFIRMATION_STATUSES = ["awaiting_approval", "settled", "rejected"] as const;
const transferConfirmationStatusSchema = z.enum(TRANSFER_CONFIRMATION_STATUSES);
export type TransferConfirmationStatus = z.infer<typeof transferConfirmationStatusSchema>;

const transferConfirmationSchema = z.object({
  id: z.number().int(),
  invoice_reference: z.string(),
  transfer_reference: z.string(),
  amount_due: z.string(),
  amount_received: z.string(),
  /** What arrived above the amount due; once settled it is owed back (liability:overpayments). */
  excess: z.string(),
  status: transferConfirmationStatusSchema,
  customer_name: z.string(),
  customer_email: z.string(),
  confirmed_by: staffPersonSchema,
  decided_by: staffPersonSchema.nullable(),
  decision_note: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type TransferConfirmation = z.infer<typeof transferConfirmationSchema>;

export const confirmTransferResponseSchema = z.object({
  detail: z.string(),
  /** True when this request settled the invoice; false when it waits for approval, was confirmed before, or (a bill's part its bill no longer needs) went to the review queue for a refund. */
  confirmed: z.boolean(),
  confirmation: transferConfirmationSchema,
  invoice: operatedInvoiceSchema,
});

/** GET /api/staff/transfer-confirmations/ (staff). */
export const transferConfirmationListQuerySchema = z.object({ status: transferConfirmationStatusSchema.optional() });
export const transferConfirmationListResponseSchema = z.object({
  count: z.number().int(),
  results: z.array(transferConfirmationSchema),
});
/** POST /api/staff/transfer-confirmations/{id}/approve/ (admins, super admins): an optional note. */
export const transferApprovalSchema = z.object({
  note: z.string().trim().max(500, FIELD_MESSAGES.maxLength(500)).optional(),
});
/** POST /api/staff/transfer-confirmations/{id}/reject/ (admins, super admins): a reason is required. */
export const transferRejectionSchema = z.object({ note: requiredText(500) });
export const transferDecisionResponseSchema = z.object({
  detail: z.string(),
  confirmation: transferConfirmationSchema,
  invoice: operatedInvoiceSchema,
});

const REFUND_STATUSES = ["awaiting_approval", "completed", "rejected"] as const;
const refundStatusSchema = z.enum(REFUND_STATUSES);
export type RefundStatus = z.infer<typeof refundStatusSchema>;

/** POST /api/staff/invoices/{reference}/refund/ (admins, super admins). */
export const refundRequestSchema = z.object({
  reason: requiredText(500).pipe(z.string().min(5, FIELD_MESSAGES.minLength(5))),
});
export type RefundRequestInput = z.infer<typeof refundRequestSchema>;

const refundSchema = z.object({
  id: z.number().int(),
  invoice_reference: z.string(),
  amount: z.string(),
  reason: z.string(),
  status: refundStatusSchema,
  /** Where the money goes: back into the payer's wallet, or out through the method they paid with. */
  destination: z.enum(["wallet", "original_method"]),
  payment_method: z.string(),
  customer_name: z.string(),
  customer_email: z.string(),
  requested_by: staffPersonSchema,
  decided_by: staffPersonSchema.nullable(),
  decision_note: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

export const refundResponseSchema = z.object({ detail: z.string(), refund: refundSchema, invoice: operatedInvoiceSchema });

/**
 * GET /api/staff/invoices/{reference}/refund/ (admins, super admins): what a refund of this payment would
 * do, for the refund dialog to say before Confirm. `amount` is what would go back (decimal naira);
 * `items_given`, whether items were already given against it at the point of care; `needs_approval`,
 * whether the caller's refund would wait for a super admin (items given, or an admin above the limit).
 */
export const refundPreviewSchema = z.object({
  amount: z.string(),
  items_given: z.boolean(),
  needs_approval: z.boolean(),
});
export type RefundPreview = z.infer<typeof refundPreviewSchema>;

/** GET /api/staff/refunds/ (admins, super admins). */
export const refundListQuerySchema = z.object({ status: refundStatusSchema.optional() });
export const refundListResponseSchema = z.object({ count: z.number().int(), results: z.array(refundSchema) });

/** POST /api/staff/refunds/{id}/approve/ (super admins). */
export const refundApprovalSchema = z.object({ note: z.string().trim().max(500, FIELD_MESSAGES.maxLength(500)).optional() });
/** POST /api/staff/refunds/{id}/reject/ (super admins): a reason is required. */
export const refundRejectionSchema = z.object({ note: requiredText(500) });

/**
 * A gateway payment paid short (the gateway's verified status says paid, for less than the amount due),
 * waiting for staff: refund what arrived (the refund path) or settle once the balance has arrived.
 */
const paymentReviewSchema = z.object({
  reference: z.string(),
  customer_name: z.string(),
  customer_email: z.string(),
  payment_method: z.string(),
  amount_due: z.string(),
  /** What the gateway said was paid. */
  amount_received: z.string(),
  /** When the server found it paid short. */
  received_at: z.string(),
  /** Its refund, when one was asked for and is not rejected (one awaiting approval keeps it in the queue). */
  refund: z.object({ id: z.number().int(), status: refundStatusSchema }).nullable(),
});
export type PaymentReview = z.infer<typeof paymentReviewSchema>;

/** GET /api/staff/payment-reviews/ (admins, super admins): open reviews, oldest first. */
export const paymentReviewListResponseSchema = z.object({ count: z.number().int(), results: z.array(paymentReviewSchema) });

/**
 * POST /api/staff/payment-reviews/{reference}/settle/ (admins, super admins): the balance of a short
 * payment arrived in the hospital's bank account; staff type what the bank shows.
 */
export const settleReviewSchema = z.object({
  /** The balance that arrived, in naira (with what the gateway received it must cover the amount due). */
  balance_received: decimalAmountSchema,
  /** The bank's reference for the balance's transfer, so it can be traced and used once. */
  transfer_reference: requiredText(100),
});
export type SettleReviewInput = z.infer<typeof settleReviewSchema>;

export const settleReviewResponseSchema = z.object({ detail: z.string(), invoice: operatedInvoiceSchema });

/** A user as the super admin's staff page shows it. */
const managedUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone_number: z.string(),
  role: roleSchema,
  is_active: z.boolean(),
  created_at: z.string(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

/** GET /api/staff/users/ (super admins). */
export const userListQuerySchema = z.object({
  role: roleSchema.optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const userListResponseSchema = z.object({
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  results: z.array(managedUserSchema),
});
export type UserListResponse = z.infer<typeof userListResponseSchema>;

/** A staff role, with DRF's wording for a wrong type, a missing value or an unknown choice. */
const staffRoleSchema = requiredText(20).pipe(
  z.enum(STAFF_ROLES, { error: (issue) => `"${String(issue.input)}" is not a valid choice.` }),
);

/** POST /api/staff/users/ (super admins): a staff account; a link to set the password is e-mailed. */
export const createStaffSchema = z.object({
  first_name: personName(150),
  last_name: personName(150),
  email: emailSchema,
  phone_number: phoneSchema,
  role: staffRoleSchema,
});
export type CreateStaffInput = z.infer<typeof createStaffSchema>;

/** PATCH /api/staff/users/{id}/ (super admins): a new role, or (de)activation. */
export const updateUserSchema = z
  .object({ role: roleSchema.optional(), is_active: z.boolean().optional() })
  .refine((body) => body.role !== undefined || body.is_active !== undefined, {
    message: "Send a role or is_active.",
    path: ["role"],
  });
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

export const managedUserResponseSchema = z.object({ detail: z.string(), user: managedUserSchema });

/** Actions the audit log records. */
export const AUDIT_ACTIONS = [
  "transfer.confirmed",
  "transfer.requested",
  "transfer.approved",
  "transfer.rejected",
  "refund.requested",
  "refund.completed",
  "refund.approved",
  "refund.rejected",
  "payment_review.settled",
  "staff.created",
  "staff.role_changed",
  "staff.deactivated",
  "staff.reactivated",
  "staff.desk_set",
  "kyc.approved",
  "kyc.rejected",
  "kyc.tier_changed",
  "kyc_hold.released",
  "kyc_hold.refunded",
  "bill.created",
  "bill.cancelled",
  "bill.waiver_requested",
  "bill.waiver_approved",
  "bill.waiver_rejected",
  "receipt.redeemed",
  "shift.opened",
  "shift.closed",
  "shift.drawer_counted",
  "shift.drawer_signed_off",
  "shift.drawer_count_rejected",
  "desk.pos_settled",
  "patient.registered",
  "patient.corrected",
  "hmo.registered",
  "hmo.plan_added",
  "patient.enrolled",
  "hmo_claim.created",
  "hmo_claim.submitted",
  "hmo_claim.remitted",
  "hmo_claim.line_rejected",
  "hmo_claim.write_off_requested",
  "hmo_claim.write_off_approved",
  "hmo_claim.write_off_rejected",
  "admission.created",
  "admission.lines_added",
  "admission.discharged",
  "admission.refund_paid",
  "settlement.imported",
  "settlement.explained",
  "settlement.write_off_requested",
  "settlement.write_off_approved",
  "settlement.write_off_rejected",
  "settlement.month_closed",
] as const;
const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

/** GET /api/staff/audit-log/ (super admins): newest first, cursor paged. Dates are WAT days, end inclusive. */
export const auditLogQuerySchema = z.object({
  action: auditActionSchema.optional(),
  /** Part of the actor's e-mail or name. */
  actor: z.string().trim().max(100).optional(),
  start_date: z.iso.date().optional(),
  end_date: z.iso.date().optional(),
  cursor: z.string().max(200).optional(),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
});

const auditEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  actor: z.object({ id: z.number().int(), name: z.string(), email: z.string(), role: z.string() }),
  action: auditActionSchema,
  target_type: z.string(),
  target_id: z.string(),
  summary: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogResponseSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  results: z.array(auditEntrySchema),
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;
