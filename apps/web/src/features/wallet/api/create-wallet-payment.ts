import { API_PATHS, type WalletCheckoutInput, type WalletPaymentResponse } from "@hospipay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { profileQueryKey } from "../../../lib/session/get-profile";

/**
 * POST /express/checkout/ with payment_method 'wallet' (bearer). The Idempotency-Key makes a retry of
 * the same request return the first answer instead of charging again.
 */
export async function createWalletPayment({
  input,
  idempotencyKey,
}: {
  input: WalletCheckoutInput;
  idempotencyKey: string;
}): Promise<WalletPaymentResponse | undefined> {
  return api.post<WalletPaymentResponse | undefined>(API_PATHS.checkout, input, {
    auth: true,
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

/** A wallet payment changes the balance: the profile (header, dashboard) is asked for again. */
export function useCreateWalletPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWalletPayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
