import { API_PATHS } from "@hospipay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { kycHoldsQueryKey } from "./get-kyc-holds";

/** POST /api/staff/kyc-holds/{id}/refund/: back to the sender, with the reason kept in the audit log. */
export async function refundKycHold({ id, reason }: { id: number; reason: string }): Promise<unknown> {
  return api.post(API_PATHS.refundKycHold(id), { reason }, { auth: true });
}

export function useRefundKycHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "refund-kyc-hold"],
    mutationFn: refundKycHold,
    onSettled: () => queryClient.invalidateQueries({ queryKey: kycHoldsQueryKey }),
  });
}
