import { BILL_GUEST_METHODS, BILL_PAYMENT_METHODS } from "@hospipay/contract";
import { useQuery } from "@tanstack/react-query";
import { getPaymentMethods, type ServerPaymentMethod } from "../../../lib/payment-methods";

/** A method a part may be paid with, with the server's name. */
export type PartMethod = ServerPaymentMethod;

/** Who pays: a guest (or staff) as at guest checkout, or a signed-in customer. */
export type PartPayer = "guest" | "customer";

/**
 * What each payer is offered from the server's list. A guest: Remita and Monnify, as guest checkout. A
 * signed-in customer also Paystack and a direct bank transfer; the wallet is offered by the form, with the
 * balance, whatever this list says (it needs no gateway).
 */
const OFFERED: Record<PartPayer, ReadonlySet<string>> = {
  guest: new Set<string>(BILL_GUEST_METHODS),
  customer: new Set<string>(BILL_PAYMENT_METHODS.filter((key) => key !== "wallet")),
};

/** GET /express/methods/ → the methods the server has on, limited to what this payer may pay a part with. */
export async function getPartMethods(payer: PartPayer, signal?: AbortSignal): Promise<PartMethod[]> {
  return (await getPaymentMethods(signal)).filter((method) => OFFERED[payer].has(method.key));
}

export function usePartMethods(payer: PartPayer) {
  return useQuery({ queryKey: ["bills", "methods", payer], queryFn: ({ signal }) => getPartMethods(payer, signal), retry: 1 });
}
