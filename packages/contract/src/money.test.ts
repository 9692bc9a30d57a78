import { describe, expect, it } from "vitest";
import { CHARGE_FEE_KOBO } from "./constants";
import { formatNaira, isKobo, koboToDecimal, nairaToKobo, subtotalKobo } from "./money";

describe("money in integer kobo", () => {
  it("parses naira decimal strings and numbers without floating-point drift", () => {
    expect(nairaToKobo("1500")).toBe(150_000);
    expect(nairaToKobo("1500.5")).toBe(150_050);
    expect(nairaToKobo("1500.05")).toBe(150_005);
    expect(nairaToKobo(" 0.10 ")).toBe(10);
    expect(nairaToKobo(0.1)).toBe(10);
    expect(nairaToKobo(19.99)).toBe(1_999);
    expect(nairaToKobo(100)).toBe(CHARGE_FEE_KOBO);
  });

  it("refuses negatives, three decimals, exponents, blanks and junk", () => {
    for (const bad of ["-1", "1.005", "1e3", "", "abc", "1,000", "١٢"]) expect(nairaToKobo(bad)).toBeNull();
    expect(nairaToKobo(-5)).toBeNull();
    expect(nairaToKobo(1.005)).toBeNull();
    expect(nairaToKobo(Number.NaN)).toBeNull();
    expect(nairaToKobo(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it("writes the API's decimal strings and the UI's display strings", () => {
    expect(koboToDecimal(150_000)).toBe("1500.00");
    expect(koboToDecimal(5)).toBe("0.05");
    expect(koboToDecimal(-12_345)).toBe("-123.45");
    expect(formatNaira(123_456_789)).toBe("₦1,234,567.89");
    expect(formatNaira(0)).toBe("₦0.00");
    expect(formatNaira(-100, { symbol: false })).toBe("-1.00");
  });

  it("sums price × quantity exactly and recognises valid kobo", () => {
    expect(
      subtotalKobo([
        { priceKobo: 1_999, quantity: 3 },
        { priceKobo: 1, quantity: 1 },
      ]),
    ).toBe(5_998);
    expect(isKobo(10)).toBe(true);
    expect(isKobo(1.5)).toBe(false);
    expect(isKobo(-1)).toBe(false);
  });

  it("round-trips every amount of kobo up to ₦10,000", () => {
    for (let kobo = 0; kobo <= 1_000_000; kobo += 37) expect(nairaToKobo(koboToDecimal(kobo))).toBe(kobo);
  });
});
