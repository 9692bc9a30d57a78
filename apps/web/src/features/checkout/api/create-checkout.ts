import { API_PATHS, type BankAccount, type GuestCheckoutInput } from "@hospipay/contract";
import { useMutation } from "@tanstack/react-query";
import { api, ApiError } from "../../../lib/api-client";

/** How the browser continues a pending payment, per gateway (payments contract). */
export type CheckoutGateway =
  | { key: "remita"; script_url: string; public_key: string; rrr: string; transaction_id: string; amount: string }
  | { key: "monnify"; bank_account: BankAccount }
  | { key: "paystack"; script_url: string; public_key: string; access_code: string; reference: string }
  | { key: "bank_transfer"; bank_account: BankAccount };

/** Answer of POST /express/checkout/ (SPEC §3 Payment response plus the contract's gateway block). */
export interface CheckoutResponse {
  reference: string;
  status: string;
  rrr: string | null;
  items: Array<{ service: { id: number | string; name: string; price: string }; qty: number }>;
  /** Total in naira, fee included. */
  amount: string;
  subtotal?: string;
  charge_fee?: string;
  message?: string;
  payment_method?: string;
  gateway?: CheckoutGateway;
  /** True when the server continued the payment already pending for the same cart and payer. */
  resumed?: boolean;
}

/** POST /express/checkout/ (public for guests; SPEC §7 body). */
export async function createCheckout(input: GuestCheckoutInput): Promise<CheckoutResponse> {
  const body = await api.post<Partial<CheckoutResponse> | undefined>(API_PATHS.checkout, input);
  // Without a reference and a status nothing can continue: that is a failed creation.
  if (!body || typeof body.reference !== "string" || typeof body.status !== "string") throw new ApiError(502);
  return body as CheckoutResponse;
}

export function useCreateCheckout() {
  return useMutation({ mutationFn: createCheckout });
}
