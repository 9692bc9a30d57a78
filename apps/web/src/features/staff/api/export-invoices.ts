import { API_PATHS, MESSAGES, type FilterState } from "@hospipay/contract";
import { apiBlob, ApiError } from "../../../lib/api-client";
import { getToken } from "../../../lib/session/session-store";
import { filterQuery } from "../utils/transactions";
import { StaffQueryError } from "./staff-query";

/**
 * GET /api/staff/invoices/export/: the server's streamed CSV of every invoice item over the filter (same query
 * as the filter endpoint), as transactions.csv, fetched with the bearer token.
 */
export async function exportInvoices(filters: FilterState, signal?: AbortSignal): Promise<Blob> {
  if (!getToken()) throw new StaffQueryError(MESSAGES.staff.noToken);
  try {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(filterQuery(filters))) if (value !== undefined) query.set(key, value);
    const search = query.toString();
    return await apiBlob(search ? `${API_PATHS.invoiceExport}?${search}` : API_PATHS.invoiceExport, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw new StaffQueryError(MESSAGES.staff.sessionExpired);
    throw error;
  }
}
