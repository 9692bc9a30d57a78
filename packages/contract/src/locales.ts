/**
 * The languages of the app, its e-mails and its SMS: English (the default, with every SPEC text exact),
 * Hausa, Yoruba, Igbo and Nigerian Pidgin. The web app sends the chosen one as `Accept-Language` on every
 * API call; the server keeps it with the account or payment so that later messages use it too.
 */
export const LOCALES = ["en", "ha", "yo", "ig", "pcm"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Each language's name in itself, as the switcher lists it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  ha: "Hausa",
  yo: "Yorùbá",
  ig: "Igbo",
  pcm: "Naijá",
};

/** The BCP 47 tag used for number and date formatting (naira, West Africa Time). */
export const LOCALE_TAGS: Record<Locale, string> = {
  en: "en-NG",
  ha: "ha-NG",
  yo: "yo-NG",
  ig: "ig-NG",
  pcm: "pcm-NG",
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * The first supported language of an `Accept-Language` header (`yo`, `yo-NG`, `ha;q=0.8, en`), in the
 * header's order of preference; English when none is supported or the header is absent.
 */
export function localeFromAcceptLanguage(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { base: tag.toLowerCase().split("-")[0] ?? "", weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const entry of ranked) if (isLocale(entry.base)) return entry.base;
  return DEFAULT_LOCALE;
}
