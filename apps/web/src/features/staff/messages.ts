import type { AuditAction, InvoiceStatus, KycStatus, Role } from "@hospipay/contract";
import { defineMessages, type MessageDescriptor } from "../../i18n";

/** Texts several staff screens share. */
export const commonMessages = defineMessages({
  error: { id: "staff.common.error", defaultMessage: "Error: {message}" },
  unknown: { id: "staff.common.unknown", defaultMessage: "Unknown" },
  unknownLower: { id: "staff.common.unknownLower", defaultMessage: "unknown" },
  tryAgain: { id: "staff.common.tryAgain", defaultMessage: "Try again" },
  cancel: { id: "staff.common.cancel", defaultMessage: "Cancel" },
  loadMore: { id: "staff.common.loadMore", defaultMessage: "Load more" },
  approve: { id: "staff.common.approve", defaultMessage: "Approve" },
  reject: { id: "staff.common.reject", defaultMessage: "Reject" },
  refund: { id: "staff.common.refund", defaultMessage: "Refund" },
  reason: { id: "staff.common.reason", defaultMessage: "Reason" },
  reference: { id: "staff.common.reference", defaultMessage: "Reference" },
  customer: { id: "staff.common.customer", defaultMessage: "Customer" },
  amount: { id: "staff.common.amount", defaultMessage: "Amount" },
  amountDue: { id: "staff.common.amountDue", defaultMessage: "Amount due" },
  amountReceived: { id: "staff.common.amountReceived", defaultMessage: "Amount received" },
  date: { id: "staff.common.date", defaultMessage: "Date" },
  actions: { id: "staff.common.actions", defaultMessage: "Actions" },
  status: { id: "staff.common.status", defaultMessage: "Status" },
  all: { id: "staff.common.all", defaultMessage: "All" },
  dateFrom: { id: "staff.common.dateFrom", defaultMessage: "Date From" },
  dateTo: { id: "staff.common.dateTo", defaultMessage: "Date To" },
  nameOrEmail: { id: "staff.common.nameOrEmail", defaultMessage: "Name or e-mail" },
  adminPanel: { id: "staff.common.adminPanel", defaultMessage: "Admin Panel" },
  awaitingApproval: { id: "staff.common.awaitingApproval", defaultMessage: "{count} awaiting approval" },
  bankTransferReference: { id: "staff.common.bankTransferReference", defaultMessage: "Bank transfer reference" },
  bankReferenceHint: {
    id: "staff.common.bankReferenceHint",
    defaultMessage: "The session ID or narration on the bank statement.",
  },
  reasonHint: { id: "staff.common.reasonHint", defaultMessage: "5 to 500 characters. It is kept in the audit log." },
  refundAmount: { id: "staff.common.refundAmount", defaultMessage: "Refund {amount}" },
  failedRefundPayment: {
    id: "staff.common.failedRefundPayment",
    defaultMessage: "Failed to refund the payment. Please try again.",
  },
  failedUpdateAccount: {
    id: "staff.common.failedUpdateAccount",
    defaultMessage: "Failed to update the account. Please try again.",
  },
  networkError: { id: "staff.common.networkError", defaultMessage: "Network error. Please check your connection." },
  dateOrder: { id: "staff.common.dateOrder", defaultMessage: "Date To must not be before Date From." },
});

/** An invoice status as shown to people (English: the stored value). */
export const invoiceStatusMessages: Record<InvoiceStatus, MessageDescriptor> = defineMessages({
  pending: { id: "staff.invoiceStatus.pending", defaultMessage: "pending" },
  completed: { id: "staff.invoiceStatus.completed", defaultMessage: "completed" },
  failed: { id: "staff.invoiceStatus.failed", defaultMessage: "failed" },
  refunded: { id: "staff.invoiceStatus.refunded", defaultMessage: "refunded" },
});

/** A KYC status as the badge shows it (English: the stored value). */
export const kycStatusMessages: Record<KycStatus, MessageDescriptor> = defineMessages({
  PENDING: { id: "staff.kycStatus.pending", defaultMessage: "PENDING" },
  verified: { id: "staff.kycStatus.verified", defaultMessage: "verified" },
  REJECTED: { id: "staff.kycStatus.rejected", defaultMessage: "REJECTED" },
});

/** How the staff screens name the roles. */
export const roleMessages: Record<Role, MessageDescriptor> = defineMessages({
  CUSTOMER: { id: "staff.role.customer", defaultMessage: "Customer" },
  AGENT: { id: "staff.role.agent", defaultMessage: "Agent" },
  ADMIN: { id: "staff.role.admin", defaultMessage: "Admin" },
  SUPERADMIN: { id: "staff.role.superadmin", defaultMessage: "Super admin" },
});

