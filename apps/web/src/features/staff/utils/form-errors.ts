import { t } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { specText } from "../../../lib/messages";
import { commonMessages } from "../messages";

/** Field → its first message. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The first message per field of a failed client-side check (a Zod safeParse's issues); SPEC's in the current language. */
export function issueMessages<F extends string>(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): FieldErrors<F> {
  const result: Partial<Record<string, string>> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "");
    result[field] ??= specText(issue.message);
  }
  return result as FieldErrors<F>;
}

/** The server's first message per field of the form (a DRF-style 400), ignoring fields the form does not have; SPEC's in the current language. */
export function serverFieldErrors<F extends string>(error: unknown, fields: readonly F[]): FieldErrors<F> {
  const result: FieldErrors<F> = {};
  if (!(error instanceof ApiError)) return result;
  for (const field of fields) {
    const message = error.fieldError(field);
    if (message) result[field] = specText(message);
  }
  return result;
}

/** The message of a failure for an "Error: …" line: the server's detail, a query's own message, else the fallback. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError)
    return error.detail !== undefined ? specText(error.detail) : error.status === 0 ? t(commonMessages.networkError) : fallback;
  return error instanceof Error && error.message ? specText(error.message) : fallback;
}

/**
 * The general message of a failed operation, when no field of the form already says what is wrong:
 * the server's detail (a 409 says why), else the fallback. A 400's generic "Invalid input." beside
 * field messages would only repeat them.
 */
export function generalError(error: unknown, fieldErrors: object, fallback: string): string | null {
  if (Object.keys(fieldErrors).length > 0) return null;
  return error instanceof ApiError && error.detail ? specText(error.detail) : fallback;
}
