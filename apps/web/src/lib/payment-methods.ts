import { API_PATHS } from "@hospipay/contract";
import { api } from "./api-client";

/** A payment method the server has on: its key and the server's name for it. */
export interface ServerPaymentMethod {
  key: string;
  name: string;
}

/**
 * GET /express/methods/ → `{payment_methods: [{key, name}]}`: every method the server has on, in its order,
 * each with a name (its key when the server sent none). A malformed entry is left out. Each feature keeps its
 * own query (and key) and filters the list for its payer: guest checkout, a bill's part.
 */
export async function getPaymentMethods(signal?: AbortSignal): Promise<ServerPaymentMethod[]> {
  const body = await api.get<{ payment_methods?: unknown }>(API_PATHS.paymentMethods, { signal });
  const list = Array.isArray(body?.payment_methods) ? (body.payment_methods as unknown[]) : [];
  return list.flatMap((item) => {
    if (typeof item !== "object" || item === null) return [];
    const { key, name } = item as { key?: unknown; name?: unknown };
    if (typeof key !== "string") return [];
    return [{ key, name: typeof name === "string" && name.trim() ? name : key }];
  });
}
