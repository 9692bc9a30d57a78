import { CHARGE_FEE_KOBO, koboToDecimal, type GuestCheckoutInput } from "@hospipay/contract";
import type { CartItem } from "../../../lib/cart-store";
import { unitPriceKobo } from "../../../lib/cart-totals";

/** SPEC §3 Guest checkout customer, as the summary's form holds it. */
export interface GuestCustomer {
  name: string;
  email: string;
  phone: string;
  hospitalNumber: string;
  transactionDescription: string;
}

export const emptyCustomer: GuestCustomer = { name: "", email: "", phone: "", hospitalNumber: "", transactionDescription: "" };

/** SPEC §5: name, email, phone and hospitalNumber are required; the description is optional. */
export function hasRequiredDetails(customer: GuestCustomer): boolean {
  return [customer.name, customer.email, customer.phone, customer.hospitalNumber].every((value) => value.trim() !== "");
}

/**
 * The SPEC §7 create-payment body. Each item carries the catalogue record the line was added from
 * (or what the line itself knows, for lines stored before records were kept), with `price` and
 * `amount` set to the line's unit price: for an open-price service that is the price the payer typed.
 */
export function buildCheckoutBody(
  lines: readonly CartItem[],
  customer: GuestCustomer,
  paymentMethod: string,
): GuestCheckoutInput {
  return {
    items: lines.map((line) => {
      const unit = koboToDecimal(unitPriceKobo(line));
      const record = line.service;
      return {
        service: {
          id: record?.id ?? line.id,
          name: record?.name ?? line.name,
          description: record?.description ?? line.description ?? null,
          head_code: record?.head_code ?? null,
          service_type_id: record?.service_type_id ?? null,
          price: unit,
          amount: unit,
          service_charge: record?.service_charge ?? null,
          fixed_price: record?.fixed_price ?? null,
          department: record?.department ?? line.department ?? null,
          category: record?.category ?? line.category ?? null,
        },
        amount: unit,
        qty: line.quantity,
      };
    }),
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
