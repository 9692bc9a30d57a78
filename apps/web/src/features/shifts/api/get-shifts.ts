import { API_PATHS, shiftListResponseSchema, type ShiftListResponse } from "@hospipay/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { shiftsQueryKey } from "./get-current-shift";
import { ShiftsError, shiftsRetry } from "./shifts-error";
import { t } from "../../../i18n";
import { shiftsCommonMessages as m } from "../messages";

export const SHIFTS_PAGE_SIZE = 20;

/** GET /api/staff/shifts/?date=&page=&page_size= (admins): the shifts opened on a WAT day, newest first. */
export async function getShifts(date: string, page: number, signal?: AbortSignal): Promise<ShiftListResponse> {
  const body = await api.get(API_PATHS.staffShifts, {
    auth: true,
    query: { date, page, page_size: SHIFTS_PAGE_SIZE },
    signal,
  });
  const parsed = shiftListResponseSchema.safeParse(body);
  if (!parsed.success) throw new ShiftsError(t(m.loadShiftsFailed));
  return parsed.data;
}

export function useShifts(date: string, page: number) {
  return useQuery({
    queryKey: [...shiftsQueryKey, "list", date, page],
    queryFn: ({ signal }) => getShifts(date, page, signal),
    placeholderData: keepPreviousData,
    retry: shiftsRetry,
  });
}
