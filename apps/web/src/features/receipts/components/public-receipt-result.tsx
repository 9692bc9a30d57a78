import { type PublicReceipt } from "@hospipay/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId } from "react";
import { Spinner } from "../../../components/ui/spinner";
import { formatNairaAmount } from "../../../lib/money";
import { publicReceiptQueryOptions } from "../api/check-receipt";
import { receiptFailure } from "../utils/receipt-failure";
import { RECEIPT_STATUS_LABELS, ReceiptStatusBadge } from "./receipt-status-badge";
import { ReceiptFailureMessage } from "./receipt-failure-message";
import { formatWatDateTime } from "../../../lib/wat-time";

/** What each public status means for whoever holds the receipt. */
const MEANINGS: Record<PublicReceipt["status"], string> = {
  paid: "This receipt is valid: the payment was made.",
  not_paid: "This receipt has not been paid.",
  refunded: "This payment was refunded: the receipt is no longer valid.",
};

/** The public check of one code: validity only (paid or not, amount, date). */
export function PublicReceiptResult({ code, announce }: { code: string; announce: (text: string) => void }) {
  const receipt = useQuery(publicReceiptQueryOptions(code));
  const headingId = useId();
  const data = receipt.data;

  useEffect(() => {
    if (data) announce(`${RECEIPT_STATUS_LABELS[data.status]}. ${MEANINGS[data.status]}`);
  }, [data, announce]);

  if (receipt.isFetching && !data)
    return (
      <p className="flex items-center gap-2 text-slate-700" role="status">
        <Spinner /> Checking the code…
      </p>
    );
  if (receipt.isError)
    return <ReceiptFailureMessage failure={receiptFailure(receipt.error)} onRetry={() => void receipt.refetch()} />;
  if (!data) return null;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Receipt <span className="font-mono">{data.code}</span>
      </h2>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <ReceiptStatusBadge status={data.status} />
        <p className="text-slate-800">{MEANINGS[data.status]}</p>
      </div>
      <dl className="mt-4 grid grid-cols-1 gap-3 text-sm min-[360px]:grid-cols-2">
        <div>
          <dt className="text-xs text-slate-600">Amount</dt>
          <dd className="font-medium text-slate-900 tabular-nums">{formatNairaAmount(data.amount)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Paid on</dt>
          <dd className="font-medium text-slate-900">{data.paid_at ? formatWatDateTime(data.paid_at) : "Not paid"}</dd>
        </div>
      </dl>
    </section>
  );
}
