import { API_PATHS, MESSAGES, type FilterState, type StatisticsResponse } from "@hospipay/contract";
import { useQuery } from "@tanstack/react-query";
import { canQuery, filterQuery } from "../utils/transactions";
import { parseStatistics } from "./parse-statistics";
import { statisticsQueryKey, staffGet, StaffQueryError, staffRetry } from "./staff-query";

/** GET /invoices/invoices/statistics/ over the filter: the summary figures and revenue per method. */
export async function getStatistics(filters: FilterState, signal?: AbortSignal): Promise<StatisticsResponse> {
  const statistics = parseStatistics(await staffGet(API_PATHS.statistics, filterQuery(filters), signal));
  if (!statistics) throw new StaffQueryError(MESSAGES.staff.statisticsFailed);
  return statistics;
}

export function useStatistics(filters: FilterState) {
  return useQuery({
    queryKey: [...statisticsQueryKey, filterQuery(filters)],
    queryFn: ({ signal }) => getStatistics(filters, signal),
    enabled: canQuery(filters),
    retry: staffRetry,
  });
}
