import { afterEach, describe, expect, it } from "vitest";
import { activateLocale } from "../i18n/intl";
import { setLocale } from "../i18n";
import { formatWatDateTime, formatWatDay } from "./wat-time";

afterEach(async () => {
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
  it("show what came for a value that is not a time", async () => {
    setLocale("yo");
    await activateLocale("yo");
    expect(formatWatDay("not a date")).toBe("not a date");
    expect(formatWatDateTime(null)).toBe("—");
  });
});
