import { departmentSchema, MESSAGES, QUERY_STALE_TIME_MS, type Department } from "@hospipay/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getCatalogue, unreadableAnswer } from "./catalogue-request";

const PATH = "/api/catalogue/departments/";

/** GET /api/catalogue/departments/ → `{success, data: {orgDepts}}`: the hospital's departments. */
export async function getDepartments(signal?: AbortSignal): Promise<Department[]> {
  const data = await getCatalogue(PATH, MESSAGES.catalogue.departments, { signal });
  const list = typeof data === "object" && data !== null ? (data as { orgDepts?: unknown }).orgDepts : undefined;
  if (!Array.isArray(list)) throw unreadableAnswer();
  return list.flatMap((item) => {
    const parsed = departmentSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export function departmentsQueryOptions() {
  return queryOptions({
    queryKey: ["quick-pay", "departments"],
    queryFn: ({ signal }) => getDepartments(signal),
    staleTime: QUERY_STALE_TIME_MS,
    // The API already answers from its own cache; the dialog offers "Try again".
    retry: false,
  });
}

/** The departments, loaded only while the dialog is open. */
export function useDepartments(open: boolean) {
  return useQuery({ ...departmentsQueryOptions(), enabled: open });
}
