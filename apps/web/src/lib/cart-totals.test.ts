import { describe, expect, it } from "vitest";
import { cartTotals, lineTotalKobo, unitPriceKobo } from "./cart-totals";

describe("cart totals (SPEC §9), in kobo", () => {
  it("sums price × quantity exactly and adds the 100 NGN charge fee", () => {
    // As floats: 0.1 × 3 + 19.99 × 3 = 60.269999…
    const totals = cartTotals([
      { price: "0.10", quantity: 3 },
      { price: "19.99", quantity: 3 },
    ]);
    expect(totals).toEqual({ subtotalKobo: 6_027, chargeFeeKobo: 10_000, totalKobo: 16_027 });
  });

  it("reads numbers and strings alike", () => {
    expect(unitPriceKobo({ price: 12000 })).toBe(1_200_000);
    expect(unitPriceKobo({ price: "1500.5" })).toBe(150_050);
    expect(lineTotalKobo({ price: "1500.50", quantity: 2 })).toBe(300_100);
  });

  it("counts an unreadable price as 0 and an empty cart as the fee alone", () => {
    expect(unitPriceKobo({ price: "abc" })).toBe(0);
    expect(cartTotals([])).toEqual({ subtotalKobo: 0, chargeFeeKobo: 10_000, totalKobo: 10_000 });
  });
});
