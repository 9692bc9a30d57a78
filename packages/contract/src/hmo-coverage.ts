/**
 * How an HMO plan covers a bill's line (issue 37, beyond SPEC): the rule that applies to the line (its
 * service's, else its department's, else the plan's own), and the line's total split into the HMO's part,
 * the patient's co-payment and what the plan does not cover, in kobo, always adding up to the total.
 * No zod here: the web shows the parts without loading a schema library.
 */

/** 100 % in basis points. */
export const FULL_BP = 10_000;

/** One coverage rule. Shares in basis points (1,000 = 10 %): covered + co-payment ≤ 100 %, the rest not covered. */
export interface CoverageRule {
  /** The HMO's share. */
  coveredBp: number;
  /** The patient's co-payment. */
  copayBp: number;
  /** Not covered at all: the patient pays the whole line. */
  excluded: boolean;
  /** The HMO pays its share only with its pre-authorisation code on the line. */
  preauthRequired: boolean;
}

/** A plan's rules: its own, then the overrides of a department (by name) and of a service (by catalogue id). */
export interface PlanCoverage {
  plan: CoverageRule;
  departments: ReadonlyMap<string, CoverageRule>;
  services: ReadonlyMap<string, CoverageRule>;
}

/** What a line is, for the rules: its catalogue service and department (as the bill's line stores them). */
export interface CoveredLine {
  serviceId: string;
  departmentName: string | null;
}

/** The rule of `line`: its service's, else its department's (names compared without case), else the plan's. */
export function ruleFor(coverage: PlanCoverage, line: CoveredLine): CoverageRule {
  const byService = coverage.services.get(line.serviceId);
  if (byService) return byService;
  if (line.departmentName !== null) {
    const wanted = line.departmentName.trim().toLowerCase();
    for (const [name, rule] of coverage.departments) if (name.trim().toLowerCase() === wanted) return rule;
  }
  return coverage.plan;
}

/** A line's total in three parts that add up to it exactly. */
export interface LineSplit {
  hmoKobo: number;
  copayKobo: number;
  uncoveredKobo: number;
}

/**
 * Splits `totalKobo` by `rule`. The HMO's part is its share rounded down to the kobo, the co-payment its
 * share rounded down, and what is left (the part not covered, and the kobo the roundings left) is the
 * patient's: the HMO is never asked for more than its share. An excluded line is the patient's whole.
 */
export function splitLine(totalKobo: number, rule: CoverageRule): LineSplit {
  if (!Number.isSafeInteger(totalKobo) || totalKobo < 0)
    throw new RangeError(`a line total must be whole kobo, not ${totalKobo}`);
  if (!isRule(rule)) throw new RangeError(`not a coverage rule: ${JSON.stringify(rule)}`);
  if (rule.excluded) return { hmoKobo: 0, copayKobo: 0, uncoveredKobo: totalKobo };
  const hmoKobo = Math.floor((totalKobo * rule.coveredBp) / FULL_BP);
  const copayKobo = Math.floor((totalKobo * rule.copayBp) / FULL_BP);
  return { hmoKobo, copayKobo, uncoveredKobo: totalKobo - hmoKobo - copayKobo };
}

/** Whether `rule` holds shares the split can use: whole basis points, each 0–100 %, together at most 100 %. */
export function isRule(rule: CoverageRule): boolean {
  const share = (bp: number) => Number.isInteger(bp) && bp >= 0 && bp <= FULL_BP;
  return share(rule.coveredBp) && share(rule.copayBp) && rule.coveredBp + rule.copayBp <= FULL_BP;
}

/** "10", "12.5" or "12.50" (0 to 100, at most two decimals) in basis points; null for anything else. */
export function percentToBp(value: string | number): number | null {
  const text = typeof value === "number" ? String(value) : value.trim();
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return bp <= FULL_BP ? bp : null;
}

/** Basis points as a percentage with two decimals: 1000 → "10.00". */
export function bpToPercent(bp: number): string {
  return `${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, "0")}`;
}
