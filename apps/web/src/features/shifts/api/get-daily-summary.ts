import { API_PATHS, dailySummarySchema, type DailySummary } from "@hospipay/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { shiftsQueryKey } from "./get-current-shift";
import { ShiftsError, shiftsRetry } from "./shifts-error";
import { t } from "../../../i18n";
import { shiftsCommonMessages as m } from "../messages";

/** GET /api/staff/shifts/daily/?date= (admins): every staff member's WAT day. */
export async function getDailySummary(date: string, signal?: AbortSignal): Promise<DailySummary> {
  const parsed = dailySummarySchema.safeParse(await api.get(API_PATHS.shiftsDaily, { auth: true, query: { date }, signal }));
  if (!parsed.success) throw new ShiftsError(t(m.loadSummaryFailed));
  return parsed.data;
}

export function useDailySummary(date: string) {
  return useQuery({
    queryKey: [...shiftsQueryKey, "daily", date],
    queryFn: ({ signal }) => getDailySummary(date, signal),
    refetchOnWindowFocus: "always",
    retry: shiftsRetry,
  });
}
