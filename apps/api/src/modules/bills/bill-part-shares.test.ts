import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { partShares, unsplitShares } from "./bill-part-shares";

/** Pays `parts` in turn towards lines of `lines` kobo: each part's shares, and what each line had after each. */
function payInTurn(lines: number[], parts: number[]) {
  let given = lines.map(() => 0);
  return parts.map((part) => {
    const shares = partShares(lines, given, part);
    given = given.map((kobo, i) => kobo + shares[i]!);
    return { shares, given };
  });
}

describe("a bill part's shares of the bill's lines", () => {
  it("splits each part in proportion to the lines, cumulatively, and gives each line exactly its total at the end", () => {
    // ₦4,000 of laboratory and ₦3,000 of pharmacy, paid ₦2,333.33, ₦1,000.00 and the rest.
    const steps = payInTurn([400_000, 300_000], [233_333, 100_000, 366_667]);
    // 4/7 of 233,333 is 133,333.14 and 3/7 is 99,999.86: the kobo left over goes to the larger remainder.
    expect(steps[0]!.shares).toEqual([133_333, 100_000]);
    // 333,333 paid: 190,476.00 and 142,857.00.
    expect(steps[1]!.given).toEqual([190_476, 142_857]);
    expect(steps[1]!.shares).toEqual([57_143, 42_857]);
    expect(steps[2]!.given).toEqual([400_000, 300_000]);
  });

  it("breaks a tie of remainders for the earlier line", () => {
    expect(partShares([100, 100, 100], [0, 0, 0], 1)).toEqual([1, 0, 0]);
    expect(partShares([100, 100, 100], [1, 0, 0], 1)).toEqual([0, 1, 0]);
  });

  it("never takes a kobo back from a line when a larger total would round it down (the Alabama paradox)", () => {
    // 10 of 14 rounds to 4, 4, 2; 11 of 14 would round to 5, 5, 1, taking back the third line's kobo.
    expect(partShares([6, 6, 2], [0, 0, 0], 10)).toEqual([4, 4, 2]);
    expect(partShares([6, 6, 2], [4, 4, 2], 1)).toEqual([1, 0, 0]);
    expect(partShares([6, 6, 2], [5, 4, 2], 3)).toEqual([1, 2, 0]);
  });

  it("is exact with the largest amounts a bill may hold", () => {
    const lines = [4_999_999_999, 1];
    const steps = payInTurn(lines, [2_500_000_000, 2_499_999_999, 1]);
    expect(steps[2]!.given).toEqual(lines);
  });

  it("refuses a part that does not fit the bill", () => {
    expect(() => partShares([100], [60], 41)).toThrow(RangeError);
    expect(() => partShares([100], [0, 0], 1)).toThrow(RangeError);
    expect(() => partShares([100], [0], -1)).toThrow(RangeError);
  });

  it("counts what a bill had paid before parts were split as one part", () => {
    expect(unsplitShares([400_000, 300_000], 0)).toEqual([0, 0]);
    expect(unsplitShares([400_000, 300_000], 233_333)).toEqual([133_333, 100_000]);
  });

  it("holds for any lines and any parts (fast-check)", () => {
    const bill = fc.array(fc.integer({ min: 1, max: 2_000_000 }), { minLength: 1, maxLength: 8 }).chain((lines) => {
      const total = lines.reduce((sum, kobo) => sum + kobo, 0);
      // Cut points in the bill's total: the parts are the gaps between them, the last one paying the rest.
      return fc.uniqueArray(fc.integer({ min: 1, max: total - 1 > 0 ? total - 1 : 1 }), { maxLength: 6 }).map((cuts) => {
        const points = [0, ...cuts.filter((cut) => cut < total).sort((a, b) => a - b), total];
        return { lines, parts: points.slice(1).map((point, i) => point - points[i]!) };
      });
    });
    fc.assert(
      fc.property(bill, ({ lines, parts }) => {
        const total = lines.reduce((sum, kobo) => sum + kobo, 0);
        let paid = 0;
        let before = lines.map(() => 0);
        payInTurn(lines, parts).forEach(({ shares, given }, n) => {
          // Every part's shares sum to the part.
          expect(shares.reduce((sum, kobo) => sum + kobo, 0)).toBe(parts[n]);
          paid += parts[n]!;
          shares.forEach((kobo, i) => {
            expect(kobo).toBeGreaterThanOrEqual(0);
            expect(given[i]).toBe(before[i]! + kobo);
            expect(given[i]).toBeLessThanOrEqual(lines[i]!);
            // Never more than the line's share of what was paid, rounded up.
            expect(given[i]! * total).toBeLessThan(lines[i]! * paid + total);
          });
          before = given;
        });
        expect(paid).toBe(total);
        expect(before).toEqual(lines);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 1000), seed: Number(process.env.PROPERTY_SEED ?? 20261136) },
    );
  });
});
