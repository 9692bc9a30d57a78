import { API_PATHS, type KycStatus } from "@hospipay/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api, ApiError } from "../../../lib/api-client";
import { parseKycReview, type KycReview } from "../utils/kyc-review";

/** Query keys of the staff KYC queue; every status shares the prefix, so a decision refreshes all. */
export const kycReviewsQueryKey = ["staff", "kyc-reviews"] as const;

/** GET /api/staff/kyc/?status=: the queue (pending first, as the server orders it). */
export async function getKycReviews(status: KycStatus, signal?: AbortSignal): Promise<KycReview[]> {
  const body = (await api.get(API_PATHS.kycReviews, { auth: true, query: { status }, signal })) as
    { results?: unknown } | undefined;
  if (!Array.isArray(body?.results)) throw new ApiError(500);
  return body.results.map(parseKycReview).filter((review): review is KycReview => review !== null);
}

export function kycReviewsQueryOptions(status: KycStatus) {
  return queryOptions({
    queryKey: [...kycReviewsQueryKey, status],
    queryFn: ({ signal }) => getKycReviews(status, signal),
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

export function useKycReviews(status: KycStatus) {
  return useQuery(kycReviewsQueryOptions(status));
}
