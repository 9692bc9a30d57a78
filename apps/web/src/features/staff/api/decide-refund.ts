import { API_PATHS } from "@hospipay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { paymentReviewsQueryKey } from "./get-payment-reviews";
import { refundsQueryKey } from "./get-refunds";
import { answerDetail, invoicesQueryKey, statisticsQueryKey } from "./staff-query";
import { t } from "../../../i18n";
import { apiMessages as m } from "../messages";

/** A super admin's decision on a refund awaiting approval; rejecting needs a note. */
export type RefundDecisionInput =
  { id: number; decision: "approve"; note?: string } | { id: number; decision: "reject"; note: string };

/** POST /api/staff/refunds/{id}/approve/ or …/reject/: answers the server's message. */
export async function decideRefund({ id, decision, note }: RefundDecisionInput): Promise<string> {
  const path = decision === "approve" ? API_PATHS.approveRefund(id) : API_PATHS.rejectRefund(id);
  const answer = await api.post(path, note === undefined ? {} : { note }, { auth: true });
  return answerDetail(answer, t(decision === "approve" ? m.refundApproved : m.refundRejected));
}

export function useDecideRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "refund-decision"],
    mutationFn: decideRefund,
    // An approved refund changes the invoice (refunded) and the figures as well as the queue.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: refundsQueryKey }),
        queryClient.invalidateQueries({ queryKey: statisticsQueryKey }),
        queryClient.invalidateQueries({ queryKey: invoicesQueryKey }),
        queryClient.invalidateQueries({ queryKey: paymentReviewsQueryKey }),
      ]),
  });
}
