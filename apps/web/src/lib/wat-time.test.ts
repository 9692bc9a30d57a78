import { afterEach, describe, expect, it, vi } from "vitest";
import { activateLocale } from "../i18n/intl";
import { setLocale } from "../i18n";
import { formatWatDateTime, formatWatDay } from "./wat-time";

afterEach(async () => {
  vi.restoreAllMocks();
  setLocale("en");
  await activateLocale("en");
});

describe("WAT times in the current language", () => {
  const instant = "2026-11-25T13:05:09Z";
  it("are the contract's fixed English form in English", () => {
    expect(formatWatDay(instant)).toBe("25 Nov 2026");
    expect(formatWatDateTime(instant)).toBe("25 Nov 2026, 14:05 WAT");
    expect(formatWatDateTime(instant, { seconds: true })).toBe("25 Nov 2026, 14:05:09 WAT");
  });
  it("use the language's own month names, still on the hospital's clock", async () => {
    setLocale("ha");
    await activateLocale("ha");
    expect(formatWatDay(instant)).toBe(
      new Intl.DateTimeFormat("ha-NG", { timeZone: "Africa/Lagos", day: "2-digit", month: "short", year: "numeric" }).format(
        new Date(instant),
      ),
    );
    expect(formatWatDay(instant)).not.toBe("25 Nov 2026");
    expect(formatWatDateTime(instant)).toMatch(/, 14:05 WAT$/);
  });
  // Chromium ships no date data for ha, yo, ig or pcm: Intl would write US English ("Apr 14, 2026").
  it.each([
    ["ha", "14 Afi 2026, 10:30 WAT", "01 Dis 2026"],
    ["yo", "14 Ìgbé 2026, 10:30 WAT", "01 Ọ̀pẹ̀ 2026"],
    ["ig", "14 Epr 2026, 10:30 WAT", "01 Dis 2026"],
    ["pcm", "14 Épr 2026, 10:30 WAT", "01 Dis 2026"],
  ] as const)(
    "without the runtime's %s date data, take the month names from the app's own catalog",
    async (locale, april, december) => {
      vi.spyOn(Intl.DateTimeFormat, "supportedLocalesOf").mockReturnValue([]);
      setLocale(locale);
      await activateLocale(locale);
      expect(formatWatDateTime("2026-04-14T09:30:00Z")).toBe(april);
      // 23:30 UTC on 30 November is already 1 December in Lagos.
      expect(formatWatDay("2026-11-30T23:30:00Z")).toBe(december);
    },
  );
  it("show what came for a value that is not a time", async () => {
    setLocale("yo");
    await activateLocale("yo");
    expect(formatWatDay("not a date")).toBe("not a date");
    expect(formatWatDateTime(null)).toBe("—");
  });
});
