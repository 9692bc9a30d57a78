import { API_PATHS } from "@hospipay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { kycHoldsQueryKey } from "./get-kyc-holds";
import { invoicesQueryKey, statisticsQueryKey } from "./staff-query";

/** POST /api/staff/kyc-holds/{id}/release/: to the customer's wallet if their tier allows it (409 naming the cap otherwise). */
export async function releaseKycHold(id: number): Promise<unknown> {
  return api.post(API_PATHS.releaseKycHold(id), {}, { auth: true });
}

export function useReleaseKycHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "release-kyc-hold"],
    mutationFn: releaseKycHold,
    // A release completes a top-up: the queue, the figures and the table change.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: kycHoldsQueryKey }),
        queryClient.invalidateQueries({ queryKey: statisticsQueryKey }),
        queryClient.invalidateQueries({ queryKey: invoicesQueryKey }),
      ]),
  });
}
