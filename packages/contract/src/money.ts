/**
 * Money helpers. Amounts are integer kobo everywhere; they become decimal strings ("1500.00")
 * only at the JSON edge and display strings only in the UI.
 */

const DECIMAL_RE = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/** True when the value is a safe, non-negative integer amount of kobo. */
export function isKobo(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

/**
 * Parses a naira amount given as a decimal string ("1500", "1500.5", "1500.50") or a number
 * into integer kobo without floating-point arithmetic. Returns null for anything else.
 */
export function nairaToKobo(value: string | number): number | null {
  const text = typeof value === "number" ? (Number.isFinite(value) ? numberToPlainString(value) : "") : value.trim();
  const match = DECIMAL_RE.exec(text);
  if (!match) return null;
  const whole = match[1] ?? "0";
  const fraction = (match[2] ?? "").padEnd(2, "0");
  const kobo = Number(whole) * 100 + Number(fraction);
  return Number.isSafeInteger(kobo) ? kobo : null;
}

function numberToPlainString(value: number): string {
  // toFixed(2) rounds half away from zero on the decimal text and never uses exponent form for < 1e21.
  if (value < 0) return "";
  const fixed = value.toFixed(2);
  // Reject numbers with more than two decimals instead of silently rounding them.
  return Number(fixed) === value ? fixed : "";
}

/** Formats kobo as the API's decimal string: 150000 → "1500.00". */
export function koboToDecimal(kobo: number): string {
  const sign = kobo < 0 ? "-" : "";
  const abs = Math.abs(kobo);
  const whole = Math.trunc(abs / 100);
  const fraction = String(abs % 100).padStart(2, "0");
  return `${sign}${whole}.${fraction}`;
}

/** Formats kobo for display with thousands separators and two decimals: 150000 → "₦1,500.00". */
export function formatNaira(kobo: number, options: { symbol?: boolean } = {}): string {
  const [whole = "0", fraction = "00"] = koboToDecimal(Math.abs(kobo)).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const sign = kobo < 0 ? "-" : "";
  return `${sign}${options.symbol === false ? "" : "₦"}${grouped}.${fraction}`;
}

/** Sum of price × quantity over cart lines, in kobo. */
export function subtotalKobo(lines: ReadonlyArray<{ priceKobo: number; quantity: number }>): number {
  return lines.reduce((sum, line) => sum + line.priceKobo * line.quantity, 0);
}