/** The audit log's actions, as its filter names them. */
export const auditActionMessages: Record<AuditAction, MessageDescriptor> = {
  "transfer.confirmed": { id: "staff.auditAction.transferConfirmed", defaultMessage: "Transfer confirmed" },
  "transfer.requested": { id: "staff.auditAction.transferRequested", defaultMessage: "Transfer requested" },
  "transfer.approved": { id: "staff.auditAction.transferApproved", defaultMessage: "Transfer approved" },
  "transfer.rejected": { id: "staff.auditAction.transferRejected", defaultMessage: "Transfer rejected" },
  "refund.requested": { id: "staff.auditAction.refundRequested", defaultMessage: "Refund requested" },
  "refund.completed": { id: "staff.auditAction.refundCompleted", defaultMessage: "Refund completed" },
  "refund.approved": { id: "staff.auditAction.refundApproved", defaultMessage: "Refund approved" },
  "refund.rejected": { id: "staff.auditAction.refundRejected", defaultMessage: "Refund rejected" },
  "payment_review.settled": { id: "staff.auditAction.paymentReviewSettled", defaultMessage: "Payment review settled" },
  "staff.created": { id: "staff.auditAction.staffCreated", defaultMessage: "Staff created" },
  "staff.role_changed": { id: "staff.auditAction.staffRoleChanged", defaultMessage: "Staff role changed" },
  "staff.deactivated": { id: "staff.auditAction.staffDeactivated", defaultMessage: "Staff deactivated" },
  "staff.reactivated": { id: "staff.auditAction.staffReactivated", defaultMessage: "Staff reactivated" },
  "kyc.approved": { id: "staff.auditAction.kycApproved", defaultMessage: "Kyc approved" },
  "kyc.rejected": { id: "staff.auditAction.kycRejected", defaultMessage: "Kyc rejected" },
  "kyc.tier_changed": { id: "staff.auditAction.kycTierChanged", defaultMessage: "Kyc tier changed" },
  "kyc_hold.released": { id: "staff.auditAction.kycHoldReleased", defaultMessage: "Kyc hold released" },
  "kyc_hold.refunded": { id: "staff.auditAction.kycHoldRefunded", defaultMessage: "Kyc hold refunded" },
  "bill.created": { id: "staff.auditAction.billCreated", defaultMessage: "Bill created" },
  "bill.cancelled": { id: "staff.auditAction.billCancelled", defaultMessage: "Bill cancelled" },
  "bill.waiver_requested": { id: "staff.auditAction.billWaiverRequested", defaultMessage: "Bill waiver requested" },
  "bill.waiver_approved": { id: "staff.auditAction.billWaiverApproved", defaultMessage: "Bill waiver approved" },
  "bill.waiver_rejected": { id: "staff.auditAction.billWaiverRejected", defaultMessage: "Bill waiver rejected" },
  "receipt.redeemed": { id: "staff.auditAction.receiptRedeemed", defaultMessage: "Receipt redeemed" },
  "shift.opened": { id: "staff.auditAction.shiftOpened", defaultMessage: "Shift opened" },
  "shift.closed": { id: "staff.auditAction.shiftClosed", defaultMessage: "Shift closed" },
  "patient.registered": { id: "staff.auditAction.patientRegistered", defaultMessage: "Patient registered" },
  "patient.corrected": { id: "staff.auditAction.patientCorrected", defaultMessage: "Patient corrected" },
  "hmo.registered": { id: "staff.auditAction.hmoRegistered", defaultMessage: "Hmo registered" },
  "hmo.plan_added": { id: "staff.auditAction.hmoPlanAdded", defaultMessage: "Hmo plan added" },
  "patient.enrolled": { id: "staff.auditAction.patientEnrolled", defaultMessage: "Patient enrolled" },
  "hmo_claim.created": { id: "staff.auditAction.hmoClaimCreated", defaultMessage: "Hmo claim created" },
  "hmo_claim.submitted": { id: "staff.auditAction.hmoClaimSubmitted", defaultMessage: "Hmo claim submitted" },
  "hmo_claim.remitted": { id: "staff.auditAction.hmoClaimRemitted", defaultMessage: "Hmo claim remitted" },
  "hmo_claim.line_rejected": { id: "staff.auditAction.hmoClaimLineRejected", defaultMessage: "Hmo claim line rejected" },
  "hmo_claim.write_off_requested": {
    id: "staff.auditAction.hmoClaimWriteOffRequested",
    defaultMessage: "Hmo claim write off requested",
  },
  "hmo_claim.write_off_approved": {
    id: "staff.auditAction.hmoClaimWriteOffApproved",
    defaultMessage: "Hmo claim write off approved",
  },
  "hmo_claim.write_off_rejected": {
    id: "staff.auditAction.hmoClaimWriteOffRejected",
    defaultMessage: "Hmo claim write off rejected",
  },
  "admission.created": { id: "staff.auditAction.admissionCreated", defaultMessage: "Admission created" },
  "admission.lines_added": { id: "staff.auditAction.admissionLinesAdded", defaultMessage: "Admission lines added" },
  "admission.discharged": { id: "staff.auditAction.admissionDischarged", defaultMessage: "Admission discharged" },
  "admission.refund_paid": { id: "staff.auditAction.admissionRefundPaid", defaultMessage: "Admission refund paid" },
  "settlement.imported": { id: "staff.auditAction.settlementImported", defaultMessage: "Settlement imported" },
  "settlement.explained": { id: "staff.auditAction.settlementExplained", defaultMessage: "Settlement explained" },
  "settlement.write_off_requested": {
    id: "staff.auditAction.settlementWriteOffRequested",
    defaultMessage: "Settlement write off requested",
  },
  "settlement.write_off_approved": {
    id: "staff.auditAction.settlementWriteOffApproved",
    defaultMessage: "Settlement write off approved",
  },
  "settlement.write_off_rejected": {
    id: "staff.auditAction.settlementWriteOffRejected",
    defaultMessage: "Settlement write off rejected",
  },
  "settlement.month_closed": { id: "staff.auditAction.settlementMonthClosed", defaultMessage: "Settlement month closed" },
  "staff.desk_set": { id: "staff.auditAction.deskSet", defaultMessage: "Staff desk set" },
  "shift.drawer_counted": { id: "staff.auditAction.drawerCounted", defaultMessage: "Shift drawer counted" },
  "shift.drawer_signed_off": { id: "staff.auditAction.drawerSignedOff", defaultMessage: "Shift drawer signed off" },
  "shift.drawer_count_rejected": { id: "staff.auditAction.drawerCountRejected", defaultMessage: "Shift drawer count rejected" },
  "desk.pos_settled": { id: "staff.auditAction.posSettled", defaultMessage: "Desk pos settled" },
};

