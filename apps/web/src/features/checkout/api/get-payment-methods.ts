import type { PaymentMethod } from "@hospipay/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getPaymentMethods } from "../../../lib/payment-methods";

/** Methods a guest is not offered (SPEC §2: wallet, bank transfer and the card gateway are removed). */
const HIDDEN_FOR_GUESTS = new Set(["wallet", "bank_transfer", "paystack"]);

/** A payment method as offered: key and display name from the server. */
export type OfferedMethod = Pick<PaymentMethod, "name"> & { key: string };

/** GET /express/methods/ → `{payment_methods: [{key, name}]}`, minus the methods guests may not use. */
export async function getGuestPaymentMethods(signal?: AbortSignal): Promise<OfferedMethod[]> {
  return (await getPaymentMethods(signal)).filter((method) => !HIDDEN_FOR_GUESTS.has(method.key));
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
