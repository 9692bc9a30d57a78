import { verifyGatewayPayment, type CallbackAnswer } from "../gateway-callback";

export { isApproved, type CallbackAnswer } from "../gateway-callback";

/**
 * GET /api/express/callback/top-up/remita/?transaction_id=&rrr=&amount=: after the widget reports
 * success the server asks Remita itself; the amount in the query is informative only (and left out
 * when unknown, e.g. on a return from Remita's page). Guest checkout and wallet top-up both use it.
 */
export function verifyRemitaPayment(
  params: { transactionId: string; rrr: string; amount?: string },
  signal?: AbortSignal,
): Promise<CallbackAnswer> {
  return verifyGatewayPayment("remita", params, signal);
}
