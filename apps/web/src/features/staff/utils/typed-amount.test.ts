import { describe, expect, it } from "vitest";
import { normaliseAmount } from "./typed-amount";

describe("normaliseAmount", () => {
  it("reads an amount typed with a naira sign, thousands commas or spaces as the API writes money", () => {
    expect(normaliseAmount("₦1,600")).toBe("1600.00");
    expect(normaliseAmount(" 2 500.5 ")).toBe("2500.50");
  });

  it("leaves text that is not an amount for the schema to refuse", () => {
    expect(normaliseAmount("abc")).toBe("abc");
    expect(normaliseAmount("")).toBe("");
  });
});
