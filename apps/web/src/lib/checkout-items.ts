import { koboToDecimal, type GuestCheckoutInput } from "@hospipay/contract";
import type { CartItem } from "./cart-store";
import { unitPriceKobo } from "./cart-totals";

/** One line of a create-payment body (SPEC §7), the same for guest and wallet payments. */
export type CheckoutItem = GuestCheckoutInput["items"][number];

/**
 * The SPEC §7 `items` of a create-payment body. Each item carries the catalogue record the line was
 * added from (or what the line itself knows, for lines stored before records were kept), with
 * `price` and `amount` set to the line's unit price: for an open-price service that is the price the
 * payer typed. Guest checkout and wallet payment both send it, so it lives outside either feature.
 */
export function buildCheckoutItems(lines: readonly CartItem[]): CheckoutItem[] {
  return lines.map((line) => {
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
  });
}
