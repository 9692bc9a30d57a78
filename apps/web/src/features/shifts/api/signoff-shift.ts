import { API_PATHS, shiftResponseSchema, type DrawerSignoffInput, type ShiftResponse } from "@hospipay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { shiftsQueryKey } from "./get-current-shift";
import { ShiftsError } from "./shifts-error";
import { t } from "../../../i18n";
import { drawerMessages as m } from "../messages";

/** POST /api/staff/shifts/{id}/signoff/ `{decision, note}` (admins): the shift closes with its count, or the count goes back. */
export async function signoffShift({ id, ...body }: DrawerSignoffInput & { id: number }): Promise<ShiftResponse> {
  const parsed = shiftResponseSchema.safeParse(await api.post(API_PATHS.signoffShift(id), body, { auth: true }));
  if (!parsed.success) throw new ShiftsError(t(m.signoffUnread));
  return parsed.data;
}

export function useSignoffShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signoffShift,
    onSettled: () => queryClient.invalidateQueries({ queryKey: shiftsQueryKey }),
  });
}