/** What the API calls answer when the server sends no message of its own. */
export const apiMessages = defineMessages({
  transferConfirmed: { id: "staff.api.transferConfirmed", defaultMessage: "Transfer confirmed." },
  refundApproved: { id: "staff.api.refundApproved", defaultMessage: "Refund approved." },
  refundRejected: { id: "staff.api.refundRejected", defaultMessage: "Refund rejected." },
  transferApproved: { id: "staff.api.transferApproved", defaultMessage: "Transfer approved and settled." },
  transferRejected: { id: "staff.api.transferRejected", defaultMessage: "Transfer confirmation rejected." },
  refundCompleted: { id: "staff.api.refundCompleted", defaultMessage: "Refund completed." },
  paymentSettled: { id: "staff.api.paymentSettled", defaultMessage: "Payment settled." },
  accountUpdated: { id: "staff.api.accountUpdated", defaultMessage: "Account updated." },
  staffCreated: { id: "staff.api.staffCreated", defaultMessage: "Staff account created for {email}." },
  auditLogFailed: { id: "staff.api.auditLogFailed", defaultMessage: "Failed to load the audit log." },
  holdsFailed: { id: "staff.api.holdsFailed", defaultMessage: "Failed to load held transfers." },
  reviewsFailed: { id: "staff.api.reviewsFailed", defaultMessage: "Failed to load payments that need review." },
  refundsFailed: { id: "staff.api.refundsFailed", defaultMessage: "Failed to load refunds." },
  accountsFailed: { id: "staff.api.accountsFailed", defaultMessage: "Failed to load accounts." },
  confirmationsFailed: { id: "staff.api.confirmationsFailed", defaultMessage: "Failed to load transfer confirmations." },
});

export const dashboardMessages = defineMessages({
  adminTitle: { id: "staff.dashboard.adminTitle", defaultMessage: "Admin Transactions Dashboard" },
  agentTitle: { id: "staff.dashboard.agentTitle", defaultMessage: "Agent Transactions Dashboard" },
  agentPanel: { id: "staff.dashboard.agentPanel", defaultMessage: "Agent Panel" },
});

export const summaryMessages = defineMessages({
  label: { id: "staff.summary.label", defaultMessage: "Summary" },
  totalTransactions: { id: "staff.summary.totalTransactions", defaultMessage: "Total Transactions" },
  totalRevenue: { id: "staff.summary.totalRevenue", defaultMessage: "Total Revenue" },
  averageTransaction: { id: "staff.summary.averageTransaction", defaultMessage: "Average Transaction" },
  recentTransactions: { id: "staff.summary.recentTransactions", defaultMessage: "Recent Transactions" },
  allStatuses: { id: "staff.summary.allStatuses", defaultMessage: "All statuses" },
  statusOnly: { id: "staff.summary.statusOnly", defaultMessage: "Status {status} only" },
  completedOnly: { id: "staff.summary.completedOnly", defaultMessage: "Completed payments only" },
  refunded: { id: "staff.summary.refunded", defaultMessage: "{amount} refunded, not counted" },
  perCompleted: { id: "staff.summary.perCompleted", defaultMessage: "Per completed transaction ({count})" },
  recentAll: { id: "staff.summary.recentAll", defaultMessage: "Last 7 days, all statuses" },
  recentStatus: { id: "staff.summary.recentStatus", defaultMessage: "Last 7 days, status {status} only" },
});

export const transactionsMessages = defineMessages({
  id: { id: "staff.transactions.column.id", defaultMessage: "ID" },
  revenueHead: { id: "staff.transactions.column.revenueHead", defaultMessage: "Revenue Head" },
  department: { id: "staff.transactions.column.department", defaultMessage: "Department" },
  paymentMethod: { id: "staff.transactions.column.paymentMethod", defaultMessage: "Payment Method" },
  filters: { id: "staff.transactions.filters", defaultMessage: "Filters" },
  loadingDepartments: { id: "staff.transactions.loadingDepartments", defaultMessage: "Loading departments…" },
  exportCsv: { id: "staff.transactions.exportCsv", defaultMessage: "Export CSV" },
  exportFailed: { id: "staff.transactions.exportFailed", defaultMessage: "Export failed: {message}" },
  pleaseTryAgain: { id: "staff.transactions.pleaseTryAgain", defaultMessage: "Please try again." },
  loading: { id: "staff.transactions.loading", defaultMessage: "Loading transactions…" },
  chartHeading: { id: "staff.transactions.chartHeading", defaultMessage: "Revenue by Payment Method" },
  heading: { id: "staff.transactions.heading", defaultMessage: "Transactions" },
  chooseRange: {
    id: "staff.transactions.chooseRange",
    defaultMessage: "Choose a Date From on or before Date To to see transactions.",
  },
  tableLabel: { id: "staff.transactions.tableLabel", defaultMessage: "Transactions table" },
  tableCaption: { id: "staff.transactions.tableCaption", defaultMessage: "Transactions, one row per item paid for" },
  confirmTransfer: { id: "staff.transactions.confirmTransfer", defaultMessage: "Confirm transfer" },
  confirmTransferOf: { id: "staff.transactions.confirmTransferOf", defaultMessage: "Confirm transfer {reference}" },
  refundOf: { id: "staff.transactions.refundOf", defaultMessage: "Refund {reference}" },
});

