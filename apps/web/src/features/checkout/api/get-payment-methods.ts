import { API_PATHS, type PaymentMethod } from "@hospipay/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** Methods a guest is not offered (SPEC §2: wallet, bank transfer and the card gateway are removed). */
const HIDDEN_FOR_GUESTS = new Set(["wallet", "bank_transfer", "paystack"]);

/** A payment method as offered: key and display name from the server. */
export type OfferedMethod = Pick<PaymentMethod, "name"> & { key: string };

/** GET /express/methods/ → `{payment_methods: [{key, name}]}`, minus the methods guests may not use. */
export async function getGuestPaymentMethods(signal?: AbortSignal): Promise<OfferedMethod[]> {
  const body = await api.get<{ payment_methods?: unknown }>(API_PATHS.paymentMethods, { signal });
  const list = Array.isArray(body?.payment_methods) ? (body.payment_methods as unknown[]) : [];
  return list.flatMap((item) => {
    if (typeof item !== "object" || item === null) return [];
    const { key, name } = item as { key?: unknown; name?: unknown };
    if (typeof key !== "string" || HIDDEN_FOR_GUESTS.has(key)) return [];
    return [{ key, name: typeof name === "string" && name.trim() ? name : key }];
  });
}

export function guestPaymentMethodsQueryOptions() {
  return queryOptions({
    queryKey: ["checkout", "payment-methods", "guest"],
    queryFn: ({ signal }) => getGuestPaymentMethods(signal),
    // A failure is silent (SPEC §8): the summary shows no methods and a neutral hint.
    retry: false,
  });
}

export function useGuestPaymentMethods() {
  return useQuery(guestPaymentMethodsQueryOptions());
}
