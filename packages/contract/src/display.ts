/**
 * How every screen, receipt, e-mail and export writes a time, a payment method and an RRR, so that a payer
 * and a staff member reading the same payment in different places read the same text.
 *
 * Times are West Africa Time, the hospital's clock, whatever the time zone of the browser or the server.
 * Lagos has kept UTC+1 without daylight saving since 1919, so the offset is fixed and the text is built here
 * rather than by Intl, whose month names and separators change with the locale data of each browser.
 */
import { INVOICE_METHOD_KEYS, type InvoiceMethodKey, type PaymentMethodKey } from "./enums";

/** West Africa Time is UTC+1 all year. */
export const WAT_OFFSET_MS = 3_600_000;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
const two = (n: number) => String(n).padStart(2, "0");

/** The instant as a WAT wall clock (read with the UTC getters), or null for an empty or invalid value. */
function watClock(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const time = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time + WAT_OFFSET_MS);
}

/** What is shown for a missing time, or a value that is not one (as it came, so nothing is hidden). */
const unreadable = (value: string | Date | null | undefined) => (typeof value === "string" && value !== "" ? value : "—");

/** "25 Nov 2026": the WAT day of an instant. */
export function formatWatDay(value: string | Date | null | undefined): string {
  const wat = watClock(value);
  if (!wat) return unreadable(value);
  return `${two(wat.getUTCDate())} ${MONTHS[wat.getUTCMonth()]} ${wat.getUTCFullYear()}`;
}

/** "25 Nov 2026, 14:05 WAT" (with `seconds`, "25 Nov 2026, 14:05:09 WAT"): an instant on the hospital's clock. */
export function formatWatDateTime(value: string | Date | null | undefined, options: { seconds?: boolean } = {}): string {
  const wat = watClock(value);
  if (!wat) return unreadable(value);
  const seconds = options.seconds ? `:${two(wat.getUTCSeconds())}` : "";
  return `${formatWatDay(value)}, ${two(wat.getUTCHours())}:${two(wat.getUTCMinutes())}${seconds} WAT`;
}

/** "2026-11-25": the WAT calendar day of an instant, as the staff filters and the CSV's Date column use it. */
export function watDay(iso: string): string {
  const wat = watClock(iso);
  return wat ? wat.toISOString().slice(0, 10) : (iso.split("T")[0] ?? iso);
}

/**
 * "2026-11-25T14:05:00+01:00": an instant for a file a spreadsheet or a program reads (ISO 8601, WAT offset
 * written out), so it sorts and parses while a person still reads the hospital's clock. Empty stays empty.
 */
export function watIsoTimestamp(value: string | null | undefined): string {
  const wat = watClock(value);
  if (!wat) return value ?? "";
  return `${wat.toISOString().slice(0, 19)}+01:00`;
}

/** The name of each payment method wherever a payment made with it is shown (DESIGN "Payment methods"). */
export const PAYMENT_METHOD_NAMES: Record<InvoiceMethodKey, string> = {
  wallet: "Wallet",
  remita: "Remita",
  monnify: "Monnify (bank transfer)",
  paystack: "Paystack",
  bank_transfer: "Bank transfer",
  cash: "Cash",
  pos: "POS (card terminal)",
};

/**
 * How the checkout's list of choices (GET /express/methods/) describes each method: the name, and what the
 * payer will be asked to do with it.
 */
export const PAYMENT_METHOD_CHOICE_NAMES: Record<PaymentMethodKey, string> = {
  wallet: "Wallet",
  remita: "Remita (card, bank, USSD)",
  monnify: "Bank transfer to a one-time account (Monnify)",
  paystack: "Paystack (card)",
  bank_transfer: "Direct bank transfer to the hospital",
};

/** A payment method's name; a key the app does not know is shown as it came, a missing one as "—". */
export function paymentMethodName(key: string | null | undefined): string {
  if (!key) return "—";
  return (INVOICE_METHOD_KEYS as readonly string[]).includes(key) ? PAYMENT_METHOD_NAMES[key as InvoiceMethodKey] : key;
}

/** An RRR as typed or pasted ("2804-6735-1235", "2804 6735 1235") reduced to its digits, as it is stored. */
export function plainRrr(text: string): string {
  return text.replace(/[\s-]/g, "");
}

/**
 * "2804-6735-1235": an RRR grouped in fours as Remita prints it (GATEWAYS.md: 12 digits, shown with dashes).
 * Anything that is not 12 digits is shown as it came, never reshaped into something that looks valid.
 */
export function formatRrr(rrr: string | null | undefined): string {
  if (!rrr) return "";
  const digits = plainRrr(rrr);
  return /^\d{12}$/.test(digits) ? digits.replace(/(\d{4})(?=\d)/g, "$1-") : rrr;
}
