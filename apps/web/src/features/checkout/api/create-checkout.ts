import { API_PATHS, type CheckoutResponse, type GuestCheckoutInput } from "@hospipay/contract";
import { useMutation } from "@tanstack/react-query";
import { api, ApiError } from "../../../lib/api-client";

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
