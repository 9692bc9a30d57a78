// What a payment's state means to the person who pays: a pending one is a bill awaiting payment, never a
// charge; a closed one says whether the payer cancelled it, it ran out of time, or it failed.

/** Why a payment that was never paid was closed, when payers are told more than "failed". */
export const CLOSED_REASONS = ["cancelled", "expired"] as const;
export type ClosedReason = (typeof CLOSED_REASONS)[number];

/**
 * A payment's state as payers read it (lower case, like the look-up's statuses): 'awaiting payment'
 * for pending, 'cancelled' or 'expired' for a payment closed that way, else the status itself
 * ('completed', 'success', 'failed', 'refunded'). Takes the status bare or with the 'PaymentStatus.' prefix.
 */
export function payerStatusLabel(status: string, closedReason?: string | null): string {
  const bare = status.replace(/^PaymentStatus\./, "").toLowerCase();
  if (bare === "pending") return "awaiting payment";
  if (bare === "failed" && (closedReason === "cancelled" || closedReason === "expired")) return closedReason;
  return bare;
}

/** Whether money has moved for a payment in this state (a pending or closed one charged nothing). */
export function isCharged(status: string): boolean {
  const bare = status.replace(/^PaymentStatus\./, "").toLowerCase();
  return bare === "completed" || bare === "success" || bare === "refunded";
}
