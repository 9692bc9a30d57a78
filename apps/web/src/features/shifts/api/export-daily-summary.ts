import { API_PATHS, MESSAGES } from "@hospipay/contract";
import { apiBlob, ApiError } from "../../../lib/api-client";
import { ShiftsError } from "./shifts-error";

/**
 * GET /api/staff/shifts/daily/export/?date= (admins): the daily summary as CSV, fetched with the bearer token
 * (a plain link would carry none).
 */
export async function exportDailySummary(date: string, signal?: AbortSignal): Promise<Blob> {
  try {
    return await apiBlob(`${API_PATHS.shiftsDailyExport}?${new URLSearchParams({ date }).toString()}`, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw new ShiftsError(MESSAGES.staff.sessionExpired);
    throw error;
  }
}
