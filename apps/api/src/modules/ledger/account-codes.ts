/**
 * Ledger account codes more than one module posts to, kept here, below every module that posts, so none of
 * them imports another for a code.
 */

/** Where the parts of an open bill are held until it is paid in full (or refunded when cancelled). */
export const BILL_DEPOSITS_ACCOUNT = "liability:bill_deposits";