export const revenueChartMessages = defineMessages({
  dataset: { id: "staff.revenueChart.dataset", defaultMessage: "Revenue (₦)" },
  label: { id: "staff.revenueChart.label", defaultMessage: "Revenue by Payment Method chart" },
});

export const invoiceActionMessages = defineMessages({
  amountDueOf: { id: "staff.invoiceActions.amountDueOf", defaultMessage: "Amount due of {reference}" },
  amountOf: { id: "staff.invoiceActions.amountOf", defaultMessage: "Amount of {reference}" },
  chargeFee: { id: "staff.invoiceActions.chargeFee", defaultMessage: "Charge fee" },
  confirmTitle: { id: "staff.invoiceActions.confirmTitle", defaultMessage: "Confirm bank transfer" },
  confirmSubmit: { id: "staff.invoiceActions.confirmSubmit", defaultMessage: "Confirm transfer" },
  confirmFailed: {
    id: "staff.invoiceActions.confirmFailed",
    defaultMessage: "Failed to confirm the transfer. Please try again.",
  },
  amountReceivedHint: {
    id: "staff.invoiceActions.amountReceivedHint",
    defaultMessage: "In naira, as it arrived in the hospital's account.",
  },
  refundTitle: { id: "staff.invoiceActions.refundTitle", defaultMessage: "Refund payment" },
  refundSubmit: { id: "staff.invoiceActions.refundSubmit", defaultMessage: "Confirm refund" },
  refundGivenNeedsApproval: {
    id: "staff.invoiceActions.refundGivenNeedsApproval",
    defaultMessage:
      "Items of this payment were already given at the point of care, so this refund needs a super admin's approval.",
  },
  refundGiven: {
    id: "staff.invoiceActions.refundGiven",
    defaultMessage: "Items of this payment were already given at the point of care: a refund does not take them back.",
  },
  refundNeedsApproval: {
    id: "staff.invoiceActions.refundNeedsApproval",
    defaultMessage: "This refund needs a super admin's approval.",
  },
  refundWarning: {
    id: "staff.invoiceActions.refundWarning",
    defaultMessage: "The whole amount goes back to the payer. A refund cannot be undone.",
  },
  done: { id: "staff.invoiceActions.done", defaultMessage: "Done" },
});

export const decisionMessages = defineMessages({
  approveRefund: { id: "staff.decision.approveRefund", defaultMessage: "Approve refund" },
  rejectRefund: { id: "staff.decision.rejectRefund", defaultMessage: "Reject refund" },
  approveTransfer: { id: "staff.decision.approveTransfer", defaultMessage: "Approve transfer" },
  rejectTransfer: { id: "staff.decision.rejectTransfer", defaultMessage: "Reject transfer" },
  approveRefundFailed: {
    id: "staff.decision.approveRefundFailed",
    defaultMessage: "Failed to approve the refund. Please try again.",
  },
  rejectRefundFailed: {
    id: "staff.decision.rejectRefundFailed",
    defaultMessage: "Failed to reject the refund. Please try again.",
  },
  approveTransferFailed: {
    id: "staff.decision.approveTransferFailed",
    defaultMessage: "Failed to approve the transfer. Please try again.",
  },
  rejectTransferFailed: {
    id: "staff.decision.rejectTransferFailed",
    defaultMessage: "Failed to reject the transfer. Please try again.",
  },
  reasonRequired: { id: "staff.decision.reasonRequired", defaultMessage: "Please give a reason for the rejection." },
  noteOptional: { id: "staff.decision.noteOptional", defaultMessage: "Note (optional)" },
  rejectionReason: { id: "staff.decision.rejectionReason", defaultMessage: "Reason for rejection" },
  keptInAuditLog: { id: "staff.decision.keptInAuditLog", defaultMessage: "Kept in the audit log." },
});

export const refundApprovalMessages = defineMessages({
  heading: { id: "staff.refundApprovals.heading", defaultMessage: "Refund approvals" },
  loading: { id: "staff.refundApprovals.loading", defaultMessage: "Loading refunds…" },
  empty: { id: "staff.refundApprovals.empty", defaultMessage: "No refunds awaiting approval." },
  tableLabel: { id: "staff.refundApprovals.tableLabel", defaultMessage: "Refunds awaiting approval table" },
  tableCaption: { id: "staff.refundApprovals.tableCaption", defaultMessage: "Refunds awaiting approval" },
  requestedBy: { id: "staff.refundApprovals.requestedBy", defaultMessage: "Requested by" },
  approveOf: { id: "staff.refundApprovals.approveOf", defaultMessage: "Approve refund {reference}" },
  rejectOf: { id: "staff.refundApprovals.rejectOf", defaultMessage: "Reject refund {reference}" },
  rejectHint: { id: "staff.refundApprovals.rejectHint", defaultMessage: "Required. The admin who asked sees it." },
  reasonGivenBy: { id: "staff.refundApprovals.reasonGivenBy", defaultMessage: "Reason given by {name}" },
});

