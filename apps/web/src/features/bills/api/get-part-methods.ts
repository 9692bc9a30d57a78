import { API_PATHS, BILL_PAYMENT_METHODS } from "@hospipay/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** A gateway a guest may pay a part through (the ones guest checkout offers), with the server's name. */
export interface PartMethod {
  key: string;
  name: string;
}

/** Guests pay as at guest checkout: the card gateway, bank transfer and the wallet are not offered. */
const GUEST_METHODS = new Set<string>(BILL_PAYMENT_METHODS.filter((key) => key !== "wallet" && key !== "paystack"));

/** GET /express/methods/ → the methods the server has on, limited to what a guest may pay a part with. */
export async function getPartMethods(signal?: AbortSignal): Promise<PartMethod[]> {
  const body = await api.get<{ payment_methods?: unknown }>(API_PATHS.paymentMethods, { signal });
  const list = Array.isArray(body?.payment_methods) ? (body.payment_methods as unknown[]) : [];
  return list.flatMap((item) => {
    if (typeof item !== "object" || item === null) return [];
    const { key, name } = item as { key?: unknown; name?: unknown };
    if (typeof key !== "string" || !GUEST_METHODS.has(key)) return [];
    return [{ key, name: typeof name === "string" && name.trim() ? name : key }];
  });
}

export function usePartMethods() {
  return useQuery({ queryKey: ["bills", "methods"], queryFn: ({ signal }) => getPartMethods(signal), retry: 1 });
}
