import { INVOICE_METHOD_KEYS, WAT_OFFSET_MS, type Locale } from "@hospipay/contract";
import { createTranslator, type Catalogs } from "../../../lib/i18n";
import { en, type MailKey } from "./en";
import { ha } from "./ha";
import { ig } from "./ig";
import { pcm } from "./pcm";
import { yo } from "./yo";

export type { MailKey } from "./en";

/** The e-mails' texts in the five languages. */
export const MAIL_CATALOGS: Catalogs<MailKey> = { en, ha, yo, ig, pcm };

/** An e-mail text in a language, its placeholders filled. */
export const mailText = createTranslator(MAIL_CATALOGS);

const two = (n: number) => String(n).padStart(2, "0");

/**
 * "26 Bélú 2026, 00:30 WAT": an instant on the hospital's clock, with the language's month names. The
 * English catalog writes it exactly as `formatWatDateTime` (every screen's format); the parts are built
 * here rather than by Intl, whose month names for these languages change with each Node's locale data.
 */
export function watDateTimeIn(locale: Locale, value: Date): string {
  const wat = new Date(value.getTime() + WAT_OFFSET_MS);
  const date = dayIn(locale, wat.getUTCFullYear(), wat.getUTCMonth(), wat.getUTCDate());
  return mailText(locale, "date.dateTime", { date, time: `${two(wat.getUTCHours())}:${two(wat.getUTCMinutes())}` });
}

/** "01 Ọ̀pẹ̀ 2026": a calendar day ("2026-12-01", as a bill's due date is kept) in the language; other text as it came. */
export function calendarDayIn(locale: Locale, isoDay: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  if (!match) return isoDay;
  return dayIn(locale, Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

function dayIn(locale: Locale, year: number, monthIndex: number, day: number): string {
  const month = mailText(locale, "date.months").split(" ")[monthIndex] ?? String(monthIndex + 1);
  return mailText(locale, "date.day", { day: two(day), month, year: String(year) });
}

/** A payment method's name in the language (the English ones are PAYMENT_METHOD_NAMES); an unknown key as it came, none as "—". */
export function paymentMethodNameIn(locale: Locale, key: string | null | undefined): string {
  if (!key) return "—";
  return (INVOICE_METHOD_KEYS as readonly string[]).includes(key) ? mailText(locale, `method.${key}` as MailKey) : key;
}
