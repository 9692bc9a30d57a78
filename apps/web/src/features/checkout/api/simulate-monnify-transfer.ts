import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { paymentQueryKey } from "./get-payment";

/**
 * POST /sandbox/monnify/_control/transfer {accountNumber, amount}: the local Monnify simulator pays
 * the one-time account as a bank would. Offered only when the payment says `sandbox: true`.
 */
export function simulateMonnifyTransfer(input: { accountNumber: string; amount: string }): Promise<unknown> {
  return api.post("/sandbox/monnify/_control/transfer", input);
}

/** The simulated transfer; afterwards the payment is asked for again at once instead of at the next poll. */
export function useSimulateMonnifyTransfer(reference: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: simulateMonnifyTransfer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentQueryKey(reference) }),
  });
}
