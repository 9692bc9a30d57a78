import { formatWatDateTime as englishDateTime, formatWatDay as englishDay, WAT_OFFSET_MS, watDay } from "@hospipay/contract";
import { getLocale, localeTag, t } from "../i18n";
import { libMessages } from "./messages";

/**
 * Times on the hospital's clock (West Africa Time) in the current language: English is the contract's
 * fixed form ("25 Nov 2026, 14:05 WAT", the same on every browser); the other languages use their CLDR
 * month names and order through Intl, always in Africa/Lagos and marked WAT, or, where the browser has no
 * date data for the language, the month names of the app's own catalog in the contract's order.
 */
function instant(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * How the current language's dates are written: the contract's English form, Intl's (the browser has the
 * language's date data), or the app's catalog (it has none: Chromium ships no Hausa, Yoruba, Igbo or Pidgin
 * dates, where Intl would fall back to US English).
 */
function dateSource(): "english" | "intl" | "catalog" {
  const locale = getLocale();
  if (locale === "en" || locale === "pseudo") return "english";
  return Intl.DateTimeFormat.supportedLocalesOf([localeTag()]).length > 0 ? "intl" : "catalog";
}

const DAY: Intl.DateTimeFormatOptions = { timeZone: "Africa/Lagos", day: "2-digit", month: "short", year: "numeric" };

/** "14 Ìgbé 2026": the contract's day form with the catalog's month name. */
function catalogDay(date: Date): string {
  const wat = new Date(date.getTime() + WAT_OFFSET_MS);
  const month = t(libMessages.months).split(" ")[wat.getUTCMonth()] ?? String(wat.getUTCMonth() + 1);
  return `${String(wat.getUTCDate()).padStart(2, "0")} ${month} ${wat.getUTCFullYear()}`;
}

export function formatWatDay(value: string | Date | null | undefined): string {
  const date = instant(value);
  const source = dateSource();
  if (!date || source === "english") return englishDay(value);
  return source === "intl" ? new Intl.DateTimeFormat(localeTag(), DAY).format(date) : catalogDay(date);
}

export function formatWatDateTime(value: string | Date | null | undefined, options: { seconds?: boolean } = {}): string {
  const date = instant(value);
  if (!date || dateSource() === "english") return englishDateTime(value, options);
  const time = new Intl.DateTimeFormat(localeTag(), {
    timeZone: "Africa/Lagos",
    hour: "2-digit",
    minute: "2-digit",
    second: options.seconds ? "2-digit" : undefined,
    hourCycle: "h23",
  }).format(date);
  return `${formatWatDay(date)}, ${time} WAT`;
}

/** Today's West Africa Time day as YYYY-MM-DD, whatever the browser's time zone. */
export function watToday(now: Date = new Date()): string {
  return watDay(now.toISOString());
}
