import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { FIELD_MESSAGES, LOCALES, MESSAGES } from "@hospipay/contract";
import type { Message } from "./message";
import { englishMessages, mergeCatalogFiles } from "./merge-catalogs";
import { pseudoLocalize } from "./pseudo-localize";
import { SPEC_LABELS } from "./spec-labels";

// Every English message of the app (each folder's messages.ts) and every language's catalog files.
const english = englishMessages(
  import.meta.glob<Record<string, unknown>>(["/src/**/messages.ts", "/src/**/*.messages.ts"], { eager: true }),
);
const files = import.meta.glob<Record<string, string>>("/src/**/i18n/*.json", { eager: true, import: "default" });

function catalogOf(locale: string): Record<string, string> {
  return mergeCatalogFiles(Object.fromEntries(Object.entries(files).filter(([file]) => file.endsWith(`/i18n/${locale}.json`))));
}

/** The placeholder and tag names of an ICU message, sorted. */
function placeholders(message: Message): string[] {
  const names = new Set<string>();
  const visit = (elements: MessageFormatElement[]): void => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      names.add(element.type === TYPE.tag ? `<${element.value}>` : element.value);
      if (element.type === TYPE.tag) visit(element.children);
      if (element.type === TYPE.plural || element.type === TYPE.select)
        for (const option of Object.values(element.options)) visit(option.value);
    }
  };
  visit(typeof message === "string" ? parse(message) : message);
  return [...names].sort();
}

describe("the app's messages", () => {
  it("are gathered from every folder's messages.ts", () => {
    expect(english.size).toBeGreaterThan(50);
    for (const [id, text] of english) {
      expect(id, `${id}: ids are dotted paths`).toMatch(/^[a-z][a-zA-Z0-9-]*(\.[a-zA-Z0-9-]+)+$/);
      expect(() => (typeof text === "string" ? parse(text) : text), `${id} must parse as ICU`).not.toThrow();
    }
  });

  it("keep SPEC's English texts word for word", () => {
    // What each message prints in English (placeholders shown as written, as SPEC writes them).
    const printed = new Set(
      [...english.values()].map((text) =>
        typeof text === "string" && placeholders(text).length > 0 ? text : String(new IntlMessageFormat(text, "en").format()),
      ),
    );
    // SPEC's messages (contract MESSAGES, and the API's FIELD_MESSAGES) are messages whose English is exactly theirs…
    const texts: string[] = [];
    const walk = (value: unknown): void => {
      if (typeof value === "string") texts.push(value);
      else if (value && typeof value === "object") Object.values(value).forEach(walk);
    };
    walk(MESSAGES);
    walk(FIELD_MESSAGES);
    // …and so is every label SPEC quotes ('Create Your Wallet', 'Quick Pay', 'Error: {message}').
    texts.push(...SPEC_LABELS);
    const missing = [...new Set(texts)].filter((text) => !printed.has(text));
    expect(missing, "SPEC texts no English message prints exactly").toEqual([]);
  });

  for (const locale of LOCALES.filter((l) => l !== "en")) {
    it(`are all translated into ${locale}, with the same placeholders, and nothing else`, () => {
      const catalog = catalogOf(locale);
      const missing = [...english.keys()].filter((id) => typeof catalog[id] !== "string" || catalog[id]!.trim() === "");
      expect(missing, `missing in ${locale}`).toEqual([]);
      const unknown = Object.keys(catalog).filter((id) => !english.has(id));
      expect(unknown, `ids in ${locale} that no messages.ts defines`).toEqual([]);
      for (const [id, text] of english) {
        expect(placeholders(catalog[id]!), `${locale} ${id}: placeholders`).toEqual(placeholders(text));
      }
    });
  }

  it("have a pseudo-locale: every message accented and longer, placeholders kept", () => {
    expect(new IntlMessageFormat(pseudoLocalize("Pay {amount} now"), "en").format({ amount: "₦5.00" })).toBe("[Þááý ₦5.00 ñóóŵ]");
    for (const [id, text] of english) expect(placeholders(pseudoLocalize(text)), id).toEqual(placeholders(text));
  });
});
