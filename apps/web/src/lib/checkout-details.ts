/**
 * The guest checkout's customer details while the payer types them (SPEC §3 guest checkout customer),
 * kept in sessionStorage so that a reload of the payment summary does not make the payer type them
 * again. Only these five text fields are ever written: nothing of the payment itself, and nothing from
 * the gateway's widget (card data never passes through this app). Session storage ends with the tab;
 * the cart store clears the details with the cart, which happens when a payment completes.
 */

export interface CheckoutDetails {
  name: string;
  email: string;
  phone: string;
  hospitalNumber: string;
  transactionDescription: string;
}

const KEY = "checkoutDetails";
const FIELDS = ["name", "email", "phone", "hospitalNumber", "transactionDescription"] as const;
/** Longer than any field the server accepts; a stored value beyond it is not the payer's typing. */
const MAX_FIELD_LENGTH = 1000;

export const emptyCheckoutDetails: CheckoutDetails = {
  name: "",
  email: "",
  phone: "",
  hospitalNumber: "",
  transactionDescription: "",
};

/** The stored details, field by field; anything missing, malformed or too long reads as empty. */
export function readCheckoutDetails(): CheckoutDetails {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(KEY);
  } catch {
    return emptyCheckoutDetails;
  }
  if (raw === null) return emptyCheckoutDetails;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return emptyCheckoutDetails;
  }
  if (typeof value !== "object" || value === null) return emptyCheckoutDetails;
  const stored = value as Record<string, unknown>;
  const details = { ...emptyCheckoutDetails };
  for (const field of FIELDS) {
    const text = stored[field];
    if (typeof text === "string" && text.length <= MAX_FIELD_LENGTH) details[field] = text;
  }
  return details;
}

/** Saves the five fields (and only them); an all-empty form removes the stored copy. */
export function saveCheckoutDetails(details: CheckoutDetails): void {
  const picked = Object.fromEntries(FIELDS.map((field) => [field, details[field].slice(0, MAX_FIELD_LENGTH)]));
  try {
    if (FIELDS.every((field) => picked[field] === "")) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, JSON.stringify(picked));
  } catch {
    // Storage is a convenience: the form still works for this page view.
  }
}

export function clearCheckoutDetails(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // See saveCheckoutDetails.
  }
}
