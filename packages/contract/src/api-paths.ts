import type { GatewayKey } from "./enums";

/**
 * A path with one parameter. Called with a value it gives the path to request, the value URL-encoded;
 * `route` is the same path as the server's router declares it, `:name` standing for the value.
 */
interface ParamPath<Value extends string | number> {
  (value: Value): string;
  readonly route: string;
}

function paramPath<Value extends string | number>(route: string): ParamPath<Value> {
  // A replacer function, so that a `$` in the value is never read as a replacement pattern.
  const fill = (value: Value) => route.replace(/:\w+/, () => encodeURIComponent(String(value)));
  return Object.assign(fill, { route });
}

/**
 * Every path of the product API: SPEC §7's verbatim (trailing slashes included), then the ones SPEC
 * leaves out. The server registers its routes with these and the web app calls them.
 */
export const API_PATHS = {
  login: "/auth/login/",
  register: "/auth/register/",
  forgotPassword: "/auth/forgot-password/",
  resetPassword: "/auth/reset-password/",
  logout: "/auth/logout/",
  verifyEmail: "/verify-email/",
  resendVerificationCode: "/resend-verification-code/",
  profile: "/auth/profile/",
  profileUpdate: "/auth/profile/update/",
  changePassword: "/auth/profile/change-password/",
  paymentMethods: "/express/methods/",
  checkout: "/express/checkout/",
  topUp: "/express/top-up/",
  fetchTransactions: "/api/express/fetch-transactions/",
  /** After the gateway's widget reports success: the server asks the gateway itself. */
  gatewayCallback: paramPath<GatewayKey>("/api/express/callback/top-up/:gateway/"),
  /** A payment's status and receipt, by its reference. */
  payment: paramPath<string>("/api/express/payments/:reference/"),
  /** The payer closed the gateway's widget: the server asks the gateway and closes the payment as cancelled if it agrees. */
  cancelPayment: paramPath<string>("/api/express/payments/:reference/cancel/"),
  /** Where a gateway sends its notifications: one route per gateway, not a parameter. */
  gatewayWebhook: (gateway: GatewayKey) => `/api/express/webhooks/${gateway}/`,
  walletTransactions: "/api/wallet/transactions/",
  /** The signed-in customer's permanent account number for funding the wallet by bank transfer (issue 22). */
  reservedAccount: "/api/wallet/reserved-account/",
  /** The signed-in customer's KYC tier, its caps, and transfers held over a cap (issue 22). */
  walletTier: "/api/wallet/tier/",
  catalogueDepartments: "/api/catalogue/departments/",
  catalogueRevenueHeads: "/api/catalogue/revenue-heads/",
  catalogueServices: "/api/catalogue/services/",
  departmentRevenueHeads: paramPath<string>("/api/catalogue/departments/:departmentId/revenue-heads/"),
  kycMe: "/auth/kyc/me/",
  kycSubmit: "/auth/kyc/submit/",
  kycUpdate: "/auth/kyc/update/",
  kycUpgrade: "/auth/kyc/upgrade/",
  /** A stored KYC document, by its public id (a random UUID): its owner and the KYC reviewers read it. */
  kycDocument: paramPath<string>("/auth/kyc/documents/:id/"),
  /** Staff KYC review (admins and super admins): the queue, and one record's decision. */
  kycReviews: "/api/staff/kyc/",
  kycDecision: paramPath<number>("/api/staff/kyc/:id/decision/"),
  /** An admin changes a verified customer's tier (held transfers that now fit are released with it). */
  kycTier: paramPath<number>("/api/staff/kyc/:id/tier/"),
  /** Reserved-account transfers held over a KYC tier cap: the list, release to the wallet, refund to the sender. */
  kycHolds: "/api/staff/kyc-holds/",
  releaseKycHold: paramPath<number>("/api/staff/kyc-holds/:id/release/"),
  refundKycHold: paramPath<number>("/api/staff/kyc-holds/:id/refund/"),
  statistics: "/invoices/invoices/statistics/",
  invoiceFilter: "/invoices/invoices/filter/",
  invoiceExport: "/api/staff/invoices/export/",
  confirmTransfer: paramPath<string>("/api/staff/invoices/:reference/confirm-transfer/"),
  refundInvoice: paramPath<string>("/api/staff/invoices/:reference/refund/"),
  transferConfirmations: "/api/staff/transfer-confirmations/",
  approveTransferConfirmation: paramPath<number>("/api/staff/transfer-confirmations/:id/approve/"),
  rejectTransferConfirmation: paramPath<number>("/api/staff/transfer-confirmations/:id/reject/"),
  refunds: "/api/staff/refunds/",
  approveRefund: paramPath<number>("/api/staff/refunds/:id/approve/"),
  rejectRefund: paramPath<number>("/api/staff/refunds/:id/reject/"),
  paymentReviews: "/api/staff/payment-reviews/",
  settleReview: paramPath<string>("/api/staff/payment-reviews/:reference/settle/"),
  staffUsers: "/api/staff/users/",
  staffUser: paramPath<number>("/api/staff/users/:id/"),
  auditLog: "/api/staff/audit-log/",
  /** Bills raised by staff (issue 21): the list and search, and raising one. */
  staffBills: "/api/staff/bills/",
  staffBill: paramPath<string>("/api/staff/bills/:token/"),
  cancelBill: paramPath<string>("/api/staff/bills/:token/cancel/"),
  /** A bill as anyone holding its link sees it, and paying a part of it. */
  publicBill: paramPath<string>("/api/bills/:token/"),
  payBill: paramPath<string>("/api/bills/:token/pay/"),
  /** A receipt code's validity (public, rate limited): paid or not, amount, date; nothing personal. */
  receipt: paramPath<string>("/api/receipts/:receipt_code/"),
  /** A receipt as the point of care sees it (agents, admins, super admins): items, and what was given. */
  staffReceipt: paramPath<string>("/api/staff/receipts/:receipt_code/"),
  /** A receipt's short link, as the SMS receipt carries it: redirects to the verify page with the code filled in. */
  receiptShortLink: paramPath<string>("/r/:receipt_code"),
  /** Mark a receipt's items as given, by one department, once. */
  redeemReceipt: paramPath<string>("/api/staff/receipts/:receipt_code/redeem/"),
  /** A patient's money in one list (agents, admins, super admins): bills and payments, newest first. */
  staffSearch: "/api/staff/search/",
  /** Staff shifts (issue 21): opening one, the caller's open one, one with its report, and closing it. */
  staffShifts: "/api/staff/shifts/",
  currentShift: "/api/staff/shifts/current/",
  staffShift: paramPath<number>("/api/staff/shifts/:id/"),
  closeShift: paramPath<number>("/api/staff/shifts/:id/close/"),
  /** An admin signs off (or sends back) a drawer count beyond the allowed variance (issue 36). */
  signoffShift: paramPath<number>("/api/staff/shifts/:id/signoff/"),
  /** Every staff member's day (admins), by method and department, and the same as CSV. */
  shiftsDaily: "/api/staff/shifts/daily/",
  shiftsDailyExport: "/api/staff/shifts/daily/export/",
  /** The patient register (issue 36): registering and finding patients, and correcting one. */
  staffPatients: "/api/staff/patients/",
  staffPatient: paramPath<number>("/api/staff/patients/:id/"),
  /** Issue 37: HMOs, their plans, and a patient's enrolments. */
  staffHmos: "/api/staff/hmos/",
  staffHmoPlans: paramPath<number>("/api/staff/hmos/:id/plans/"),
  /** What each HMO owes: its split bills' HMO parts once final, by age (issue 37). */
  staffHmoReceivables: "/api/staff/hmos/receivables/",
  /** Claim batches per HMO and month, their remittances and write-offs (issue 37). */
  staffHmoClaims: "/api/staff/hmo-claims/",
  staffHmoClaim: paramPath<number>("/api/staff/hmo-claims/:id/"),
  staffHmoClaimCsv: paramPath<number>("/api/staff/hmo-claims/:id/csv/"),
  staffHmoClaimSubmit: paramPath<number>("/api/staff/hmo-claims/:id/submit/"),
  staffHmoClaimRemittances: paramPath<number>("/api/staff/hmo-claims/:id/remittances/"),
  staffHmoClaimWriteOffs: paramPath<number>("/api/staff/hmo-claims/:id/write-offs/"),
  staffHmoClaimRejections: paramPath<number>("/api/staff/hmo-claims/:id/rejections/"),
  decideHmoClaimWriteOff: paramPath<number>("/api/staff/hmo-claim-write-offs/:id/decide/"),
  /** Admissions (issue 37): a stay's running bill, its lines and deposits, and discharge. */
  staffAdmissions: "/api/staff/admissions/",
  staffAdmission: paramPath<number>("/api/staff/admissions/:id/"),
  staffAdmissionLines: paramPath<number>("/api/staff/admissions/:id/lines/"),
  dischargeAdmission: paramPath<number>("/api/staff/admissions/:id/discharge/"),
  admissionRefundPaid: paramPath<number>("/api/staff/admissions/:id/refund-paid/"),
  /** Gateway settlements reconciled (issue 37): the month by gateway and day, differences, imports, sign-off, close. */
  staffSettlements: "/api/staff/settlements/",
  importSettlements: "/api/staff/settlements/import/",
  settlementDifferences: "/api/staff/settlements/differences/",
  decideSettlementWriteOff: paramPath<number>("/api/staff/settlement-differences/:id/decide/"),
  closeSettlementMonth: paramPath<string>("/api/staff/settlements/months/:month/close/"),
  staffPatientEnrolments: paramPath<number>("/api/staff/patients/:id/enrolments/"),
  /** A staff member's desk rights (issue 36): departments, collecting money, giving items, waiver limit. */
  staffDesk: paramPath<number>("/api/staff/users/:id/desk/"),
  /** The signed-in staff member's own desk rights. */
  myDesk: "/api/staff/desk/",
  /** Cash and POS taken at the desk (issue 36): a bill's part or a cart, inside the caller's open shift. */
  deskPayments: "/api/staff/desk/payments/",
  /** Discounts and waivers (issue 36): asked for on a bill, listed and decided by an officer within their limit. */
  billWaivers: paramPath<string>("/api/staff/bills/:token/waivers/"),
  staffWaivers: "/api/staff/waivers/",
  decideWaiver: paramPath<number>("/api/staff/waivers/:id/decide/"),
  /** The day book (admins): a day's or month's money by channel, department and staff member, against the ledger. */
  dayBook: "/api/staff/daybook/",
  dayBookExport: "/api/staff/daybook/export/",
  /** What the POS acquirer settled to the hospital's bank (admins). */
  posSettlements: "/api/staff/desk/pos-settlements/",
  health: "/healthz",
  ready: "/readyz",
  /** Prometheus metrics (docs/metrics.md): open in sandbox mode, else behind METRICS_TOKEN or on METRICS_PORT. */
  metrics: "/metrics",
} as const;

/** Path prefixes the server answers itself; every other GET path serves the web app. */
export const SERVER_PATH_PREFIXES = [
  "/auth/",
  "/verify-email/",
  "/resend-verification-code/",
  "/express/",
  "/api/",
  "/invoices/",
  "/r/",
  "/sandbox/",
  "/docs",
  "/healthz",
  "/readyz",
  "/metrics",
] as const;
