/** The product API's paths, verbatim from SPEC §7 (trailing slashes included), plus the ones SPEC leaves out. */
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
  /** The payer closed the gateway's widget: the server asks the gateway and closes the payment as cancelled if it agrees. */
  cancelPayment: (reference: string) => `/api/express/payments/${encodeURIComponent(reference)}/cancel/`,
  kycMe: "/auth/kyc/me/",
  kycSubmit: "/auth/kyc/submit/",
  kycUpdate: "/auth/kyc/update/",
  kycUpgrade: "/auth/kyc/upgrade/",
  statistics: "/invoices/invoices/statistics/",
  invoiceFilter: "/invoices/invoices/filter/",
  invoiceExport: "/api/staff/invoices/export/",
  confirmTransfer: (reference: string) => `/api/staff/invoices/${encodeURIComponent(reference)}/confirm-transfer/`,
  refundInvoice: (reference: string) => `/api/staff/invoices/${encodeURIComponent(reference)}/refund/`,
  transferConfirmations: "/api/staff/transfer-confirmations/",
  approveTransferConfirmation: (id: number) => `/api/staff/transfer-confirmations/${id}/approve/`,
  rejectTransferConfirmation: (id: number) => `/api/staff/transfer-confirmations/${id}/reject/`,
  refunds: "/api/staff/refunds/",
  approveRefund: (id: number) => `/api/staff/refunds/${id}/approve/`,
  rejectRefund: (id: number) => `/api/staff/refunds/${id}/reject/`,
  paymentReviews: "/api/staff/payment-reviews/",
  settleReview: (reference: string) => `/api/staff/payment-reviews/${encodeURIComponent(reference)}/settle/`,
  staffUsers: "/api/staff/users/",
  staffUser: (id: number) => `/api/staff/users/${id}/`,
  auditLog: "/api/staff/audit-log/",
  health: "/healthz",
  ready: "/readyz",
} as const;

/** Path prefixes the server answers itself; every other GET path serves the web app. */
export const SERVER_PATH_PREFIXES = [
  "/auth/",
  "/verify-email/",
  "/resend-verification-code/",
  "/express/",
  "/api/",
  "/invoices/",
  "/sandbox/",
  "/docs",
  "/healthz",
  "/readyz",
] as const;

/** Where the web stores its session and cart (SPEC §3). */
export const STORAGE_KEYS = {
  token: "token",
  user: "user",
  cart: "cart",
  identifier: "identifier",
  allHospitalRecords: "allHospitalRecords",
} as const;

/** Post-login destination per role (SPEC §4); any other role goes to /admindashboard. */
export const HOME_BY_ROLE: Record<string, string> = {
  CUSTOMER: "/dashboard",
  AGENT: "/agentdashboard",
  ADMIN: "/admindashboard",
  SUPERADMIN: "/superdashboard",
};

/** Staff KYC review (ADMIN and SUPERADMIN): the queue, one record's decision, and a stored document. */
export const KYC_REVIEW_PATHS = {
  queue: "/api/staff/kyc/",
  decision: (id: number | string) => `/api/staff/kyc/${id}/decision/`,
  /** By the document's public id (a random UUID); the owner may read it too. */
  document: (publicId: string) => `/auth/kyc/documents/${publicId}/`,
} as const;
