import { API_PATHS, shiftSchema, type Shift } from "@hospipay/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { shiftsQueryKey } from "./get-current-shift";
import { ShiftsError, shiftsRetry } from "./shifts-error";
import { t } from "../../../i18n";
import { shiftsCommonMessages as m } from "../messages";

/** GET /api/staff/shifts/{id}/: a shift with its report (live while open, as at its close once closed). */
export async function getShift(id: number, signal?: AbortSignal): Promise<Shift> {
  const parsed = shiftSchema.safeParse(await api.get(API_PATHS.staffShift(id), { auth: true, signal }));
  if (!parsed.success) throw new ShiftsError(t(m.loadShiftFailed));
  return parsed.data;
}

export function useShift(id: number | null) {
  return useQuery({
    queryKey: [...shiftsQueryKey, "shift", id],
    queryFn: ({ signal }) => getShift(id ?? 0, signal),
    enabled: id !== null,
    retry: shiftsRetry,
  });
}
