import { INVALID_RECEIPT_CODE, MESSAGES } from "@hospipay/contract";
import { ApiError } from "../../../lib/api-client";

/** Seconds to wait after a 429 that named none (the look-up limit's window is a minute). */
const DEFAULT_WAIT_SECONDS = 60;

/** What a failed look-up of a code tells the person, and whether asking again may help. */
export type ReceiptFailure =
  | { kind: "invalid"; message: string }
  | { kind: "not-found"; message: string }
  | { kind: "rate-limited"; waitSeconds: number }
  | { kind: "offline"; message: string }
  | { kind: "other"; message: string };

export function receiptFailure(error: unknown): ReceiptFailure {
  if (!(error instanceof ApiError)) return { kind: "other", message: "The code could not be checked. Please try again." };
  if (error.status === 0) return { kind: "offline", message: "Could not reach the server. Check your connection and try again." };
  if (error.status === 400) return { kind: "invalid", message: INVALID_RECEIPT_CODE };
  if (error.status === 404) return { kind: "not-found", message: error.detail ?? MESSAGES.receipts.notFound };
  if (error.status === 429) return { kind: "rate-limited", waitSeconds: error.retryAfterSeconds ?? DEFAULT_WAIT_SECONDS };
  if (error.status === 401 || error.status === 403)
    return { kind: "other", message: "Your session does not allow this. Log in again with a staff account." };
  return { kind: "other", message: error.detail ?? "The code could not be checked. Please try again." };
}
