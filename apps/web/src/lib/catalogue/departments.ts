import { API_PATHS, departmentSchema, MESSAGES, QUERY_STALE_TIME_MS, type Department } from "@hospipay/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getCatalogue, unreadableAnswer } from "./catalogue-request";

/**
 * GET /api/catalogue/departments/ → `{success, data: {orgDepts}}`: the hospital's departments. Shared by
 * the service selection dialog and the staff dashboards' Department filter, so both offer the same list.
 */
export async function getDepartments(signal?: AbortSignal): Promise<Department[]> {
  const data = await getCatalogue(API_PATHS.catalogueDepartments, MESSAGES.catalogue.departments, { signal });
  const list = typeof data === "object" && data !== null ? (data as { orgDepts?: unknown }).orgDepts : undefined;
  if (!Array.isArray(list)) throw unreadableAnswer();
  return list.flatMap((item) => {
    const parsed = departmentSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export function departmentsQueryOptions() {
  return queryOptions({
    queryKey: ["catalogue", "departments"],
    queryFn: ({ signal }) => getDepartments(signal),
    staleTime: QUERY_STALE_TIME_MS,
    // The API already answers from its own cache; a failure is shown where the list is offered.
    retry: false,
  });
}

/** The departments, loaded only while `enabled` (the dialog asks only while it is open). */
export function useDepartments(enabled = true) {
  return useQuery({ ...departmentsQueryOptions(), enabled });
}
