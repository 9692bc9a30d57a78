import { formatNaira } from "@hospipay/contract";

/** A KYC tier: 1 (unverified, or verified at tier 1), 2 or 3, from the staff KYC decision. */
export type TierLevel = 1 | 2 | 3;

/** One tier's caps in kobo; null is no cap. */
export interface TierCaps {
  singleCreditKobo: number | null;
  balanceKobo: number | null;
}

/** Every tier's caps (from env.ts's KYC_TIER* settings). */
export type TierTable = Record<TierLevel, TierCaps>;

/** Which cap a credit would break, with that cap's amount, and how much would still fit (0 or more). */
export type CapCheck =
  { allowed: true } | { allowed: false; cap: "single_credit" | "balance"; capKobo: number; headroomKobo: number };

/** The settings that make the tier table (naira; an unset balance cap is no cap). */
export interface TierSettings {
  KYC_TIER1_MAX_CREDIT_NAIRA: number;
  KYC_TIER1_MAX_BALANCE_NAIRA: number | null;
  KYC_TIER2_MAX_CREDIT_NAIRA: number;
  KYC_TIER2_MAX_BALANCE_NAIRA: number | null;
  KYC_TIER3_MAX_CREDIT_NAIRA: number;
  KYC_TIER3_MAX_BALANCE_NAIRA: number | null;
}

const kobo = (naira: number | null) => (naira === null ? null : naira * 100);

export function tierTable(env: TierSettings): TierTable {
  return {
    1: { singleCreditKobo: kobo(env.KYC_TIER1_MAX_CREDIT_NAIRA), balanceKobo: kobo(env.KYC_TIER1_MAX_BALANCE_NAIRA) },
    2: { singleCreditKobo: kobo(env.KYC_TIER2_MAX_CREDIT_NAIRA), balanceKobo: kobo(env.KYC_TIER2_MAX_BALANCE_NAIRA) },
    3: { singleCreditKobo: kobo(env.KYC_TIER3_MAX_CREDIT_NAIRA), balanceKobo: kobo(env.KYC_TIER3_MAX_BALANCE_NAIRA) },
  };
}

/** The defaults (docs/decisions/kyc-tiers.md gives their source). */
export const DEFAULT_TIERS: TierTable = {
  1: { singleCreditKobo: 5_000_000, balanceKobo: 30_000_000 },
  2: { singleCreditKobo: 10_000_000, balanceKobo: 50_000_000 },
  3: { singleCreditKobo: 500_000_000, balanceKobo: null },
};

/** A customer's tier from their KYC record: the staff's tier when verified, else tier 1. */
export function tierOf(kyc: { status: string; tierLevel: number | null } | null): TierLevel {
  if (kyc?.status !== "verified") return 1;
  const level = kyc.tierLevel;
  return level === 2 || level === 3 ? level : 1;
}

/**
 * The one cap check: may a credit of `amountKobo` go to a wallet of this tier holding `balanceKobo`
 * (including what is already promised to it: pending top-ups)? The single-credit cap is checked first.
 */
export function checkCredit(caps: TierCaps, balanceKobo: number, amountKobo: number): CapCheck {
  const room = caps.balanceKobo === null ? Infinity : Math.max(0, caps.balanceKobo - balanceKobo);
  if (caps.singleCreditKobo !== null && amountKobo > caps.singleCreditKobo) {
    return {
      allowed: false,
      cap: "single_credit",
      capKobo: caps.singleCreditKobo,
      headroomKobo: Math.min(caps.singleCreditKobo, room),
    };
  }
  if (caps.balanceKobo !== null && amountKobo > room) {
    return { allowed: false, cap: "balance", capKobo: caps.balanceKobo, headroomKobo: room };
  }
  return { allowed: true };
}

/** The customer's message for a refused top-up, naming the cap. */
export function capMessage(tier: TierLevel, check: Exclude<CapCheck, { allowed: true }>): string {
  const most =
    check.headroomKobo > 0 ? `top up at most ${formatNaira(check.headroomKobo)}` : "you cannot top up until you spend from it";
  return check.cap === "balance"
    ? `Your tier ${tier} wallet may hold at most ${formatNaira(check.capKobo)}: ${most}.`
    : `Your tier ${tier} wallet accepts at most ${formatNaira(check.capKobo)} in one credit: ${most}.`;
}

/** The lowest tier above `tier` whose caps would take a credit of `amountKobo` into a wallet holding `balanceKobo`; null when none would. */
export function lowestTierAllowing(table: TierTable, tier: TierLevel, balanceKobo: number, amountKobo: number): TierLevel | null {
  for (const level of [2, 3] as const) {
    if (level > tier && checkCredit(table[level], balanceKobo, amountKobo).allowed) return level;
  }
  return null;
}

/**
 * The staff's message for a held credit their release button cannot release yet: the customer's cap, the
 * room left in their wallet, and the tier that would take it (or that none would: refund it to its sender).
 */
export function staffCapMessage(
  tier: TierLevel,
  check: Exclude<CapCheck, { allowed: true }>,
  amountKobo: number,
  neededTier: TierLevel | null,
): string {
  const amount = formatNaira(amountKobo);
  const why =
    check.cap === "balance"
      ? `This customer's tier ${tier} wallet may hold at most ${formatNaira(check.capKobo)} and has room for ${formatNaira(check.headroomKobo)} now; this credit is ${amount}.`
      : `This customer's tier ${tier} wallet accepts at most ${formatNaira(check.capKobo)} in one credit; this credit is ${amount}.`;
  const next =
    neededTier === null
      ? check.cap === "balance"
        ? "No KYC tier takes it as the wallet stands: release it once the customer has spent from the wallet, or refund it to its sender."
        : "No KYC tier takes a credit this large: refund it to its sender."
      : `Raise the customer's KYC tier to ${neededTier} to release it${check.cap === "balance" ? ", or release it once they have spent from the wallet" : ""}.`;
  return `${why} ${next}`;
}