export const transferApprovalMessages = defineMessages({
  heading: { id: "staff.transferApprovals.heading", defaultMessage: "Transfer approvals" },
  loading: { id: "staff.transferApprovals.loading", defaultMessage: "Loading transfer confirmations…" },
  loadFailed: { id: "staff.transferApprovals.loadFailed", defaultMessage: "Failed to load confirmations." },
  empty: { id: "staff.transferApprovals.empty", defaultMessage: "No transfer confirmations awaiting approval." },
  tableLabel: { id: "staff.transferApprovals.tableLabel", defaultMessage: "Transfer confirmations awaiting approval table" },
  tableCaption: { id: "staff.transferApprovals.tableCaption", defaultMessage: "Transfer confirmations awaiting approval" },
  excess: { id: "staff.transferApprovals.excess", defaultMessage: "Excess" },
  bankReference: { id: "staff.transferApprovals.bankReference", defaultMessage: "Bank reference" },
  confirmed: { id: "staff.transferApprovals.confirmed", defaultMessage: "Confirmed" },
  approveOf: { id: "staff.transferApprovals.approveOf", defaultMessage: "Approve transfer {reference}" },
  rejectOf: { id: "staff.transferApprovals.rejectOf", defaultMessage: "Reject transfer {reference}" },
  rejectHint: { id: "staff.transferApprovals.rejectHint", defaultMessage: "Required. It is kept in the audit log." },
  approveExplanation: {
    id: "staff.transferApprovals.approveExplanation",
    defaultMessage: "Approving marks the invoice paid with the amount received. Check it against the bank statement first.",
  },
  rejectExplanation: {
    id: "staff.transferApprovals.rejectExplanation",
    defaultMessage: "Rejecting settles nothing: the invoice stays pending for a correct confirmation.",
  },
  excessOwed: { id: "staff.transferApprovals.excessOwed", defaultMessage: "Excess (owed back to the payer once settled)" },
  confirmedBy: { id: "staff.transferApprovals.confirmedBy", defaultMessage: "Confirmed by" },
});

export const paymentReviewMessages = defineMessages({
  heading: { id: "staff.paymentReviews.heading", defaultMessage: "Payments needing review" },
  paidShort: { id: "staff.paymentReviews.paidShort", defaultMessage: "{count} paid short" },
  intro: {
    id: "staff.paymentReviews.intro",
    defaultMessage:
      "The gateway confirmed these payments for less than the amount due. Refund what was received, or settle once the balance is in the hospital's account.",
  },
  loading: { id: "staff.paymentReviews.loading", defaultMessage: "Loading payments that need review…" },
  empty: { id: "staff.paymentReviews.empty", defaultMessage: "No payments need review." },
  tableLabel: { id: "staff.paymentReviews.tableLabel", defaultMessage: "Payments needing review table" },
  tableCaption: { id: "staff.paymentReviews.tableCaption", defaultMessage: "Payments paid short, needing review" },
  method: { id: "staff.paymentReviews.method", defaultMessage: "Method" },
  received: { id: "staff.paymentReviews.received", defaultMessage: "Received" },
  refundAwaiting: { id: "staff.paymentReviews.refundAwaiting", defaultMessage: "Refund awaiting approval" },
  refundOf: { id: "staff.paymentReviews.refundOf", defaultMessage: "Refund payment {reference}" },
  settleOf: { id: "staff.paymentReviews.settleOf", defaultMessage: "Settle payment {reference}" },
  settle: { id: "staff.paymentReviews.settle", defaultMessage: "Settle" },
  stillOwed: { id: "staff.paymentReviews.stillOwed", defaultMessage: "Still owed" },
  refundTitle: { id: "staff.paymentReviews.refundTitle", defaultMessage: "Refund amount received" },
  refundWarning: {
    id: "staff.paymentReviews.refundWarning",
    defaultMessage: "{amount} goes back to the payer through {method}. A refund cannot be undone.",
  },
  settleTitle: { id: "staff.paymentReviews.settleTitle", defaultMessage: "Settle payment" },
  settleFailed: { id: "staff.paymentReviews.settleFailed", defaultMessage: "Failed to settle the payment. Please try again." },
  balanceReceived: { id: "staff.paymentReviews.balanceReceived", defaultMessage: "Balance received" },
  balanceHint: {
    id: "staff.paymentReviews.balanceHint",
    defaultMessage: "In naira, as it arrived in the hospital's account (at least {amount}).",
  },
});

export const kycReviewsMessages = defineMessages({
  heading: { id: "staff.kycReviews.heading", defaultMessage: "KYC reviews" },
  statusLabel: { id: "staff.kycReviews.statusLabel", defaultMessage: "KYC status" },
  pending: { id: "staff.kycReviews.pending", defaultMessage: "Pending" },
  verified: { id: "staff.kycReviews.verified", defaultMessage: "Verified" },
  rejected: { id: "staff.kycReviews.rejected", defaultMessage: "Rejected" },
  loading: { id: "staff.kycReviews.loading", defaultMessage: "Loading KYC submissions…" },
  loadFailed: { id: "staff.kycReviews.loadFailed", defaultMessage: "Failed to load KYC submissions." },
  empty: { id: "staff.kycReviews.empty", defaultMessage: "No KYC submissions to review." },
  listLabel: { id: "staff.kycReviews.listLabel", defaultMessage: "KYC submissions" },
  submittedAt: { id: "staff.kycReviews.submittedAt", defaultMessage: "Submitted {date}" },
  review: { id: "staff.kycReviews.review", defaultMessage: "Review" },
});

