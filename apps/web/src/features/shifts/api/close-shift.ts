import { API_PATHS, shiftResponseSchema, type CloseShiftInput, type ShiftResponse } from "@hospipay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { currentShiftQueryKey, shiftsQueryKey } from "./get-current-shift";
import { ShiftsError } from "./shifts-error";
import { t } from "../../../i18n";
import { shiftsCommonMessages as m } from "../messages";

/** POST /api/staff/shifts/{id}/close/ `{note}` → `{detail, shift}` with the report locked as it stood; 409 when already closed. */
export async function closeShift({ id, note }: CloseShiftInput & { id: number }): Promise<ShiftResponse> {
  const parsed = shiftResponseSchema.safeParse(await api.post(API_PATHS.closeShift(id), { note }, { auth: true }));
  if (!parsed.success) throw new ShiftsError(t(m.closeUnread));
  return parsed.data;
}

export function useCloseShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeShift,
    // The caller has no open shift any more: say so at once rather than show the old live report meanwhile.
    onSuccess: () => queryClient.setQueryData(currentShiftQueryKey, null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shiftsQueryKey }),
  });
}
