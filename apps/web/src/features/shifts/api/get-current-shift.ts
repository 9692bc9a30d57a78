import { API_PATHS, shiftSchema, type Shift } from "@hospipay/contract";
import { useQuery } from "@tanstack/react-query";
import { api, ApiError } from "../../../lib/api-client";
import { ShiftsError, shiftsRetry } from "./shifts-error";
import { t } from "../../../i18n";
import { shiftsCommonMessages as m } from "../messages";

/** Keys of every shifts query; opening or closing a shift refreshes them all. */
export const shiftsQueryKey = ["shifts"] as const;
export const currentShiftQueryKey = [...shiftsQueryKey, "current"] as const;

/** GET /api/staff/shifts/current/: the caller's open shift with its live report, or null when none is open (404). */
export async function getCurrentShift(signal?: AbortSignal): Promise<Shift | null> {
  let body: unknown;
  try {
    body = await api.get(API_PATHS.currentShift, { auth: true, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
  const parsed = shiftSchema.safeParse(body);
  if (!parsed.success) throw new ShiftsError(t(m.loadMyShiftFailed));
  return parsed.data;
}

/** The live report is refreshed whenever the window gets the focus back (and by the screen's Refresh button). */
export function useCurrentShift() {
  return useQuery({
    queryKey: currentShiftQueryKey,
    queryFn: ({ signal }) => getCurrentShift(signal),
    refetchOnWindowFocus: "always",
    retry: shiftsRetry,
  });
}
