import { API_PATHS, type SettleReviewInput } from "@hospipay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { paymentReviewsQueryKey } from "./get-payment-reviews";
import { answerDetail, invoicesQueryKey, statisticsQueryKey } from "./staff-query";
import { t } from "../../../i18n";
import { apiMessages as m } from "../messages";

/**
 * POST /api/staff/payment-reviews/{reference}/settle/: the balance of a payment paid short arrived in the
 * hospital's account; answers the server's message.
 */
export async function settleReview({ reference, ...body }: SettleReviewInput & { reference: string }): Promise<string> {
  const answer = await api.post(API_PATHS.settleReview(reference), body, { auth: true });
  return answerDetail(answer, t(m.paymentSettled));
}

export function useSettleReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "settle-review"],
    mutationFn: settleReview,
    // A settled payment leaves the queue and completes: the figures and the table change too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentReviewsQueryKey }),
        queryClient.invalidateQueries({ queryKey: statisticsQueryKey }),
        queryClient.invalidateQueries({ queryKey: invoicesQueryKey }),
      ]),
  });
}
