import type { ReceiptStatus } from "@hospipay/contract";
import { cn } from "../../../components/ui/cn";
import { t, type MessageDescriptor } from "../../../i18n";
import { receiptStatusMessages } from "../messages";

/** How each receipt status reads. */
export const RECEIPT_STATUS_LABELS: Record<ReceiptStatus, MessageDescriptor> = receiptStatusMessages;

export function ReceiptStatusBadge({ status }: { status: ReceiptStatus }) {
  return (
    <span
      className={cn(
        "inline-flex rounded-full px-3 py-1 text-sm font-semibold ring-1",
        status === "paid" ? "bg-emerald-100 text-emerald-900 ring-emerald-300" : "bg-red-100 text-red-900 ring-red-300",
      )}
    >
      {t(RECEIPT_STATUS_LABELS[status])}
    </span>
  );
}
