import { API_PATHS, type PayBillInput } from "@hospipay/contract";
import { useMutation } from "@tanstack/react-query";
import { api, ApiError } from "../../../lib/api-client";

/** How the browser continues a pending part (the payments contract's gateway block, as checkout answers it). */
export interface BillPartGateway {
  key: string;
  script_url?: string;
  public_key?: string;
  rrr?: string;
  transaction_id?: string;
  amount?: string;
  /** Paystack: the transaction the server initialized, which the popup resumes. */
  access_code?: string;
  reference?: string;
}

/** Answer of POST /api/bills/{token}/pay/: a pending gateway payment, or a completed wallet payment. */
export interface BillPartPayment {
  reference: string;
  status: string;
  amount: string;
  rrr?: string | null;
  payment_method?: string;
  gateway?: BillPartGateway;
}

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
