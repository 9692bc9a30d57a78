import { formatNaira, nairaToKobo } from "@hospipay/contract";

/**
 * Formats a naira amount as the API sends it ("1500.00", 1500) for display: "₦1,500.00".
 * Values the contract cannot parse are shown as they came rather than as a wrong number.
 */
export function formatNairaAmount(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return formatNaira(0);
  const text = String(value).trim();
  const negative = text.startsWith("-");
  const kobo = nairaToKobo(negative ? text.slice(1) : text);
  if (kobo === null) return String(value);
  return formatNaira(negative ? -kobo : kobo);
}
