import { API_PATHS, MESSAGES } from "@hospipay/contract";
import { apiBlob, ApiError } from "../../../lib/api-client";
import { specText } from "../../../lib/messages";
import { DayBookError } from "./day-book-error";
import type { DayBookPeriod } from "./get-day-book";

/**
 * GET /api/staff/daybook/export/?date= or ?month= (admins): the day book as CSV, fetched with the bearer token
 * (a plain link would carry none).
 */
export async function exportDayBook(period: DayBookPeriod, signal?: AbortSignal): Promise<Blob> {
  try {
    return await apiBlob(`${API_PATHS.dayBookExport}?${new URLSearchParams(period).toString()}`, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw new DayBookError(specText(MESSAGES.staff.sessionExpired));
    throw error;
  }
}
