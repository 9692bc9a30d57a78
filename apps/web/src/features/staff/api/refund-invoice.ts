import { API_PATHS, type RefundRequestInput } from "@hospipay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { paymentReviewsQueryKey } from "./get-payment-reviews";
import { refundsQueryKey } from "./get-refunds";
import { answerDetail, invoicesQueryKey, statisticsQueryKey } from "./staff-query";
import { t } from "../../../i18n";
import { apiMessages as m } from "../messages";

export interface RefundResult {
  /** The server's message: completed, awaiting approval, or an earlier refund of the same payment. */
  detail: string;
  /** True when a super admin has to approve it first (an admin's refund above the limit answers 202). */
  awaitingApproval: boolean;
}

/** POST /api/staff/invoices/{reference}/refund/ with the reason. */
export async function refundInvoice({ reference, ...body }: RefundRequestInput & { reference: string }): Promise<RefundResult> {
  const answer = await api.post(API_PATHS.refundInvoice(reference), body, { auth: true });
  const refund = typeof answer === "object" && answer !== null ? (answer as { refund?: { status?: unknown } }).refund : undefined;
  return { detail: answerDetail(answer, t(m.refundCompleted)), awaitingApproval: refund?.status === "awaiting_approval" };
}

export function useRefundInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "refund"],
    mutationFn: refundInvoice,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: statisticsQueryKey }),
        queryClient.invalidateQueries({ queryKey: invoicesQueryKey }),
        queryClient.invalidateQueries({ queryKey: refundsQueryKey }),
        // A payment paid short leaves the review queue once refunded (or shows its refund awaiting approval).
        queryClient.invalidateQueries({ queryKey: paymentReviewsQueryKey }),
      ]),
  });
}
