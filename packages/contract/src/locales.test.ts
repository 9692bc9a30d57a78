import { describe, expect, it } from "vitest";
import { isLocale, localeFromAcceptLanguage } from "./locales";

describe("localeFromAcceptLanguage", () => {
  it("takes the first supported language in the header's order of preference", () => {
    expect(localeFromAcceptLanguage("yo")).toBe("yo");
    expect(localeFromAcceptLanguage("yo-NG,en;q=0.5")).toBe("yo");
    expect(localeFromAcceptLanguage("fr, ha;q=0.8, en;q=0.9")).toBe("en");
    expect(localeFromAcceptLanguage("fr, ha;q=0.8")).toBe("ha");
    expect(localeFromAcceptLanguage("PCM")).toBe("pcm");
    expect(localeFromAcceptLanguage("ig;q=0, yo;q=0.1")).toBe("yo");
  });
  it("answers English for no header, an unsupported language or a malformed one", () => {
    expect(localeFromAcceptLanguage(undefined)).toBe("en");
    expect(localeFromAcceptLanguage("")).toBe("en");
    expect(localeFromAcceptLanguage("fr-FR")).toBe("en");
    expect(localeFromAcceptLanguage(";;,q=x")).toBe("en");
  });
  it("knows the five languages only", () => {
    expect(["en", "ha", "yo", "ig", "pcm"].every(isLocale)).toBe(true);
    expect(isLocale("fr")).toBe(false);
    expect(isLocale(3)).toBe(false);
  });
});
