import { describe, expect, it } from "vitest";
import { catalogProblems, createTranslator, placeholders, type Catalogs } from "./i18n";

const good: Catalogs<"paid" | "items"> = {
  en: { paid: "You paid {amount}.", items: "{count, plural, one {# item} other {# items}}" },
  ha: { paid: "Kun biya {amount}.", items: "{count, plural, one {abu #} other {abubuwa #}}" },
  yo: { paid: "O ti san {amount}.", items: "{count, plural, other {ohun #}}" },
  ig: { paid: "Ị kwụọla {amount}.", items: "{count, plural, other {ihe #}}" },
  pcm: { paid: "You don pay {amount}.", items: "{count, plural, one {# item} other {# items}}" },
};

describe("server messages", () => {
  it("formats a message in the chosen language with its values", () => {
    const t = createTranslator(good);
    expect(t("yo", "paid", { amount: "₦1,500.00" })).toBe("O ti san ₦1,500.00.");
    expect(t("en", "items", { count: 1 })).toBe("1 item");
    expect(t("pcm", "items", { count: 3 })).toBe("3 items");
  });
  it("names the placeholders of a message, inside plurals too", () => {
    expect(placeholders("{a} and {b, plural, one {# {c}} other {x}}")).toEqual(["a", "b", "c"]);
  });
  it("finds a missing key, a changed placeholder and a message that does not parse", () => {
    expect(catalogProblems(good)).toEqual([]);
    const bad = {
      ...good,
      ha: { paid: "Kun biya {kudi}.", items: "" },
      ig: { paid: "Ị kwụọla {amount", items: "{count, plural, other {ihe #}}" },
    };
    expect(catalogProblems(bad)).toEqual([
      "ha: paid has {kudi}, English has {amount}",
      "ha: items is missing",
      expect.stringMatching(/^ig: paid does not parse/),
    ]);
  });
});
