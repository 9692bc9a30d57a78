import { API_PATHS, cancelBillResponseSchema } from "@hospipay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { BillsError } from "./bills-error";
import { staffBillsQueryKey } from "./get-bills";
import { t } from "../../../i18n";
import { billsCommonMessages as m } from "../messages";

export type CancelBillAnswer = ReturnType<typeof cancelBillResponseSchema.parse>;

/** POST /api/staff/bills/{token}/cancel/ `{reason}` → the cancelled bill and its paid parts' refunds. */
export async function cancelBill({ token, reason }: { token: string; reason: string }): Promise<CancelBillAnswer> {
  const parsed = cancelBillResponseSchema.safeParse(await api.post(API_PATHS.cancelBill(token), { reason }, { auth: true }));
  if (!parsed.success) throw new BillsError(t(m.cancelUnread));
  return parsed.data;
}

export function useCancelBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBill,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffBillsQueryKey }),
  });
}
