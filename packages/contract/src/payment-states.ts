// What a payment's state means to the person who pays: a pending one is a bill awaiting payment, never a
// charge; a closed one says whether the payer cancelled it, it ran out of time, or it failed.

/** Why a payment that was never paid was closed, when payers are told more than "failed". */
export const CLOSED_REASONS = ["cancelled", "expired"] as const;
export type ClosedReason = (typeof CLOSED_REASONS)[number];

/**
 * A payment's status word as SPEC §2's look-up shows it, wherever a status is shown: the 'PaymentStatus.'
 * prefix removed and lower-cased ('PaymentStatus.PENDING' → 'pending').
 */
export function payerStatusLabel(status: string): string {
  return status.replace(/^PaymentStatus\./, "").toLowerCase();
}

/**
 * What is shown beside SPEC's status word for payers: 'awaiting payment' for a pending payment (a bill
 * still to pay), 'cancelled' or 'expired' for a failed one closed that way; null when the word says it all.
 */
export function payerStatusNote(status: string, closedReason?: string | null): string | null {
  const bare = payerStatusLabel(status);
  if (bare === "pending") return "awaiting payment";
  if (bare === "failed" && (closedReason === "cancelled" || closedReason === "expired")) return closedReason;
  return null;
}

/** Whether money has moved for a payment in this state (a pending or closed one charged nothing). */
export function isCharged(status: string): boolean {
  const bare = status.replace(/^PaymentStatus\./, "").toLowerCase();
  return bare === "completed" || bare === "success" || bare === "refunded";
}
