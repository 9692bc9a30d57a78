import { bpToPercent, FULL_BP, percentToBp, ruleFor, splitLine, type CoverageRule, type PlanCoverage } from "@hospipay/contract";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const NHIA_DRUG: CoverageRule = { coveredBp: 9_000, copayBp: 1_000, excluded: false, preauthRequired: false };

describe("an HMO plan's split of a bill's line", () => {
  it("gives the HMO 90% of a drug and the patient the 10% co-payment, in kobo", () => {
    expect(splitLine(1_000_000, NHIA_DRUG)).toEqual({ hmoKobo: 900_000, copayKobo: 100_000, uncoveredKobo: 0 });
  });

  it("leaves the kobo the roundings drop to the patient, never to the HMO", () => {
    // 10% of ₦0.99 is 9.9 kobo: the HMO pays 89, the co-payment is 9, one kobo is the patient's as not covered.
    expect(splitLine(99, NHIA_DRUG)).toEqual({ hmoKobo: 89, copayKobo: 9, uncoveredKobo: 1 });
  });

  it("gives an excluded line to the patient whole, and what a plan does not cover too", () => {
    expect(splitLine(5_000, { ...NHIA_DRUG, excluded: true, coveredBp: 0, copayBp: 0 })).toEqual({
      hmoKobo: 0,
      copayKobo: 0,
      uncoveredKobo: 5_000,
    });
    expect(splitLine(10_000, { coveredBp: 7_000, copayBp: 1_000, excluded: false, preauthRequired: false })).toEqual({
      hmoKobo: 7_000,
      copayKobo: 1_000,
      uncoveredKobo: 2_000,
    });
  });

  it("refuses what is not whole kobo or not a rule", () => {
    expect(() => splitLine(1.5, NHIA_DRUG)).toThrow(RangeError);
    expect(() => splitLine(-1, NHIA_DRUG)).toThrow(RangeError);
    expect(() => splitLine(100, { ...NHIA_DRUG, coveredBp: 9_500 })).toThrow(RangeError);
  });

  it("takes a service's rule before its department's (any case), and the plan's for the rest", () => {
    const surgery: CoverageRule = { coveredBp: FULL_BP, copayBp: 0, excluded: false, preauthRequired: true };
    const ct: CoverageRule = { coveredBp: 0, copayBp: 0, excluded: true, preauthRequired: false };
    const coverage: PlanCoverage = {
      plan: NHIA_DRUG,
      departments: new Map([["Surgery", surgery]]),
      services: new Map([["SRV-CT", ct]]),
    };
    expect(ruleFor(coverage, { serviceId: "SRV-CT", departmentName: "Surgery" })).toBe(ct);
    expect(ruleFor(coverage, { serviceId: "SRV-9", departmentName: " surgery " })).toBe(surgery);
    expect(ruleFor(coverage, { serviceId: "SRV-9", departmentName: "Pharmacy" })).toBe(NHIA_DRUG);
    expect(ruleFor(coverage, { serviceId: "SRV-9", departmentName: null })).toBe(NHIA_DRUG);
  });

  it("reads percentages to the basis point and writes them back", () => {
    expect([percentToBp("10"), percentToBp("12.5"), percentToBp("12.50"), percentToBp(100), percentToBp("0.01")]).toEqual([
      1_000, 1_250, 1_250, 10_000, 1,
    ]);
    for (const bad of ["100.01", "-1", "1.234", "", "ten", "1e2", " 10 x"]) expect(percentToBp(bad), bad).toBeNull();
    expect([bpToPercent(1_000), bpToPercent(1_250), bpToPercent(1), bpToPercent(10_000)]).toEqual([
      "10.00",
      "12.50",
      "0.01",
      "100.00",
    ]);
  });

  it("always adds up: HMO part + co-payment + not covered = the line, none negative, the HMO within its share", () => {
    const rule = fc
      .tuple(fc.integer({ min: 0, max: FULL_BP }), fc.integer({ min: 0, max: FULL_BP }), fc.boolean(), fc.boolean())
      .filter(([covered, copay]) => covered + copay <= FULL_BP)
      .map(([covered, copay, excluded, preauthRequired]) =>
        excluded
          ? { coveredBp: 0, copayBp: 0, excluded, preauthRequired }
          : { coveredBp: covered, copayBp: copay, excluded, preauthRequired },
      );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), rule, (total, r) => {
        const split = splitLine(total, r);
        expect(split.hmoKobo + split.copayKobo + split.uncoveredKobo).toBe(total);
        expect(Math.min(split.hmoKobo, split.copayKobo, split.uncoveredKobo)).toBeGreaterThanOrEqual(0);
        expect(split.hmoKobo * FULL_BP).toBeLessThanOrEqual(total * r.coveredBp);
        expect(split.copayKobo * FULL_BP).toBeLessThanOrEqual(total * r.copayBp);
        // What the roundings leave is less than a kobo each.
        expect(total * r.coveredBp - split.hmoKobo * FULL_BP).toBeLessThan(FULL_BP);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 1000), seed: Number(process.env.PROPERTY_SEED ?? 20261137) },
    );
  });
});
