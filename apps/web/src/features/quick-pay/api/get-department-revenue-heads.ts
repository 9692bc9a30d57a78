import { API_PATHS, MESSAGES, QUERY_STALE_TIME_MS, type ServiceRecord } from "@hospipay/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getCatalogue, readServices } from "../../../lib/catalogue/catalogue-request";

/** GET /api/catalogue/departments/{id}/revenue-heads/ → `{success, data: [service]}`: one department's services. */
export async function getDepartmentRevenueHeads(departmentId: string, signal?: AbortSignal): Promise<ServiceRecord[]> {
  const data = await getCatalogue(API_PATHS.departmentRevenueHeads(departmentId), MESSAGES.catalogue.revenueHeads, { signal });
  return readServices(data);
}

export function departmentRevenueHeadsQueryOptions(departmentId: string) {
  return queryOptions({
    queryKey: ["quick-pay", "revenue-heads", departmentId],
    queryFn: ({ signal }) => getDepartmentRevenueHeads(departmentId, signal),
    staleTime: QUERY_STALE_TIME_MS,
    retry: false,
  });
}

/** A department's services; skipped without a department id (SPEC §7) and while the dialog is closed. */
export function useDepartmentRevenueHeads(departmentId: string, enabled: boolean) {
  return useQuery({ ...departmentRevenueHeadsQueryOptions(departmentId), enabled: enabled && departmentId !== "" });
}
