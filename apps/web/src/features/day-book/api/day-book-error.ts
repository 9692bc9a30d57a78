import { t } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { specText } from "../../../lib/messages";
import { dayBookMessages as m } from "../messages";

/** An answer the screen cannot read: another attempt would not help. */
export class DayBookError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DayBookError";
  }
}

/** The query retries once after a network or server failure; a 4xx or an unreadable answer is final. */
export function dayBookRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof DayBookError) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * The text of a failure, in the current language: the server's detail, a network hint, the error's own message,
 * else the fallback.
 */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.detail ? specText(error.detail) : error.status === 0 ? t(m.networkError) : fallback;
  return error instanceof Error && error.message ? error.message : fallback;
}
