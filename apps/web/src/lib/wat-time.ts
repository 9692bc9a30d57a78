import { formatWatDateTime as englishDateTime, formatWatDay as englishDay } from "@hospipay/contract";
import { getLocale, localeTag } from "../i18n";

/**
 * Times on the hospital's clock (West Africa Time) in the current language: English is the contract's
 * fixed form ("25 Nov 2026, 14:05 WAT", the same on every browser); the other languages use their CLDR
 * month names and order through Intl, always in Africa/Lagos and marked WAT.
 */
function instant(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Whether this browser has the current language's date data; without it (Chromium ships no Yoruba or
 * Pidgin dates) Intl would fall back to US English, so the contract's fixed form is shown instead.
 */
function localDates(): boolean {
  const locale = getLocale();
  if (locale === "en" || locale === "pseudo") return false;
  return Intl.DateTimeFormat.supportedLocalesOf([localeTag()]).length > 0;
}

const DAY: Intl.DateTimeFormatOptions = { timeZone: "Africa/Lagos", day: "2-digit", month: "short", year: "numeric" };

export function formatWatDay(value: string | Date | null | undefined): string {
  const date = instant(value);
  if (!date || !localDates()) return englishDay(value);
  return new Intl.DateTimeFormat(localeTag(), DAY).format(date);
}

export function formatWatDateTime(value: string | Date | null | undefined, options: { seconds?: boolean } = {}): string {
  const date = instant(value);
  if (!date || !localDates()) return englishDateTime(value, options);
  const time = new Intl.DateTimeFormat(localeTag(), {
    timeZone: "Africa/Lagos",
    hour: "2-digit",
    minute: "2-digit",
    second: options.seconds ? "2-digit" : undefined,
    hourCycle: "h23",
  }).format(date);
  return `${formatWatDay(date)}, ${time} WAT`;
}
