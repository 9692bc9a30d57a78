import { API_PATHS, INVOICE_METHOD_KEYS, type PaymentMethod } from "@hospipay/contract";
import { t } from "../i18n";
import { libMessages } from "./messages";
import { api } from "./api-client";

/** A payment method the server has on (contract `PaymentMethod`), whose key this app may not know yet. */
export type ServerPaymentMethod = Omit<PaymentMethod, "key"> & { key: string };

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

/** A payment method's name (contract `paymentMethodName`) in the current language; an unknown key as it came, none as "—". */
export function paymentMethodText(key: string | null | undefined): string {
  if (!key) return "—";
  return t(libMessages.paymentMethod, { method: knownKey(key), name: key });
}

/**
 * How the list of choices names a method (contract `PAYMENT_METHOD_CHOICE_NAMES`) in the current language;
 * a method the app does not know by the server's name.
 */
export function paymentMethodChoiceText(method: ServerPaymentMethod): string {
  return t(libMessages.paymentMethodChoice, { method: knownKey(method.key), name: method.name });
}

/** The key for the messages' select: a key they name, or "other" (so that no server key picks a branch by chance). */
function knownKey(key: string): string {
  return (INVOICE_METHOD_KEYS as readonly string[]).includes(key) ? key : "other";
}
