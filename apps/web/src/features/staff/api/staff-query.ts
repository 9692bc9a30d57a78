import { MESSAGES } from "@hospipay/contract";
import { api, ApiError } from "../../../lib/api-client";
import { specText } from "../../../lib/messages";
import { getToken } from "../../../lib/session/session-store";

/** A failure that another attempt cannot fix (no token, expired session). */
export class StaffQueryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StaffQueryError";
  }
}

/** Retries of a failed staff query (SPEC §9). */
const STAFF_QUERY_RETRY = 2;

/** SPEC §9: staff queries retry twice; a missing token or a 4xx answer is not retried. */
export function staffRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof StaffQueryError) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < STAFF_QUERY_RETRY;
}

/** An authenticated GET of a staff endpoint with SPEC §8's messages for a missing token and a 401. */
export async function staffGet(path: string, query: Record<string, string | undefined>, signal?: AbortSignal): Promise<unknown> {
  if (!getToken()) throw new StaffQueryError(MESSAGES.staff.noToken);
  try {
    return await api.get(path, { auth: true, query, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw new StaffQueryError(MESSAGES.staff.sessionExpired);
    throw error;
  }
}

/** Keys of the dashboard's invoice figures; an operation on a payment refreshes both. */
export const statisticsQueryKey = ["staff", "statistics"] as const;
export const invoicesQueryKey = ["staff", "invoices"] as const;

/** The server's `detail` of a 2xx answer (a SPEC text in the current language), or the screen's fallback. */
export function answerDetail(body: unknown, fallback: string): string {
  const detail = typeof body === "object" && body !== null ? (body as { detail?: unknown }).detail : undefined;
  return typeof detail === "string" && detail.trim() !== "" ? specText(detail) : fallback;
}
