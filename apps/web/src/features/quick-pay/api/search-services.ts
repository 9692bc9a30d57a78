import { API_PATHS, MESSAGES, QUERY_STALE_TIME_MS, type ServiceRecord } from "@hospipay/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { getCatalogue, readServices } from "../../../lib/catalogue/catalogue-request";

/** What to search for: text, optionally within one department ("" = all). */
export interface ServiceSearch {
  query: string;
  departmentId: string;
}

/** GET /api/catalogue/services/?query=&department_id= → `{success, data: [service]}`. */
export async function searchServices(search: ServiceSearch, signal?: AbortSignal): Promise<ServiceRecord[]> {
  const data = await getCatalogue(API_PATHS.catalogueServices, MESSAGES.catalogue.records, {
    query: { query: search.query, department_id: search.departmentId || undefined },
    signal,
  });
  return readServices(data);
}

export function serviceSearchQueryOptions(search: ServiceSearch) {
  return queryOptions({
    queryKey: ["quick-pay", "services", search.query, search.departmentId],
    queryFn: ({ signal }) => searchServices(search, signal),
    staleTime: QUERY_STALE_TIME_MS,
    retry: false,
  });
}

/** Search results; idle without search text and while the dialog is closed. */
export function useServiceSearch(search: ServiceSearch, enabled: boolean) {
  // While the next text's answer loads, the last results stay on screen instead of a spinner per keystroke.
  return useQuery({
    ...serviceSearchQueryOptions(search),
    enabled: enabled && search.query !== "",
    placeholderData: keepPreviousData,
  });
}
