import { API_PATHS, dayBookSchema, type DayBook } from "@hospipay/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { t } from "../../../i18n";
import { api } from "../../../lib/api-client";
import { takeEarlyRequest } from "../../../lib/session/early-profile";
import { dayBookMessages as m } from "../messages";
import { DayBookError, dayBookRetry } from "./day-book-error";

/** A day (`date`, YYYY-MM-DD) or a month (`month`, YYYY-MM) of West Africa Time. */
export type DayBookPeriod = { date: string } | { month: string };

export const dayBookQueryKey = ["day-book"] as const;

/** GET /api/staff/daybook/?date= or ?month= (admins): the period's money by channel, department and staff member. */
export async function getDayBook(period: DayBookPeriod, signal?: AbortSignal): Promise<DayBook> {
  // Today's book, the page's first request, may already be under way (boot.ts, vite.config.ts `requests`).
  const early = "date" in period ? takeEarlyRequest(`${API_PATHS.dayBook}?date=${period.date}`) : undefined;
  const parsed = dayBookSchema.safeParse(await (early ?? api.get(API_PATHS.dayBook, { auth: true, query: period, signal })));
  if (!parsed.success) throw new DayBookError(t(m.loadFailed));
  return parsed.data;
}

export function useDayBook(period: DayBookPeriod) {
  return useQuery({
    queryKey: [...dayBookQueryKey, period],
    queryFn: ({ signal }) => getDayBook(period, signal),
    // Another day's book replaces this one when it arrives, rather than a loading line in between.
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: "always",
    retry: dayBookRetry,
  });
}
