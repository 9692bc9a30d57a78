import { CHARGE_FEE_KOBO, nairaToKobo, subtotalKobo } from "@hospipay/contract";

/**
 * Cart money in integer kobo (docs/decisions/money-in-kobo.md): SPEC §9's total is the sum of price × quantity plus the
 * fixed 100 NGN charge fee. Display strings are made from these numbers only by the formatter.
 */

/** What a line needs for its money: a naira price (string or number) and a quantity. */
export interface PricedLine {
  price: string | number;
  quantity: number;
}

/** A line's unit price in kobo; a price the contract cannot read counts as 0 rather than a wrong number. */
export function unitPriceKobo(line: Pick<PricedLine, "price">): number {
  return nairaToKobo(line.price) ?? 0;
}

/** Unit price × quantity, in kobo. */
export function lineTotalKobo(line: PricedLine): number {
  return unitPriceKobo(line) * Math.max(0, line.quantity);
}

/**
 * Subtotal, charge fee and total of a cart, in kobo. A sale at the desk (cash or POS) adds no charge fee:
 * `chargeFee: false`.
 */
export function cartTotals(
  lines: readonly PricedLine[],
  { chargeFee = true }: { chargeFee?: boolean } = {},
): { subtotalKobo: number; chargeFeeKobo: number; totalKobo: number } {
  const subtotal = subtotalKobo(lines.map((line) => ({ priceKobo: unitPriceKobo(line), quantity: Math.max(0, line.quantity) })));
  const fee = chargeFee ? CHARGE_FEE_KOBO : 0;
  return { subtotalKobo: subtotal, chargeFeeKobo: fee, totalKobo: subtotal + fee };
}
