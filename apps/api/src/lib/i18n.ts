import { IntlMessageFormat } from "intl-messageformat";
import { DEFAULT_LOCALE, LOCALE_TAGS, LOCALES, type Locale } from "@hospipay/contract";

/**
 * The server's messages in the five languages (e-mail, SMS), ICU MessageFormat through FormatJS's
 * `intl-messageformat`, the same library the web app's react-intl uses. A module keeps its texts in one
 * catalog per language: English is the source and names the keys; the others are typed against it, so a
 * missing key fails the typecheck, and `catalogProblems` (run by each module's test) finds a translation
 * whose placeholders differ from the English ones or that does not parse.
 */
export type Catalogs<K extends string> = Record<Locale, Record<K, string>>;
export type MessageValues = Record<string, string | number | Date>;

export interface Translator<K extends string> {
  (locale: Locale, key: K, values?: MessageValues): string;
}

export function createTranslator<K extends string>(catalogs: Catalogs<K>): Translator<K> {
  const cache = new Map<string, IntlMessageFormat>();
  return (locale, key, values) => {
    const cacheKey = `${locale}\u0000${key}`;
    let format = cache.get(cacheKey);
    if (!format) {
      const source = catalogs[locale]?.[key] ?? catalogs[DEFAULT_LOCALE][key];
      format = new IntlMessageFormat(source, LOCALE_TAGS[locale], undefined, { ignoreTag: true });
      cache.set(cacheKey, format);
    }
    return String(format.format(values));
  };
}

/** The placeholder names of an ICU message (`{name}`, `{count, plural, …}`), sorted. */
export function placeholders(message: string): string[] {
  const names = new Set<string>();
  const visit = (elements: unknown[]): void => {
    for (const element of elements as Array<{ type: number; value?: unknown; options?: Record<string, { value: unknown[] }> }>) {
      if (element.type !== 0 && element.type !== 7 && typeof element.value === "string") names.add(element.value);
      for (const option of Object.values(element.options ?? {})) visit(option.value);
    }
  };
  visit(new IntlMessageFormat(message, "en", undefined, { ignoreTag: true }).getAst() as unknown[]);
  return [...names].sort();
}

/** Every key missing from a language, every message that does not parse, every placeholder set that differs from English. */
export function catalogProblems<K extends string>(catalogs: Catalogs<K>): string[] {
  const problems: string[] = [];
  const english = catalogs[DEFAULT_LOCALE];
  for (const locale of LOCALES) {
    const catalog = catalogs[locale] as Partial<Record<K, string>> | undefined;
    for (const key of Object.keys(english) as K[]) {
      const message = catalog?.[key];
      if (typeof message !== "string" || message.trim() === "") {
        problems.push(`${locale}: ${key} is missing`);
        continue;
      }
      try {
        const expected = placeholders(english[key]).join(",");
        const actual = placeholders(message).join(",");
        if (expected !== actual) problems.push(`${locale}: ${key} has {${actual}}, English has {${expected}}`);
      } catch (error) {
        problems.push(`${locale}: ${key} does not parse: ${(error as Error).message}`);
      }
    }
  }
  return problems;
}
