import { API_PATHS, type MyDesk } from "@hospipay/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../api-client";

/**
 * GET /api/staff/desk/ (staff): the signed-in member's departments and rights (giving items, collecting money),
 * and the hospital their printed slips are headed with. Shared: the receipts' giving and the bills' desk payments
 * read the rights, every desk slip (components/print) the hospital and the member's name.
 */
export function getMyDesk(signal?: AbortSignal): Promise<MyDesk> {
  return api.get<MyDesk>(API_PATHS.myDesk, { auth: true, signal });
}

export function myDeskQueryOptions() {
  return queryOptions({
    queryKey: ["staff", "desk", "mine"] as const,
    queryFn: ({ signal }) => getMyDesk(signal),
    // A super admin's change reaches the desk at its next receipt, not mid-scan.
    staleTime: 60_000,
  });
}
