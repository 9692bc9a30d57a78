import { API_PATHS } from "@hospipay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ApiError } from "../../../lib/api-client";
import { parseKycReview } from "../utils/kyc-review";
import { kycReviewsQueryKey } from "./get-kyc-reviews";

/** A reviewer's decision: verified with a tier, or rejected with a reason. */
export type KycDecisionInput =
  { id: number; decision: "verified"; tier_level: 1 | 2 | 3 } | { id: number; decision: "rejected"; reason: string };

/** POST /api/staff/kyc/{id}/decision/: answers the updated record. */
export async function decideKyc({ id, ...body }: KycDecisionInput) {
  return parseKycReview(await api.post(API_PATHS.kycDecision(id), body, { auth: true }));
}

export function useDecideKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "kyc-decision"],
    mutationFn: decideKyc,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kycReviewsQueryKey }),
    // 409: another reviewer decided the record meanwhile; the queue shows what it is now.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: kycReviewsQueryKey });
    },
  });
}
