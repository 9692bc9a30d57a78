import { API_PATHS, type StaffReceipt } from "@hospipay/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** Query key of a receipt as the point of care sees it. */
export const staffReceiptQueryKey = (code: string) => ["receipts", "staff", code] as const;

/** GET /api/staff/receipts/{code}/ (agents, admins, super admins): status, payer, items and what was given. */
export function getStaffReceipt(code: string, signal?: AbortSignal): Promise<StaffReceipt> {
  return api.get<StaffReceipt>(API_PATHS.staffReceipt(code), { auth: true, signal });
}

export function staffReceiptQueryOptions(code: string) {
  return queryOptions({
    queryKey: staffReceiptQueryKey(code),
    queryFn: ({ signal }) => getStaffReceipt(code, signal),
    retry: false,
    // What was given changes at other desks: every scan asks again.
    staleTime: 0,
  });
}
