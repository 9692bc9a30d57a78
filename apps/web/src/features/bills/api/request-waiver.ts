import { API_PATHS, waiverResponseSchema, type BillWaiver } from "@hospipay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { t } from "../../../i18n";
import { waiverMessages as m } from "../waivers.messages";
import { BillsError } from "./bills-error";
import { staffBillsQueryKey } from "./get-bills";
import { waiversQueryKey } from "./get-waivers";

/** The body as the form sends it: an amount in naira or a percentage, as typed, and the reason. */
export type WaiverRequestBody = { reason: string } & ({ amount: string } | { percent: string });

/** POST /api/staff/bills/{token}/waivers/ → 201 `{detail, waiver}`: a discount or waiver asked for on an open bill. */
export async function requestWaiver({
  token,
  body,
}: {
  token: string;
  body: WaiverRequestBody;
}): Promise<{ detail: string; waiver: BillWaiver }> {
  const parsed = waiverResponseSchema.safeParse(await api.post(API_PATHS.billWaivers(token), body, { auth: true }));
  if (!parsed.success) throw new BillsError(t(m.unread));
  return parsed.data;
}

/** The bill (its waivers) and the pending list are read again, whatever the answer. */
export function useRequestWaiver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestWaiver,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: staffBillsQueryKey });
      void queryClient.invalidateQueries({ queryKey: waiversQueryKey });
    },
  });
}
