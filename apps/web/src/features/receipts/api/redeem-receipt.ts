import { API_PATHS, type RedeemReceiptInput, type RedeemReceiptResponse } from "@hospipay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { staffReceiptQueryKey } from "./get-staff-receipt";

/** POST /api/staff/receipts/{code}/redeem/: marks items given by one department, all or none. */
export function redeemReceipt({ code, input }: { code: string; input: RedeemReceiptInput }): Promise<RedeemReceiptResponse> {
  return api.post<RedeemReceiptResponse>(API_PATHS.redeemReceipt(code), input, { auth: true });
}

/**
 * The answer carries the receipt as it now stands, which replaces the cached one; a refusal (someone else
 * gave it first) refreshes it too, so the view shows what was given.
 */
export function useRedeemReceipt(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RedeemReceiptInput) => redeemReceipt({ code, input }),
    onSuccess: (answer) => queryClient.setQueryData(staffReceiptQueryKey(code), answer.receipt),
    onError: () => queryClient.invalidateQueries({ queryKey: staffReceiptQueryKey(code) }),
  });
}
