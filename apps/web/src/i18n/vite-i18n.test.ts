import { describe, expect, it } from "vitest";
import { precompileCatalogs, precompileMessages } from "../../vite-i18n";

type Transform = (code: string, id: string) => { code: string } | undefined;
const transformOf = (plugin: { transform?: unknown }) => plugin.transform as Transform;

describe("build-time messages", () => {
  const messages = transformOf(precompileMessages());
  const catalogs = transformOf(precompileCatalogs());

  it("turn a text-only English message into its printed text and any other into its parsed form", () => {
    const out = messages(
      `export const m = defineMessages({ a: { id: "x.a", defaultMessage: "It''s done" }, b: { id: "x.b", defaultMessage: 'Pay {amount}' } });`,
      "/app/src/features/x/messages.ts",
    )!.code;
    expect(out).toContain(`defaultMessage: "It's done"`);
    expect(out).toContain(`defaultMessage: [{"type":0,"value":"Pay "},{"type":1,"value":"amount"}]`);
  });

  it("fail the build on an English message that is not one string literal, or not ICU", () => {
    expect(() => messages(`const m = { a: { id: "x.a", defaultMessage: "a" + b } };`, "/app/src/x/messages.ts")).toThrow(
      /one string literal/,
    );
    expect(() => messages(`const m = { a: { id: "x.a", defaultMessage: "Pay {amount" } };`, "/app/src/x/messages.ts")).toThrow(
      /not a valid ICU/,
    );
  });

  it("compile translation files the same way and leave other files alone", () => {
    const out = JSON.parse(
      catalogs(JSON.stringify({ "x.a": "Ẹ sanwó", "x.b": "San {amount}" }), "/app/src/x/i18n/yo.json")!.code,
    ) as Record<string, unknown>;
    expect(out["x.a"]).toBe("Ẹ sanwó");
    expect(out["x.b"]).toEqual([
      { type: 0, value: "San " },
      { type: 1, value: "amount" },
    ]);
    expect(() => catalogs(JSON.stringify({ "x.a": "{broken" }), "/app/src/x/i18n/ha.json")).toThrow(/x.a is not a valid ICU/);
    expect(catalogs("{}", "/app/src/x/data.json")).toBeUndefined();
    expect(messages("const a = 1;", "/app/src/x/other.ts")).toBeUndefined();
  });
});