export const kycReviewDialogMessages = defineMessages({
  utilityBill: { id: "staff.kycReviewDialog.viewUtilityBill", defaultMessage: "View utility bill" },
  cacCertificate: { id: "staff.kycReviewDialog.viewCacCertificate", defaultMessage: "View CAC certificate" },
  boardLetter: { id: "staff.kycReviewDialog.viewBoardLetter", defaultMessage: "View board letter" },
  viewDocument: { id: "staff.kycReviewDialog.viewDocument", defaultMessage: "View {document}" },
  verifiedDone: {
    id: "staff.kycReviewDialog.verifiedDone",
    defaultMessage: "Verified. A verified submission cannot be decided again.",
  },
  verifiedAtTier: {
    id: "staff.kycReviewDialog.verifiedAtTier",
    defaultMessage: "Verified at tier {tier}. A verified submission cannot be decided again.",
  },
  rejectedDone: {
    id: "staff.kycReviewDialog.rejectedDone",
    defaultMessage: "Rejected. It comes back to this queue if the customer corrects and resubmits it.",
  },
  decidedOther: {
    id: "staff.kycReviewDialog.decidedOther",
    defaultMessage: "Decided ({status}). Only a pending submission can be verified or rejected.",
  },
  saveFailed: { id: "staff.kycReviewDialog.saveFailed", defaultMessage: "Failed to save the decision. Please try again." },
  verifiedToast: { id: "staff.kycReviewDialog.verifiedToast", defaultMessage: "KYC of {name} verified (tier {tier})." },
  rejectedToast: { id: "staff.kycReviewDialog.rejectedToast", defaultMessage: "KYC of {name} rejected." },
  openFailed: { id: "staff.kycReviewDialog.openFailed", defaultMessage: "Failed to open the document." },
  email: { id: "staff.kycReviewDialog.email", defaultMessage: "E-mail" },
  submitted: { id: "staff.kycReviewDialog.submitted", defaultMessage: "Submitted" },
  accountType: { id: "staff.kycReviewDialog.accountType", defaultMessage: "Account type" },
  corporate: { id: "staff.kycReviewDialog.corporate", defaultMessage: "Corporate" },
  personal: { id: "staff.kycReviewDialog.personal", defaultMessage: "Personal" },
  dateOfEstablishment: { id: "staff.kycReviewDialog.dateOfEstablishment", defaultMessage: "Date of Establishment" },
  dateOfBirth: { id: "staff.kycReviewDialog.dateOfBirth", defaultMessage: "Date of Birth" },
  officeAddress: { id: "staff.kycReviewDialog.officeAddress", defaultMessage: "Office Address" },
  address: { id: "staff.kycReviewDialog.address", defaultMessage: "Address" },
  kinName: { id: "staff.kycReviewDialog.kinName", defaultMessage: "Next of kin name" },
  kinPhone: { id: "staff.kycReviewDialog.kinPhone", defaultMessage: "Next of kin phone" },
  kinAddress: { id: "staff.kycReviewDialog.kinAddress", defaultMessage: "Next of kin address" },
  idType: { id: "staff.kycReviewDialog.idType", defaultMessage: "ID type" },
  idNumber: { id: "staff.kycReviewDialog.idNumber", defaultMessage: "ID number" },
  tierLevel: { id: "staff.kycReviewDialog.tierLevel", defaultMessage: "Tier level" },
  accountNumber: { id: "staff.kycReviewDialog.accountNumber", defaultMessage: "Account number (bank transfers)" },
  accountStanding: {
    id: "staff.kycReviewDialog.accountStanding",
    defaultMessage:
      "{standing, select, active {Issued} pending {Being set up} not_nin {Not issued: the ID is not a NIN, and an account number needs an 11-digit NIN} invalid_nin {Not issued: the NIN is not 11 digits} other {Not issued}}",
  },
  notApplicable: { id: "staff.kycReviewDialog.notApplicable", defaultMessage: "N/A" },
  title: { id: "staff.kycReviewDialog.title", defaultMessage: "KYC review: {name}" },
  verify: { id: "staff.kycReviewDialog.verify", defaultMessage: "Verify" },
  close: { id: "staff.kycReviewDialog.close", defaultMessage: "Close" },
  rejectionReason: { id: "staff.kycReviewDialog.rejectionReason", defaultMessage: "<b>Rejection reason:</b> {reason}" },
  documents: { id: "staff.kycReviewDialog.documents", defaultMessage: "Documents" },
  noDocuments: { id: "staff.kycReviewDialog.noDocuments", defaultMessage: "No documents uploaded." },
  requiredToReject: { id: "staff.kycReviewDialog.requiredToReject", defaultMessage: "Required to reject." },
  history: { id: "staff.kycReviewDialog.history", defaultMessage: "Decision history" },
  noDecisions: { id: "staff.kycReviewDialog.noDecisions", defaultMessage: "No decisions yet." },
  decisionAtTier: { id: "staff.kycReviewDialog.decisionAtTier", defaultMessage: "{decision} (tier {tier})" },
  decidedBy: { id: "staff.kycReviewDialog.decidedBy", defaultMessage: "by {who} on {date}" },
  decisionReason: { id: "staff.kycReviewDialog.decisionReason", defaultMessage: "Reason: {reason}" },
  tierChanged: { id: "staff.kycReviewDialog.tierChanged", defaultMessage: "KYC tier of {name} changed to {tier}." },
  changeFailed: { id: "staff.kycReviewDialog.changeFailed", defaultMessage: "Failed to change the tier. Please try again." },
  changeTierTo: { id: "staff.kycReviewDialog.changeTierTo", defaultMessage: "Change tier to" },
  changeTierHint: {
    id: "staff.kycReviewDialog.changeTierHint",
    defaultMessage: "Held transfers the new tier allows are released to the wallet.",
  },
  changeTier: { id: "staff.kycReviewDialog.changeTier", defaultMessage: "Change tier" },
});

