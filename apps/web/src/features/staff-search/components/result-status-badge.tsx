import type { StaffSearchResult } from "@hospipay/contract";
import { cn } from "../../../components/ui/cn";
import { paymentStatusKind, paymentStatusText } from "../../../lib/payment-status";
import { t, type MessageDescriptor } from "../../../i18n";
import { resultStatusMessages } from "../messages";

const BILL_LABELS: Record<string, MessageDescriptor> = resultStatusMessages;

const TONES: Record<string, string> = {
  good: "bg-emerald-50 text-emerald-800 ring-emerald-300",
  waiting: "bg-amber-50 text-amber-900 ring-amber-300",
  bad: "bg-red-50 text-red-800 ring-red-300",
  other: "bg-slate-100 text-slate-700 ring-slate-300",
};

/**
 * A result's status as the screen names it, in the current language (call during render): a bill's as the bills
 * screen does, a payment's as every payment screen.
 */
export function resultStatusLabel(result: Pick<StaffSearchResult, "kind" | "status">): string {
  if (result.kind === "bill") {
    const label = BILL_LABELS[result.status];
    return label ? t(label) : result.status;
  }
  const label = paymentStatusText(result.status);
  return label.charAt(0).toLocaleUpperCase() + label.slice(1);
}

function tone(result: Pick<StaffSearchResult, "kind" | "status">): string {
  if (result.kind === "bill") return result.status === "paid" ? "good" : result.status === "open" ? "waiting" : "other";
  const kind = paymentStatusKind(result.status);
  return kind === "completed" ? "good" : kind === "pending" ? "waiting" : kind === "failed" ? "bad" : "other";
}

/** A bill's or a payment's status as a pill. */
export function ResultStatusBadge({ result }: { result: Pick<StaffSearchResult, "kind" | "status"> }) {
  return (
    <span
      className={cn(
        "inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1",
        TONES[tone(result)],
      )}
    >
      {resultStatusLabel(result)}
    </span>
  );
}
