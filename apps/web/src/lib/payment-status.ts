import { payerStatusLabel, payerStatusNote } from "@hospipay/contract";
import { t } from "../i18n";
import { libMessages } from "./messages";

/** A status as any screen or answer spells it ('SUCCESS', 'Success', 'PaymentStatus.PENDING', 'on_hold'): lower-case words. */
function bareWord(status: string | null | undefined): string {
  return (status ?? "")
    .trim()
    .replace(/^PaymentStatus\./i, "")
    .replace(/_/g, " ");
}

/**
 * The one way a payment's status word is shown: lower case, as SPEC §2's look-up shows it
 * ('PaymentStatus.SUCCESS' → 'success', 'PaymentStatus.PENDING' → 'pending'), whichever screen or answer
 * it comes from ('SUCCESS', 'Success', 'completed', 'PENDING', 'Processing').
 */
export function paymentStatusLabel(status: string | null | undefined): string {
  const word = bareWord(status);
  return word ? payerStatusLabel(word) : "unknown";
}

/** The word in the current language (the select of `lib.paymentStatus.label`). */
function translatedWord(word: string): string {
  return t(libMessages.paymentStatus, { status: word.replace(/ /g, "_"), word });
}

/**
 * What a screen shows for a status, in the current language: SPEC's word, with the contract's note beside
 * it where the word alone misleads a payer ('pending (awaiting payment)', 'failed (expired)'). The English
 * word itself stays the key for styles and meaning (`paymentStatusKind`).
 */
export function paymentStatusText(status: string | null | undefined, closedReason?: string | null): string {
  const word = paymentStatusLabel(status);
  const note = word === "unknown" ? null : payerStatusNote(word, closedReason);
  if (!note) return translatedWord(word);
  return t(libMessages.paymentStatusWithNote, { word: translatedWord(word), note: translatedWord(note) });
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
  const word = paymentStatusLabel(status);
  const note = word === "unknown" ? null : payerStatusNote(word, closedReason);
  return KINDS[note === "cancelled" || note === "expired" ? note : word] ?? "unconfirmed";
}