export const kycHoldsMessages = defineMessages({
  sender: { id: "staff.kycHolds.sender", defaultMessage: "Sender" },
  heldBecause: { id: "staff.kycHolds.heldBecause", defaultMessage: "Held because" },
  tierNow: { id: "staff.kycHolds.tierNow", defaultMessage: "Tier now" },
  received: { id: "staff.kycHolds.received", defaultMessage: "Received" },
  balanceCap: { id: "staff.kycHolds.balanceCap", defaultMessage: "Over the tier {tier} balance cap of {amount}" },
  creditCap: { id: "staff.kycHolds.creditCap", defaultMessage: "Over the tier {tier} single-credit cap of {amount}" },
  released: { id: "staff.kycHolds.released", defaultMessage: "{amount} released to {email}'s wallet." },
  releaseFailed: { id: "staff.kycHolds.releaseFailed", defaultMessage: "Failed to release the transfer. Please try again." },
  heading: { id: "staff.kycHolds.heading", defaultMessage: "Transfers held over a KYC tier limit" },
  held: { id: "staff.kycHolds.held", defaultMessage: "{count} held" },
  intro: {
    id: "staff.kycHolds.intro",
    defaultMessage:
      "These bank transfers reached customers' account numbers but would break their tier's limit. Raising the customer's tier (in KYC review) releases them; release one here once the tier allows it, or refund it to the sender.",
  },
  loading: { id: "staff.kycHolds.loading", defaultMessage: "Loading held transfers…" },
  empty: { id: "staff.kycHolds.empty", defaultMessage: "No transfers are held." },
  tableLabel: { id: "staff.kycHolds.tableLabel", defaultMessage: "Held transfers table" },
  releaseOf: { id: "staff.kycHolds.releaseOf", defaultMessage: "Release {amount} held for {email}" },
  refundOf: { id: "staff.kycHolds.refundOf", defaultMessage: "Refund {amount} held for {email}" },
  release: { id: "staff.kycHolds.release", defaultMessage: "Release" },
  reasonRequired: { id: "staff.kycHolds.reasonRequired", defaultMessage: "Give a reason for the refund." },
  refundedTo: { id: "staff.kycHolds.refundedTo", defaultMessage: "{amount} refunded to {sender}." },
  refundedToSender: { id: "staff.kycHolds.refundedToSender", defaultMessage: "{amount} refunded to its sender." },
  refundFailed: { id: "staff.kycHolds.refundFailed", defaultMessage: "Failed to refund the transfer. Please try again." },
  refundTitle: { id: "staff.kycHolds.refundTitle", defaultMessage: "Refund held transfer" },
  refundExplained: {
    id: "staff.kycHolds.refundExplained",
    defaultMessage: "{amount} from {sender} to {email}'s account number goes back to the sender. A refund cannot be undone.",
  },
  refundExplainedUnknown: {
    id: "staff.kycHolds.refundExplainedUnknown",
    defaultMessage:
      "{amount} from an unknown sender to {email}'s account number goes back to the sender. A refund cannot be undone.",
  },
  reasonHint: { id: "staff.kycHolds.reasonHint", defaultMessage: "Up to 500 characters. It is kept in the audit log." },
});

export const auditLogMessages = defineMessages({
  title: { id: "staff.auditLog.title", defaultMessage: "Audit log" },
  time: { id: "staff.auditLog.column.time", defaultMessage: "Time (WAT)" },
  actor: { id: "staff.auditLog.column.actor", defaultMessage: "Actor" },
  action: { id: "staff.auditLog.column.action", defaultMessage: "Action" },
  target: { id: "staff.auditLog.column.target", defaultMessage: "Target" },
  summary: { id: "staff.auditLog.column.summary", defaultMessage: "Summary" },
  filtersLabel: { id: "staff.auditLog.filtersLabel", defaultMessage: "Audit log filters" },
  filterForm: { id: "staff.auditLog.filterForm", defaultMessage: "Filter the audit log" },
  allActions: { id: "staff.auditLog.allActions", defaultMessage: "All actions" },
  apply: { id: "staff.auditLog.apply", defaultMessage: "Apply filters" },
  clear: { id: "staff.auditLog.clear", defaultMessage: "Clear" },
  entries: { id: "staff.auditLog.entries", defaultMessage: "Entries" },
  someOf: { id: "staff.auditLog.someOf", defaultMessage: "{shown} of {count} entries" },
  count: { id: "staff.auditLog.count", defaultMessage: "{count, plural, one {{count} entry} other {{count} entries}}" },
  loading: { id: "staff.auditLog.loading", defaultMessage: "Loading audit log…" },
  noMatch: { id: "staff.auditLog.noMatch", defaultMessage: "No entries match these filters." },
  nothingYet: { id: "staff.auditLog.nothingYet", defaultMessage: "Nothing has been recorded yet." },
  tableLabel: { id: "staff.auditLog.tableLabel", defaultMessage: "Audit log entries" },
  tableCaption: { id: "staff.auditLog.tableCaption", defaultMessage: "Audit log, newest first" },
  moreFailed: { id: "staff.auditLog.moreFailed", defaultMessage: "Failed to load more entries." },
});

