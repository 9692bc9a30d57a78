import { useSyncExternalStore } from "react";
import { DEFAULT_LOCALE, isLocale, STORAGE_KEYS, type Locale } from "@hospipay/contract";

/**
 * The language the app shows: one of the five (contract locales.ts), or "pseudo" — an accented, longer
 * English used only by tests to find text that overflows or was left out of the catalogs (never listed
 * in the switcher). Kept in localStorage so that the choice is remembered.
 */
export type UiLocale = Locale | "pseudo";

const listeners = new Set<() => void>();

function read(): UiLocale {
  try {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEYS.locale);
    return isLocale(stored) || stored === "pseudo" ? stored : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

let current: UiLocale = read();

export function getLocale(): UiLocale {
  return current;
}

/** The language sent to the API (`Accept-Language`): the pseudo-locale is English there. */
export function getApiLocale(): Locale {
  return current === "pseudo" ? DEFAULT_LOCALE : current;
}

/** The visitor's choice of language, remembered (English too, so that it is known to be chosen). */
export function setLocale(locale: UiLocale): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEYS.locale, locale);
  } catch {
    // Private browsing without storage: the choice lasts for this page only.
  }
  show(locale);
}

/**
 * A language a page suggests (a bill's page, its patient's language): shown, without being remembered,
 * unless the visitor has chosen one themselves.
 */
export function suggestLocale(locale: Locale): void {
  try {
    if (isLocale(globalThis.localStorage?.getItem(STORAGE_KEYS.locale)) || current === "pseudo") return;
  } catch {
    // Without storage nothing was remembered: the suggestion stands.
  }
  show(locale);
}

function show(locale: UiLocale): void {
  if (locale === current) return;
  current = locale;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLocale(): UiLocale {
  return useSyncExternalStore(subscribe, getLocale, () => DEFAULT_LOCALE);
}
