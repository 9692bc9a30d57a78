/** Business constants and limits from SPEC §9, shared by the API and the web app. */

/** Hospital organisation id in the catalogue provider's paths. */
export const ORGANISATION_ID = 203;
/** Fixed charge fee added to every cart payment, in kobo (100 NGN). */
export const CHARGE_FEE_KOBO = 10_000;
/**
 * The largest single payment accepted (₦50,000,000), and so the most a confirmed bank transfer can have
 * brought in: a guard against typing errors in open prices and in amounts staff key in.
 */
export const MAX_TOTAL_KOBO = 5_000_000_000;
/** Length of the phone-digit code used by the public transaction look-up. */
export const LOOKUP_DIGIT_LENGTH = 6;
/** Minimum length of any new password. */
export const PASSWORD_MIN_LENGTH = 8;
/** Digits in an e-mail verification code. */
export const VERIFICATION_CODE_LENGTH = 6;
/** Minutes a verification code stays valid. */
export const VERIFICATION_CODE_TTL_MINUTES = 10;
/** Wrong tries allowed on one verification code before it is burnt. */
export const VERIFICATION_MAX_ATTEMPTS = 5;
/** Seconds between two verification e-mails for one account. */
export const RESEND_WAIT_SECONDS = 60;
/** Minutes a password-reset link stays valid. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
/** How long an answer stays fresh (SPEC §7: 5 minutes): the web's query cache, and the server's catalogue cache. */
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;

/** Upper bounds on free-text fields, enforced by client and server alike. */
export const LIMITS = {
  name: 100,
  email: 254,
  phone: 20,
  username: 150,
  hospitalNumber: 50,
  address: 500,
  description: 500,
  token: 512,
} as const;

/** Where the web stores its session and cart (SPEC §3). */
export const STORAGE_KEYS = {
  token: "token",
  user: "user",
  cart: "cart",
  identifier: "identifier",
  allHospitalRecords: "allHospitalRecords",
  /** The chosen language (locales.ts); absent means English. */
  locale: "locale",
  /** Beyond SPEC: the paper width (mm) this device prints the desk's slips on, "80" or "58"; absent means 80. */
  printPaper: "printPaper",
} as const;
