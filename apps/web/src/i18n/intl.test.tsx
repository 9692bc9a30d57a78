import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { IntlMessageFormat } from "intl-messageformat";
import { LOCALE_TAGS } from "@hospipay/contract";
import { componentMessages } from "../components/messages";
import { activateLocale, defineMessages, t } from "./intl";

const m = defineMessages({
  plain: { id: "test.intl.plain", defaultMessage: "Pay now" },
  amount: { id: "test.intl.amount", defaultMessage: "Pay {amount}" },
  items: { id: "test.intl.items", defaultMessage: "{count, plural, one {# item} other {# items}}" },
  rich: { id: "test.intl.rich", defaultMessage: "Read the <link>terms</link> first" },
  quoted: { id: "test.intl.quoted", defaultMessage: "It''s '{'literal'}'" },
});

afterEach(async () => {
  vi.restoreAllMocks();
  await activateLocale("en");
});

describe("t", () => {
  it("formats English messages with values, plurals and quoting", () => {
    expect(t(m.plain)).toBe("Pay now");
    expect(t(m.amount, { amount: "₦1,500.00" })).toBe("Pay ₦1,500.00");
    expect(t(m.items, { count: 1 })).toBe("1 item");
    expect(t(m.items, { count: 4 })).toBe("4 items");
    expect(t(m.quoted)).toBe("It's {literal}");
  });

  it("puts elements in for tags", () => {
    render(<p>{t(m.rich, { link: (chunks) => <a href="/terms">{chunks}</a> })}</p>);
    expect(screen.getByRole("link", { name: "terms" })).toHaveAttribute("href", "/terms");
    expect(screen.getByText(/first/).textContent).toBe("Read the terms first");
  });

  it("uses a language's catalog once activated, and sets the page's language", async () => {
    await activateLocale("yo");
    expect(t(componentMessages.language)).toBe("Èdè");
    expect(document.documentElement.lang).toBe("yo");
    // A message no catalog has shows its English.
    expect(t(m.plain)).toBe("Pay now");
    await activateLocale("pseudo");
    expect(t(componentMessages.language)).toBe("[Ļááñĝúúááĝéé]");
    expect(document.documentElement.lang).toBe("en");
  });

  it("takes each language's tag as given, never asking ICU for its list of locales (a long first task)", async () => {
    const lookup = vi.spyOn(Intl.NumberFormat, "supportedLocalesOf");
    for (const locale of ["ha", "yo", "ig", "pcm", "en"] as const) {
      await activateLocale(locale);
      const count = defineMessages({
        n: { id: `test.intl.count.${locale}`, defaultMessage: "{count, number} {count, plural, one {item} other {items}}" },
      });
      expect(t(count.n, { count: 1500 })).toBe("1,500 items");
    }
    // What the library would have chosen for the one tag the app passes: the tag, whether ICU has it or not.
    for (const tag of Object.values(LOCALE_TAGS)) expect(IntlMessageFormat.resolveLocale(tag)?.toString()).toBe(tag);
    expect(lookup).not.toHaveBeenCalled();
  });
});
