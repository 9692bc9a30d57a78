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
import { t, type MessageDescriptor } from "../../../i18n";
import { receiptMeaningMessages, receiptResultMessages as m } from "../messages";

/** What each public status means for whoever holds the receipt. */
const MEANINGS: Record<PublicReceipt["status"], MessageDescriptor> = receiptMeaningMessages;

/** The public check of one code: validity only (paid or not, amount, date). */
export function PublicReceiptResult({ code, announce }: { code: string; announce: (text: string) => void }) {
  const receipt = useQuery(publicReceiptQueryOptions(code));
  const headingId = useId();
  const data = receipt.data;

  useEffect(() => {
    if (data) announce(t(m.announcePublic, { status: t(RECEIPT_STATUS_LABELS[data.status]), meaning: t(MEANINGS[data.status]) }));
  }, [data, announce]);

  if (receipt.isFetching && !data)
    return (
      <p className="flex items-center gap-2 text-slate-700" role="status">
        <Spinner /> {t(m.checking)}
      </p>
    );
  if (receipt.isError)
    return <ReceiptFailureMessage failure={receiptFailure(receipt.error)} onRetry={() => void receipt.refetch()} />;
  if (!data) return null;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t(m.heading, { code: data.code, mono: (chunks) => <span className="font-mono">{chunks}</span> })}
      </h2>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <ReceiptStatusBadge status={data.status} />
        <p className="text-slate-800">{t(MEANINGS[data.status])}</p>
      </div>
      <dl className="mt-4 grid grid-cols-1 gap-3 text-sm min-[360px]:grid-cols-2">
        <div>
          <dt className="text-xs text-slate-600">{t(m.amount)}</dt>
          <dd className="font-medium text-slate-900 tabular-nums">{formatNairaAmount(data.amount)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">{t(m.paidOn)}</dt>
          <dd className="font-medium text-slate-900">{data.paid_at ? formatWatDateTime(data.paid_at) : t(m.notPaid)}</dd>
        </div>
      </dl>
    </section>
  );
}
