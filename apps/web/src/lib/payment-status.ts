import { payerStatusLabel } from "@hospipay/contract";
import { t } from "../i18n";
import { libMessages } from "./messages";

/**
 * The one way a payment's status word is shown: lower case, as SPEC §2's look-up shows it
 * ('PaymentStatus.SUCCESS' → 'success'), whichever screen or answer it comes from
 * ('SUCCESS', 'Success', 'completed', 'PENDING', 'Processing'); a pending payment is named
 * 'awaiting payment' and one closed unpaid by what closed it (the contract's payerStatusLabel).
 */
export function paymentStatusLabel(status: string | null | undefined, closedReason?: string | null): string {
  const word = (status ?? "")
    .trim()
    .replace(/^PaymentStatus\./i, "")
    .replace(/_/g, " ");
  return word ? payerStatusLabel(word, closedReason) : "unknown";
}

/**
 * `paymentStatusLabel` in the current language: what a screen shows. The English word itself stays the
 * key for styles and meaning (`paymentStatusKind`).
 */
export function paymentStatusText(status: string | null | undefined, closedReason?: string | null): string {
  const word = paymentStatusLabel(status, closedReason);
  return t(libMessages.paymentStatus, { status: word.replace(/ /g, "_"), word });
}

/**
 * What a status means for the payer: `completed` is the only one that makes a receipt; `unconfirmed`
 * is a status nobody has confirmed (the screens' 'Processing', or a word this app does not know).
 */
export type PaymentStatusKind = "completed" | "pending" | "failed" | "cancelled" | "expired" | "refunded" | "unconfirmed";

const KINDS: Record<string, PaymentStatusKind> = {
  success: "completed",
  successful: "completed",
  completed: "completed",
  paid: "completed",
  pending: "pending",
  "awaiting payment": "pending",
  failed: "failed",
  declined: "failed",
  cancelled: "cancelled",
  canceled: "cancelled",
  expired: "expired",
  refunded: "refunded",
};

/** The meaning of a status as any screen or answer spells it. */
export function paymentStatusKind(status: string | null | undefined, closedReason?: string | null): PaymentStatusKind {
  return KINDS[paymentStatusLabel(status, closedReason)] ?? "unconfirmed";
}
