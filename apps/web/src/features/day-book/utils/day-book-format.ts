import { formatNaira, nairaToKobo } from "@hospipay/contract";
import { t } from "../../../i18n";
import { libMessages } from "../../../lib/messages";
import { paymentMethodText } from "../../../lib/payment-methods";
import { dayBookMessages as m } from "../messages";

/** A channel of the day book by name (call during render): a payment method's, or the reserved account's. */
export function channelName(channel: string): string {
  return channel === "reserved_account" ? t(m.reservedAccount) : paymentMethodText(channel);
}

/** A department as the day book names it: "" is lines no department gives (call during render). */
export function departmentName(department: string): string {
  return department || t(m.noDepartment);
}

/** "Mar 2025": a YYYY-MM month with the catalog's month name (call during render). */
export function monthLabel(month: string): string {
  const [year, number] = month.split("-");
  const name = t(libMessages.months).split(" ")[Number(number) - 1];
  return name ? `${name} ${year}` : month;
}

/** "₦200.00 short", "₦50.00 over", "Exact": a drawer variance in words (call during render). */
export function varianceText(variance: string): string {
  const kobo = nairaToKobo(variance.replace(/^-/, "")) ?? 0;
  if (kobo === 0) return t(m.exact);
  return t(variance.startsWith("-") ? m.short : m.over, { amount: formatNaira(kobo) });
}

/** The sum of decimal naira strings, in kobo. */
export function sumKobo(amounts: readonly string[]): number {
  return amounts.reduce((sum, amount) => sum + (nairaToKobo(amount) ?? 0), 0);
}
