import { API_PATHS, MESSAGES, QUERY_STALE_TIME_MS, type ServiceRecord } from "@hospipay/contract";
import { useQuery } from "@tanstack/react-query";
import { getCatalogue, readServices } from "../../../lib/catalogue/catalogue-request";

/** GET /api/catalogue/departments/{id}/revenue-heads/: the services a bill line may name in one department. */
export async function getDepartmentServices(departmentId: string, signal?: AbortSignal): Promise<ServiceRecord[]> {
  const data = await getCatalogue(API_PATHS.departmentRevenueHeads(departmentId), MESSAGES.catalogue.revenueHeads, { signal });
  return readServices(data);
}

/** One department's services; idle until a department is chosen. The API answers from its own cache. */
export function useDepartmentServices(departmentId: string) {
  return useQuery({
    queryKey: ["bills", "services", departmentId],
    queryFn: ({ signal }) => getDepartmentServices(departmentId, signal),
    enabled: departmentId !== "",
    staleTime: QUERY_STALE_TIME_MS,
    retry: false,
  });
}
