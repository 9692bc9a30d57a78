import { API_PATHS, type PaymentStatusResponse } from "@hospipay/contract";
import { api, ApiError } from "../../../lib/api-client";

/**
 * What the server found when the payer closed the gateway's widget: status pending (still payable: Pay now
 * continues it), completed (the gateway says paid) or failed, with closed_reason 'cancelled' when the
 * gateway agreed the payer abandoned it (null for a declined payment).
 */
export type CancelAnswer = Pick<PaymentStatusResponse, "reference" | "status" | "closed_reason">;

/**
 * POST /api/express/payments/{reference}/cancel/ (public: the reference is unguessable). The server asks
 * the gateway and closes the payment as cancelled only when the gateway says the payer abandoned it.
 */
export async function cancelPayment(reference: string): Promise<CancelAnswer> {
  const body = await api.post<Partial<CancelAnswer> | undefined>(API_PATHS.cancelPayment(reference), {});
  if (!body || typeof body.status !== "string") throw new ApiError(502);
  return { reference: body.reference ?? reference, status: body.status, closed_reason: body.closed_reason ?? null };
}
