import { describe, expect, it } from "vitest";
import { loadEnv } from "../../env";
import { capMessage, checkCredit, DEFAULT_TIERS, tierOf, tierTable } from "./tiers";

describe("KYC tiers", () => {
  it("defaults to the CBN tiered KYC caps and reads them from the environment", () => {
    expect(tierTable(loadEnv({}))).toEqual(DEFAULT_TIERS);
    const custom = tierTable(loadEnv({ KYC_TIER1_MAX_BALANCE_NAIRA: "1000", KYC_TIER3_MAX_BALANCE_NAIRA: "9000000" }));
    expect(custom[1].balanceKobo).toBe(100_000);
    expect(custom[3].balanceKobo).toBe(900_000_000);
    expect(tierTable(loadEnv({ KYC_TIER2_MAX_BALANCE_NAIRA: "none" }))[2].balanceKobo).toBeNull();
    expect(() => loadEnv({ KYC_TIER1_MAX_BALANCE_NAIRA: "-5" })).toThrow(/KYC_TIER1_MAX_BALANCE_NAIRA/);
  });

  it("takes the tier from a verified KYC decision; anything else is tier 1", () => {
    expect(tierOf(null)).toBe(1);
    expect(tierOf({ status: "PENDING", tierLevel: null })).toBe(1);
    expect(tierOf({ status: "REJECTED", tierLevel: 3 })).toBe(1);
    expect(tierOf({ status: "verified", tierLevel: 2 })).toBe(2);
    expect(tierOf({ status: "verified", tierLevel: 3 })).toBe(3);
  });

  it("says which cap a credit breaks, with the cap and what still fits", () => {
    const t1 = DEFAULT_TIERS[1];
    expect(checkCredit(t1, 0, 5_000_000)).toEqual({ allowed: true });
    expect(checkCredit(t1, 0, 5_000_001)).toEqual({
      allowed: false,
      cap: "single_credit",
      capKobo: 5_000_000,
      headroomKobo: 5_000_000,
    });
    expect(checkCredit(t1, 28_000_000, 3_000_000)).toEqual({
      allowed: false,
      cap: "balance",
      capKobo: 30_000_000,
      headroomKobo: 2_000_000,
    });
    expect(checkCredit(t1, 28_000_000, 2_000_000)).toEqual({ allowed: true });
    expect(checkCredit(DEFAULT_TIERS[3], 10_000_000_000, 500_000_000)).toEqual({ allowed: true });
    expect(checkCredit(DEFAULT_TIERS[3], 0, 500_000_001)).toMatchObject({ allowed: false, cap: "single_credit" });
  });

  it("names the cap in the customer's message", () => {
    expect(capMessage(1, { allowed: false, cap: "balance", capKobo: 30_000_000, headroomKobo: 2_000_000 })).toBe(
      "Your tier 1 wallet may hold at most ₦300,000.00: top up at most ₦20,000.00.",
    );
    expect(capMessage(2, { allowed: false, cap: "single_credit", capKobo: 10_000_000, headroomKobo: 10_000_000 })).toBe(
      "Your tier 2 wallet accepts at most ₦100,000.00 in one credit: top up at most ₦100,000.00.",
    );
  });
});
