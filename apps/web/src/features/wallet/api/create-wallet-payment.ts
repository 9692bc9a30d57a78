import { API_PATHS, type WalletCheckoutInput } from "@hospipay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { profileQueryKey } from "../../../lib/session/get-profile";

/** Answer of a wallet payment (SPEC §3 Payment response plus the wallet's new balance). */
export interface WalletPaymentResponse {
  reference: string;
  /** completed, pending or failed. */
  status: string;
  /** Total in naira, fee included. */
  amount?: string;
  subtotal?: string;
  charge_fee?: string;
  items?: Array<{ service: { id: number | string; name: string; price: string }; qty: number }>;
  message?: string;
  /** The wallet's balance after the payment. */
  balance?: string;
  /** A completed payment's receipt code (groups of four). */
  receipt_code?: string;
}

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
