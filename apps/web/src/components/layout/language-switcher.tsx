import { useId } from "react";
import { LOCALE_NAMES, LOCALES } from "@hospipay/contract";
import { setLocale, t, useLocale } from "../../i18n";
import { componentMessages as m } from "../messages";
import { cn } from "../ui/cn";

/**
 * The language choice of the headers: the five languages by their own names, remembered in this browser
 * (i18n/locale-store.ts); the app switches as soon as the language's texts have loaded.
 */
export function LanguageSwitcher({ className = "inline-flex" }: { className?: string }) {
  const id = useId();
  const locale = useLocale();
  return (
    // `className` sets the display (default inline-flex; the public header hides it below md): cn does not
    // merge classes, so a display class here would compete with the caller's.
    <span className={cn("items-center", className)}>
      <label htmlFor={id} className="sr-only">
        {t(m.language)}
      </label>
      <select
        id={id}
        value={locale === "pseudo" ? "en" : locale}
        onChange={(event) => setLocale(event.target.value as (typeof LOCALES)[number])}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 text-sm font-medium text-slate-800 hover:border-teal-400 focus-visible:outline-2 focus-visible:outline-teal-700"
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </span>
  );
}
