import type { StatisticsResponse } from "@hospipay/contract";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The statistics answer, or null when it has another shape: contract's statisticsResponseSchema,
 * checked by hand. Unknown keys are dropped, as the schema drops them.
 */
export function parseStatistics(body: unknown): StatisticsResponse | null {
  if (!isRecord(body) || !isRecord(body.method_counts)) return null;
  const {
    total_transactions,
    completed_transactions,
    total_revenue,
    average_transaction,
    refunded_transactions,
    total_refunded,
    recent_transactions,
  } = body;
  const counts = [total_transactions, completed_transactions, refunded_transactions, recent_transactions];
  if (!counts.every((count) => Number.isSafeInteger(count))) return null;
  if (typeof total_revenue !== "string" || typeof average_transaction !== "string" || typeof total_refunded !== "string")
    return null;
  const method_counts: StatisticsResponse["method_counts"] = {};
  for (const [method, counts] of Object.entries(body.method_counts)) {
    if (!isRecord(counts) || typeof counts.sum_amount !== "string" || !Number.isSafeInteger(counts.count)) return null;
    method_counts[method] = { sum_amount: counts.sum_amount, count: counts.count as number };
  }
  return {
    method_counts,
    total_transactions: total_transactions as number,
    completed_transactions: completed_transactions as number,
    total_revenue,
    average_transaction,
    refunded_transactions: refunded_transactions as number,
    total_refunded,
    recent_transactions: recent_transactions as number,
  };
}
