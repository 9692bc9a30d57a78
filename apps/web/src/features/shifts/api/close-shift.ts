import { API_PATHS, shiftResponseSchema, type CloseShiftInput, type ShiftResponse } from "@hospipay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { currentShiftQueryKey, shiftsQueryKey } from "./get-current-shift";
import { ShiftsError } from "./shifts-error";
import { t } from "../../../i18n";
import { shiftsCommonMessages as m } from "../messages";

/**
 * POST /api/staff/shifts/{id}/close/ `{note, count?}` → `{detail, shift}` with the report locked as it stood, or
 * the shift still open when its drawer's count waits for an admin's sign-off; 409 when already closed.
 */
export async function closeShift({ id, note, count }: CloseShiftInput & { id: number }): Promise<ShiftResponse> {
  const body = count ? { note, count } : { note };
  const parsed = shiftResponseSchema.safeParse(await api.post(API_PATHS.closeShift(id), body, { auth: true }));
  if (!parsed.success) throw new ShiftsError(t(m.closeUnread));
  return parsed.data;
}

export function useCloseShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeShift,
    // Closed, the caller has no open shift any more: say so at once rather than show the old live report
    // meanwhile; still open (the count waits for sign-off), it shows as the server answered.
    onSuccess: (answer) => queryClient.setQueryData(currentShiftQueryKey, answer.shift.status === "open" ? answer.shift : null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shiftsQueryKey }),
  });
}