export const staffUsersMessages = defineMessages({
  title: { id: "staff.staffUsers.title", defaultMessage: "Staff accounts" },
  name: { id: "staff.staffUsers.column.name", defaultMessage: "Name" },
  email: { id: "staff.staffUsers.column.email", defaultMessage: "E-mail" },
  phone: { id: "staff.staffUsers.column.phone", defaultMessage: "Phone" },
  role: { id: "staff.staffUsers.column.role", defaultMessage: "Role" },
  created: { id: "staff.staffUsers.column.created", defaultMessage: "Created" },
  intro: {
    id: "staff.staffUsers.intro",
    defaultMessage: "Create staff accounts, change roles, and deactivate accounts that should no longer sign in.",
  },
  create: { id: "staff.staffUsers.create", defaultMessage: "Create staff account" },
  filtersLabel: { id: "staff.staffUsers.filtersLabel", defaultMessage: "Account filters" },
  searchForm: { id: "staff.staffUsers.searchForm", defaultMessage: "Search accounts" },
  search: { id: "staff.staffUsers.search", defaultMessage: "Search" },
  allRoles: { id: "staff.staffUsers.allRoles", defaultMessage: "All roles" },
  accounts: { id: "staff.staffUsers.accounts", defaultMessage: "Accounts" },
  count: { id: "staff.staffUsers.count", defaultMessage: "{count, plural, one {{count} account} other {{count} accounts}}" },
  loading: { id: "staff.staffUsers.loading", defaultMessage: "Loading accounts…" },
  noMatch: { id: "staff.staffUsers.noMatch", defaultMessage: "No accounts match these filters." },
  none: { id: "staff.staffUsers.none", defaultMessage: "No accounts yet." },
  tableLabel: { id: "staff.staffUsers.tableLabel", defaultMessage: "Accounts table" },
  pages: { id: "staff.staffUsers.pages", defaultMessage: "Account pages" },
  previous: { id: "staff.staffUsers.previous", defaultMessage: "Previous" },
  pageOf: { id: "staff.staffUsers.pageOf", defaultMessage: "Page {page} of {pages}" },
  next: { id: "staff.staffUsers.next", defaultMessage: "Next" },
  you: { id: "staff.staffUsers.you", defaultMessage: "(you)" },
  roleOf: { id: "staff.staffUsers.roleOf", defaultMessage: "Role of {name}" },
  saveRoleOf: { id: "staff.staffUsers.saveRoleOf", defaultMessage: "Save role of {name}" },
  save: { id: "staff.staffUsers.save", defaultMessage: "Save" },
  active: { id: "staff.staffUsers.active", defaultMessage: "Active" },
  inactive: { id: "staff.staffUsers.inactive", defaultMessage: "Inactive" },
  deactivate: { id: "staff.staffUsers.deactivate", defaultMessage: "Deactivate" },
  reactivate: { id: "staff.staffUsers.reactivate", defaultMessage: "Reactivate" },
  deactivateOf: { id: "staff.staffUsers.deactivateOf", defaultMessage: "Deactivate {name}" },
  reactivateOf: { id: "staff.staffUsers.reactivateOf", defaultMessage: "Reactivate {name}" },
  deactivateTitle: { id: "staff.staffUsers.deactivateTitle", defaultMessage: "Deactivate account" },
  reactivateTitle: { id: "staff.staffUsers.reactivateTitle", defaultMessage: "Reactivate account" },
  deactivateQuestion: {
    id: "staff.staffUsers.deactivateQuestion",
    defaultMessage: "Deactivate <b>{name}</b> ({email}, {role})?",
  },
  reactivateQuestion: {
    id: "staff.staffUsers.reactivateQuestion",
    defaultMessage: "Reactivate <b>{name}</b> ({email}, {role})?",
  },
  deactivateEffect: {
    id: "staff.staffUsers.deactivateEffect",
    defaultMessage: "They will no longer be able to sign in. You can reactivate the account later.",
  },
  reactivateEffect: {
    id: "staff.staffUsers.reactivateEffect",
    defaultMessage: "They will be able to sign in again with their password.",
  },
  createFailed: { id: "staff.staffUsers.createFailed", defaultMessage: "Failed to create the account. Please try again." },
  createAccount: { id: "staff.staffUsers.createAccount", defaultMessage: "Create account" },
  linkEmailed: {
    id: "staff.staffUsers.linkEmailed",
    defaultMessage: "A link to set the password is e-mailed to the new member.",
  },
  firstName: { id: "staff.staffUsers.firstName", defaultMessage: "First name" },
  lastName: { id: "staff.staffUsers.lastName", defaultMessage: "Last name" },
  phoneNumber: { id: "staff.staffUsers.phoneNumber", defaultMessage: "Phone number" },
});

/** A super admin's desk rights dialog (issue 36). */
export const staffDeskMessages = defineMessages({
  title: { id: "staff.desk.title", defaultMessage: "Desk rights of {name}" },
  intro: {
    id: "staff.desk.intro",
    defaultMessage: "What this member does at the desk: a department's items are given only by its members.",
  },
  departments: { id: "staff.desk.departments", defaultMessage: "Departments" },
  rights: { id: "staff.desk.rights", defaultMessage: "At the desk" },
  collectsMoney: { id: "staff.desk.collectsMoney", defaultMessage: "Collects money" },
  givesItems: { id: "staff.desk.givesItems", defaultMessage: "Gives items" },
  waiverLimit: { id: "staff.desk.waiverLimit", defaultMessage: "Waiver limit (₦)" },
  waiverLimitHint: {
    id: "staff.desk.waiverLimitHint",
    defaultMessage: "The largest waiver they approve; empty: they approve none.",
  },
  save: { id: "staff.desk.save", defaultMessage: "Save desk rights" },
  saved: { id: "staff.desk.saved", defaultMessage: "Desk rights saved." },
  saveFailed: { id: "staff.desk.saveFailed", defaultMessage: "The desk rights could not be saved. Please try again." },
  loading: { id: "staff.desk.loading", defaultMessage: "Loading desk rights…" },
  loadFailed: { id: "staff.desk.loadFailed", defaultMessage: "Failed to load the desk rights" },
  loadingDepartments: { id: "staff.desk.loadingDepartments", defaultMessage: "Loading departments…" },
  departmentsFailed: {
    id: "staff.desk.departmentsFailed",
    defaultMessage: "The catalogue's departments could not be loaded: only the member's own are listed.",
  },
  open: { id: "staff.desk.open", defaultMessage: "Desk" },
  openOf: { id: "staff.desk.openOf", defaultMessage: "Desk rights of {name}" },
});
