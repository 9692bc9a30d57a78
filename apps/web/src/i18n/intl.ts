import { createElement, Fragment, type ReactNode } from "react";
import { IntlMessageFormat, type Formatters, type PrimitiveType } from "intl-messageformat";
import { DEFAULT_LOCALE, LOCALE_TAGS } from "@hospipay/contract";
import type { UiLocale } from "./locale-store";
import { PRECOMPILED, type Message } from "./message";

export type { Message } from "./message";

/**
 * The app's texts are ICU messages formatted by FormatJS's `intl-messageformat`. Each folder keeps its
 * English texts in its `messages.ts` (`defineMessages`) and the other languages in `i18n/<language>.json`.
 * `t(message, values)` formats one in the current language. The production build turns every message into
 * its parsed form ahead of time (vite-i18n.ts), so the browser never downloads the parser. A language is
 * switched by remounting the app (i18n-provider.tsx), so `t` may be called anywhere during render — never
 * at module scope, where it would keep the language of the first load.
 */
export interface MessageDescriptor {
  id: string;
  defaultMessage: Message;
}

/** Declares a folder's messages (ids are dotted paths: `landing.hero.title`). */
export function defineMessages<K extends string>(messages: Record<K, MessageDescriptor>): Record<K, MessageDescriptor> {
  return messages;
}

type Catalog = Record<string, Message>;
type RichValue = PrimitiveType | ReactNode | ((chunks: ReactNode[]) => ReactNode);

let current: { locale: UiLocale; tag: string; catalog: Catalog } = {
  locale: DEFAULT_LOCALE,
  tag: LOCALE_TAGS[DEFAULT_LOCALE],
  catalog: {},
};
const formats = new Map<string, IntlMessageFormat>();

// Every IntlMessageFormat resolves its locale and builds its own number formats and plural rules, though
// they are the same for every message of a language: a screen with many messages paid for that many times
// over on its first render. Both are made once per language and shared by every message instead. The
// locale is the language's tag, taken as given rather than looked up with `Intl.NumberFormat.supportedLocalesOf`
// as the library does: that lookup has ICU list every locale it has, a single task of about 180 ms on the
// first render on a desktop (Chromium), and for the one tag the app passes (LOCALE_TAGS) the library's answer
// is that same tag, whether ICU has the language or not.
const resolvedLocales = new Map<string, Intl.Locale | undefined>();
IntlMessageFormat.resolveLocale = (locales) => {
  const tag = [locales].flat()[0];
  if (tag === undefined || typeof Intl.Locale === "undefined") return undefined;
  let locale = resolvedLocales.get(tag);
  if (locale === undefined) {
    locale = new Intl.Locale(tag);
    resolvedLocales.set(tag, locale);
  }
  return locale;
};

/** `make`, remembering what it made for each set of arguments. */
function memoized<A extends unknown[], R>(make: (...args: A) => R): (...args: A) => R {
  const made = new Map<string, R>();
  return (...args) => {
    const key = JSON.stringify(args);
    let value = made.get(key);
    if (value === undefined) {
      value = make(...args);
      made.set(key, value);
    }
    return value;
  };
}

const formatters: Formatters = {
  getNumberFormat: memoized(
    (locales?: string | string[], options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(locales, options),
  ),
  getDateTimeFormat: memoized((...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args)),
  getPluralRules: memoized((...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args)),
};

function formatter(message: Message, id: string): IntlMessageFormat {
  let format = formats.get(id);
  if (!format) {
    format = new IntlMessageFormat(message, current.tag, undefined, { ignoreTag: false, formatters });
    formats.set(id, format);
  }
  return format;
}

/** A message in the current language, as text. */
export function t(descriptor: MessageDescriptor, values?: Record<string, PrimitiveType>): string;
/** A message whose values or tags (`<b>…</b>`, given as functions) are elements. */
export function t(descriptor: MessageDescriptor, values: Record<string, RichValue>): ReactNode;
export function t(descriptor: MessageDescriptor, values?: Record<string, RichValue>): ReactNode {
  const message = current.catalog[descriptor.id] ?? descriptor.defaultMessage;
  if (PRECOMPILED && typeof message === "string") return message;
  const result = formatter(message, descriptor.id).format<ReactNode>(values as Record<string, PrimitiveType>);
  if (Array.isArray(result)) return createElement(Fragment, null, ...(result as ReactNode[]));
  return result as ReactNode;
}

/** The current language's BCP 47 tag, for numbers and dates (naira, West Africa Time). */
export function localeTag(): string {
  return current.tag;
}

/** The current language's catalog: loaded once per language as its own chunk (catalogs/). */
async function loadCatalog(locale: UiLocale): Promise<Catalog> {
  switch (locale) {
    case "ha":
      return (await import("./catalogs/ha")).default;
    case "yo":
      return (await import("./catalogs/yo")).default;
    case "ig":
      return (await import("./catalogs/ig")).default;
    case "pcm":
      return (await import("./catalogs/pcm")).default;
    case "pseudo":
      return (await import("./catalogs/pseudo")).default;
    default:
      return {};
  }
}

/** Makes `locale` the current language once its catalog is loaded; sets the page's `lang`. */
export async function activateLocale(locale: UiLocale): Promise<void> {
  if (current.locale === locale) return;
  const catalog = await loadCatalog(locale);
  current = { locale, tag: LOCALE_TAGS[locale === "pseudo" ? DEFAULT_LOCALE : locale], catalog };
  formats.clear();
  if (typeof document !== "undefined") document.documentElement.lang = locale === "pseudo" ? "en" : locale;
}

export function activeLocale(): UiLocale {
  return current.locale;
}
