import { API_PATHS, type CallbackResponse, type GatewayKey } from "@hospipay/contract";
import { api } from "./api-client";

/** Answer of the express callback, read as partial (an empty answer is no approval): `transaction_status` is what the screens read. */
export type CallbackAnswer = Partial<CallbackResponse>;

/**
 * GET /api/express/callback/top-up/{gateway}/?transaction_id=&rrr=&amount=: after a gateway's widget or
 * popup reports success the server asks the gateway itself; the amount in the query is informative only.
 * An empty value is left out: the server reads an empty transaction_id or rrr as an invalid one.
 */
export async function verifyGatewayPayment(
  gateway: GatewayKey,
  params: { transactionId: string; rrr?: string; amount?: string },
  signal?: AbortSignal,
): Promise<CallbackAnswer> {
  const body = await api.get<CallbackAnswer | undefined>(API_PATHS.gatewayCallback(gateway), {
    query: { transaction_id: params.transactionId || undefined, rrr: params.rrr || undefined, amount: params.amount },
    signal,
  });
  return body ?? {};
}

/** SPEC §4: status '01' or a message saying 'approved' means paid; the contract also sends transaction_status SUCCESS. */
export function isApproved(answer: CallbackAnswer): boolean {
  return answer.status === "01" || /approved/i.test(answer.message ?? "") || answer.transaction_status === "SUCCESS";
}
