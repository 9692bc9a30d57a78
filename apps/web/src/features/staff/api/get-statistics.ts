import { API_PATHS, MESSAGES, statisticsResponseSchema, type FilterState, type StatisticsResponse } from "@hospipay/contract";
import { useQuery } from "@tanstack/react-query";
import { filterQuery, isFilterActive } from "../utils/transactions";
import { statisticsQueryKey, staffGet, StaffQueryError, staffRetry } from "./staff-query";

/** GET /invoices/invoices/statistics/ over the filter: the summary figures and revenue per method. */
export async function getStatistics(filters: FilterState, signal?: AbortSignal): Promise<StatisticsResponse> {
  const parsed = statisticsResponseSchema.safeParse(await staffGet(API_PATHS.statistics, filterQuery(filters), signal));
  if (!parsed.success) throw new StaffQueryError(MESSAGES.staff.statisticsFailed);
  return parsed.data;
}

export function useStatistics(filters: FilterState) {
  return useQuery({
    queryKey: [...statisticsQueryKey, filterQuery(filters)],
    queryFn: ({ signal }) => getStatistics(filters, signal),
    enabled: isFilterActive(filters),
    retry: staffRetry,
  });
}
