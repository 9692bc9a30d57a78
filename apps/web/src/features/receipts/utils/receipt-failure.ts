import { MESSAGES } from "@hospipay/contract";
import { t } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { specText } from "../../../lib/messages";
import { receiptFailureMessages as m, verifyReceiptMessages as v } from "../messages";

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
  if (!(error instanceof ApiError)) return { kind: "other", message: t(m.checkFailed) };
  if (error.status === 0) return { kind: "offline", message: t(m.offline) };
  if (error.status === 400) return { kind: "invalid", message: t(v.invalidCode) };
  if (error.status === 404) return { kind: "not-found", message: specText(error.detail ?? MESSAGES.receipts.notFound) };
  if (error.status === 429) return { kind: "rate-limited", waitSeconds: error.retryAfterSeconds ?? DEFAULT_WAIT_SECONDS };
  if (error.status === 401 || error.status === 403) return { kind: "other", message: t(m.session) };
  return { kind: "other", message: error.detail ? specText(error.detail) : t(m.checkFailed) };
}
