import { API_PATHS, type CheckoutResponse, type PayBillInput, type WalletPaymentResponse } from "@hospipay/contract";
import { useMutation } from "@tanstack/react-query";
import { api, ApiError } from "../../../lib/api-client";

/**
 * Answer of POST /api/bills/{token}/pay/ (contract `PayBillResponse`): a pending gateway payment with its
 * gateway block, or a completed wallet payment, which has none.
 */
export type BillPartPayment = CheckoutResponse | (WalletPaymentResponse & { gateway?: never });

/** The body as the form sends it: the amount in naira, as text. */
export type PayBillBody = Omit<PayBillInput, "amount"> & { amount: string };

/** POST /api/bills/{token}/pay/ → 201; a signed-in payer sends the session (the wallet needs it). */
export async function payBill({ token, body, signedIn }: { token: string; body: PayBillBody; signedIn: boolean }) {
  const answer = await api.post<Partial<BillPartPayment> | undefined>(API_PATHS.payBill(token), body, { auth: signedIn });
  // Without a reference and a status nothing can continue: that is a failed start.
  if (!answer || typeof answer.reference !== "string" || typeof answer.status !== "string") throw new ApiError(502);
  return answer as BillPartPayment;
}

export function usePayBill() {
  return useMutation({ mutationFn: payBill });
}
