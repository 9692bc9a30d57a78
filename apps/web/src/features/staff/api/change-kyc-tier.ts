import { API_PATHS } from "@hospipay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { parseKycReview } from "../utils/kyc-review";
import { kycHoldsQueryKey } from "./get-kyc-holds";
import { kycReviewsQueryKey } from "./get-kyc-reviews";

/** POST /api/staff/kyc/{id}/tier/: a verified customer's new tier; their held transfers it allows are released. */
export async function changeKycTier({ id, tier_level }: { id: number; tier_level: 1 | 2 | 3 }) {
  return parseKycReview(await api.post(API_PATHS.kycTier(id), { tier_level }, { auth: true }));
}

export function useChangeKycTier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "kyc-tier"],
    mutationFn: changeKycTier,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: kycReviewsQueryKey }),
        queryClient.invalidateQueries({ queryKey: kycHoldsQueryKey }),
      ]),
  });
}
