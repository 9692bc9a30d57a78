// One row per scenario, and what makes the run fail.

export interface ScenarioResult {
  name: string;
  attempted: number;
  succeeded: number;
  rejected: number;
  /** Payments the clients saw created (or money they moved) that did not end exactly once where they should: must be 0. */
  lost: number;
  /** ledger:check differences plus settlement/credit mismatches: must be 0. */
  ledgerDifferences: number;
  /** 5xx answers where none is allowed: must be 0. */
  unexpected5xx: number;
  seconds: number;
  /** Facts worth reading under the table. */
  notes: string[];
  /** Why the scenario fails, beyond lost / ledger / 5xx (a hang, a dead process, a wrong state). */
  failures: string[];
  /** A table of its own printed under the scenario (the soak's requests by kind). */
  detail?: Array<Record<string, string | number>>;
}

export const passed = (result: ScenarioResult) =>
  result.lost === 0 && result.ledgerDifferences === 0 && result.unexpected5xx === 0 && result.failures.length === 0;

/** A plain-text table with aligned columns. */
export function table(rows: ReadonlyArray<Record<string, string | number>>): string {
  if (rows.length === 0) return "";
  const headers = Object.keys(rows[0]!);
  const widths = headers.map((h) => Math.max(h.length, ...rows.map((row) => String(row[h] ?? "").length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ");
  return [
    line(headers),
    widths.map((w) => "-".repeat(w)).join("-|-"),
    ...rows.map((row) => line(headers.map((h) => String(row[h] ?? "")))),
  ].join("\n");
}

export function resultRows(results: readonly ScenarioResult[]): Array<Record<string, string | number>> {
  return results.map((r) => ({
    scenario: r.name,
    attempted: r.attempted,
    succeeded: r.succeeded,
    rejected: r.rejected,
    lost: r.lost,
    "ledger diffs": r.ledgerDifferences,
    "unexpected 5xx": r.unexpected5xx,
    time: `${Math.round(r.seconds)} s`,
    result: passed(r) ? "PASS" : "FAIL",
  }));
}

/** A scenario that could not run to its end: a failed row with the reason. */
export function crashed(name: string, error: unknown, seconds: number): ScenarioResult {
  const message = error instanceof Error ? error.message : String(error);
  return {
    name,
    attempted: 0,
    succeeded: 0,
    rejected: 0,
    lost: 0,
    ledgerDifferences: 0,
    unexpected5xx: 0,
    seconds,
    notes: [],
    failures: [`the scenario stopped: ${message.split("\n").slice(0, 4).join(" ")}`],
  };
}
