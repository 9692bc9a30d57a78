import { API_PATHS, type StaffDesk } from "@hospipay/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../api-client";

/**
 * GET /api/staff/desk/ (staff): the signed-in member's departments and rights (giving items, collecting money),
 * read by the receipts and bills features.
 */
export function getMyDesk(signal?: AbortSignal): Promise<StaffDesk> {
  return api.get<StaffDesk>(API_PATHS.myDesk, { auth: true, signal });
}

export function myDeskQueryOptions() {
  return queryOptions({
    queryKey: ["staff", "desk", "mine"] as const,
    queryFn: ({ signal }) => getMyDesk(signal),
    // A super admin's change reaches the desk at its next receipt, not mid-scan.
    staleTime: 60_000,
  });
}
