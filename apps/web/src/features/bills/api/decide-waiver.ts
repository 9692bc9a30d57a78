import { API_PATHS, waiverResponseSchema, type BillWaiver, type WaiverDecisionInput } from "@hospipay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { t } from "../../../i18n";
import { waiverMessages as m } from "../waivers.messages";
import { BillsError } from "./bills-error";
import { staffBillsQueryKey } from "./get-bills";
import { waiversQueryKey } from "./get-waivers";

/** POST /api/staff/waivers/{id}/decide/ `{decision, note}` → `{detail, waiver}`. */
export async function decideWaiver({
  id,
  ...body
}: WaiverDecisionInput & { id: number }): Promise<{ detail: string; waiver: BillWaiver }> {
  const parsed = waiverResponseSchema.safeParse(await api.post(API_PATHS.decideWaiver(id), body, { auth: true }));
  if (!parsed.success) throw new BillsError(t(m.unread));
  return parsed.data;
}

/** The bills (paid, left, waived, their waivers) and the pending list are read again, whatever the answer. */
export function useDecideWaiver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideWaiver,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: staffBillsQueryKey });
      void queryClient.invalidateQueries({ queryKey: waiversQueryKey });
    },
  });
}
