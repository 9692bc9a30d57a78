import { API_PATHS, paymentReviewListResponseSchema, type PaymentReview } from "@hospipay/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { staffGet, StaffQueryError, staffRetry } from "./staff-query";
import { t } from "../../../i18n";
import { apiMessages as m } from "../messages";

/** The queue of gateway payments paid short; a refund or a settlement refreshes it. */
export const paymentReviewsQueryKey = ["staff", "payment-reviews"] as const;

/** GET /api/staff/payment-reviews/: payments paid short waiting for staff (admins, super admins). */
export async function getPaymentReviews(signal?: AbortSignal): Promise<{ count: number; results: PaymentReview[] }> {
  const parsed = paymentReviewListResponseSchema.safeParse(await staffGet(API_PATHS.paymentReviews, {}, signal));
  if (!parsed.success) throw new StaffQueryError(t(m.reviewsFailed));
  return parsed.data;
}

export function paymentReviewsQueryOptions() {
  return queryOptions({
    queryKey: paymentReviewsQueryKey,
    queryFn: ({ signal }) => getPaymentReviews(signal),
    retry: staffRetry,
  });
}

export function usePaymentReviews() {
  return useQuery(paymentReviewsQueryOptions());
}
