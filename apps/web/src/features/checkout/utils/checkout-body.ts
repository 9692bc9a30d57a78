import { CHARGE_FEE_KOBO, koboToDecimal, type GuestCheckoutInput } from "@hospipay/contract";
import type { CartItem } from "../../../lib/cart-store";
import type { CheckoutDetails } from "../../../lib/checkout-details";
import { buildCheckoutItems } from "../../../lib/checkout-items";

/** SPEC §3 Guest checkout customer, as the summary's form holds it (and keeps it across a reload). */
export type GuestCustomer = CheckoutDetails;

/** SPEC §5: name, email, phone and hospitalNumber are required; the description is optional. */
export function hasRequiredDetails(customer: GuestCustomer): boolean {
  return [customer.name, customer.email, customer.phone, customer.hospitalNumber].every((value) => value.trim() !== "");
}

/** The SPEC §7 create-payment body of a guest payment. */
export function buildCheckoutBody(
  lines: readonly CartItem[],
  customer: GuestCustomer,
  paymentMethod: string,
): GuestCheckoutInput {
  return {
    items: buildCheckoutItems(lines),
    customer_meta: {
      name: customer.name.trim(),
      email: customer.email.trim(),
      phone: customer.phone.trim(),
      hospital_number: customer.hospitalNumber.trim(),
      transaction_description: customer.transactionDescription.trim(),
    },
    payment_method: paymentMethod as GuestCheckoutInput["payment_method"],
    charge_fee: koboToDecimal(CHARGE_FEE_KOBO),
  };
}
