import { API_PATHS, shiftResponseSchema, type ShiftResponse } from "@hospipay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { currentShiftQueryKey, shiftsQueryKey } from "./get-current-shift";
import { ShiftsError } from "./shifts-error";
import { t } from "../../../i18n";
import { shiftsCommonMessages as m } from "../messages";

/** POST /api/staff/shifts/ → 201 `{detail, shift}`; 409 while one of the caller's shifts is open. */
export async function openShift(): Promise<ShiftResponse> {
  const parsed = shiftResponseSchema.safeParse(await api.post(API_PATHS.staffShifts, {}, { auth: true }));
  if (!parsed.success) throw new ShiftsError(t(m.openUnread));
  return parsed.data;
}

export function useOpenShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openShift,
    onSuccess: (answer) => queryClient.setQueryData(currentShiftQueryKey, answer.shift),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shiftsQueryKey }),
  });
}
