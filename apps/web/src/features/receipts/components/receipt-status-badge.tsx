import type { ReceiptStatus } from "@hospipay/contract";
import { cn } from "../../../components/ui/cn";

/** How each receipt status reads. */
export const RECEIPT_STATUS_LABELS: Record<ReceiptStatus, string> = {
  paid: "Paid",
  not_paid: "Not paid",
  refunded: "Refunded",
  cancelled: "Cancelled",
};

export function ReceiptStatusBadge({ status }: { status: ReceiptStatus }) {
  return (
    <span
      className={cn(
        "inline-flex rounded-full px-3 py-1 text-sm font-semibold ring-1",
        status === "paid" ? "bg-emerald-100 text-emerald-900 ring-emerald-300" : "bg-red-100 text-red-900 ring-red-300",
      )}
    >
      {RECEIPT_STATUS_LABELS[status]}
    </span>
  );
}
