import type { CartItem } from "../../../lib/cart-store";
import { parseCart } from "../../../lib/cart-store";
import type { GuestCustomer } from "./checkout-body";

/**
 * Router state of /payment-success (SPEC §2): paymentData, customerDetails, cart, chargeFee,
 * transactionReference, transactionId. Every field is optional on arrival (a reload, a link, an
 * older tab), so the screen reads it through `readPaymentSuccessState`.
 */
export interface PaymentSuccessState {
  /** The payment as known when leaving the payment screen; `status` is the status to show first. */
  paymentData: {
    status?: string;
    reference?: string;
    payment_method?: string;
    amount?: string;
    rrr?: string | null;
    created_at?: string | null;
  } & Record<string, unknown>;
  customerDetails: GuestCustomer;
  cart: CartItem[];
  /** Naira, e.g. "100.00". */
  chargeFee: string;
  transactionReference: string;
  transactionId: string;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** What the screen can use of whatever state it was given. */
export function readPaymentSuccessState(value: unknown): Partial<PaymentSuccessState> {
  const state = record(value);
  if (!state) return {};
  const customer = record(state.customerDetails);
  const paymentData = record(state.paymentData);
  return {
    paymentData: paymentData ? (paymentData as PaymentSuccessState["paymentData"]) : undefined,
    customerDetails: customer
      ? {
          name: text(customer.name) ?? "",
          email: text(customer.email) ?? "",
          phone: text(customer.phone) ?? "",
          hospitalNumber: text(customer.hospitalNumber) ?? "",
          transactionDescription: text(customer.transactionDescription) ?? "",
        }
      : undefined,
    cart: Array.isArray(state.cart) ? parseCart(JSON.stringify(state.cart)) : undefined,
    chargeFee: text(state.chargeFee),
    transactionReference: text(state.transactionReference),
    transactionId: text(state.transactionId),
  };
}
