import { MESSAGES, type StaffReceipt } from "@hospipay/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { ReceiptLines } from "../../../components/receipt-lines";
import { Button } from "../../../components/ui/button";
import { ScrollRegion } from "../../../components/ui/scroll-region";
import { Spinner } from "../../../components/ui/spinner";
import { formatNairaAmount } from "../../../lib/money";
import { staffReceiptQueryOptions } from "../api/get-staff-receipt";
import { receiptFailure } from "../utils/receipt-failure";
import type { RedeemOutcome } from "../utils/redeem-outcome";
import { RedeemForm } from "./redeem-form";
import { SlipPrintControls } from "../../../components/print/slip-print";
import { receiptSlip } from "../utils/receipt-slip";
import { RECEIPT_STATUS_LABELS, ReceiptStatusBadge } from "./receipt-status-badge";
import { ReceiptFailureMessage } from "./receipt-failure-message";
import { formatWatDateTime } from "../../../lib/wat-time";
import { t } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { receiptResultMessages as m } from "../messages";

/** Why nothing can be given against a receipt that is not paid (the API's own refusals). */
const NOT_REDEEMABLE: Record<Exclude<StaffReceipt["status"], "paid">, string> = {
  not_paid: MESSAGES.receipts.notPaid,
  refunded: MESSAGES.receipts.refunded,
  cancelled: MESSAGES.receipts.cancelled,
};

/** A receipt at the point of care: status, payer, items and what was given, and the form to give more. */
export function StaffReceiptResult({ code, announce }: { code: string; announce: (text: string) => void }) {
  const receipt = useQuery(staffReceiptQueryOptions(code));
  const data = receipt.data;

  // Said when a receipt is shown (and if its status changes), not on each refresh after giving items.
  const summary = data ? t(m.announceStaff, { code: data.code, status: t(RECEIPT_STATUS_LABELS[data.status]) }) : null;
  useEffect(() => {
    if (summary) announce(summary);
  }, [summary, announce]);

  if (receipt.isPending)
    return (
      <p className="flex items-center gap-2 text-slate-700" role="status">
        <Spinner /> {t(m.lookingUp)}
      </p>
    );
  if (receipt.isError && !data)
    return <ReceiptFailureMessage failure={receiptFailure(receipt.error)} onRetry={() => void receipt.refetch()} />;
  if (!data) return null;
  return <StaffReceiptView code={code} receipt={data} refreshing={receipt.isFetching} onRefresh={() => void receipt.refetch()} />;
}

function StaffReceiptView({
  code,
  receipt,
  refreshing,
  onRefresh,
}: {
  /** The code as looked up (stored form), which keys the cached receipt. */
  code: string;
  receipt: StaffReceipt;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const headingId = useId();
  const [outcome, setOutcome] = useState<RedeemOutcome | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  // The outcome takes the focus, so that a keyboard or screen reader user hears it and goes on from there.
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const allGiven = receipt.items.every((item) => item.remaining === 0);
  return (
    <section aria-labelledby={headingId} className="space-y-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t(m.heading, { code: receipt.code, mono: (chunks) => <span className="font-mono">{chunks}</span> })}
        </h2>
        <ReceiptStatusBadge status={receipt.status} />
      </div>
      <dl className="grid grid-cols-1 gap-3 text-sm min-[360px]:grid-cols-2">
        <Detail label={t(m.reference)} value={receipt.reference} mono />
        <Detail label={t(m.payer)} value={receipt.payer_name} />
        {receipt.hospital_number && <Detail label={t(m.hospitalNumber)} value={receipt.hospital_number} mono />}
        <Detail label={t(m.amount)} value={formatNairaAmount(receipt.amount)} />
        {receipt.hmo_name && Number(receipt.hmo_part) > 0 && (
          <Detail label={t(m.hmoPart, { hmo: receipt.hmo_name })} value={formatNairaAmount(receipt.hmo_part)} />
        )}
        <Detail label={t(m.paidOn)} value={receipt.paid_at ? formatWatDateTime(receipt.paid_at) : t(m.notPaid)} />
      </dl>

      <div>
        <h3 className="text-base font-semibold text-slate-900">{t(m.items)}</h3>
        <ScrollRegion label={t(m.itemsOnReceipt)} className="mt-2">
          <ReceiptLines
            caption={t(m.itemsOnReceipt)}
            className="min-w-[30rem]"
            columns={[
              { header: t(m.service), cell: (item) => item.service_name },
              { header: t(m.department), cell: (item) => item.department ?? t(m.anyDepartment), text: true },
              { header: t(m.quantity), cell: (item) => item.quantity },
              { header: t(m.given), cell: (item) => item.given },
              { header: t(m.remaining), cell: (item) => item.remaining },
            ]}
            lines={receipt.items}
            lineKey={(item) => item.id}
          />
        </ScrollRegion>
      </div>

      {outcome && (
        <div ref={outcomeRef} tabIndex={-1} className="focus:outline-2 focus:outline-offset-2 focus:outline-teal-700">
          <Alert tone={outcome.tone}>
            <p>{outcome.text}</p>
            {outcome.details && outcome.details.length > 0 && (
              <ul className="mt-1 list-disc pl-5">
                {outcome.details.map((detail) => (
                  <li key={detail}>{detail}</li>
                ))}
              </ul>
            )}
          </Alert>
        </div>
      )}

      {receipt.status !== "paid" ? (
        <Alert tone="error">{specText(NOT_REDEEMABLE[receipt.status])}</Alert>
      ) : receipt.notice ? (
        // A part payment of a bill: items are given against the bill's own receipt.
        <Alert tone="info">{specText(receipt.notice)}</Alert>
      ) : allGiven ? (
        <p className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-800">{t(m.allGiven)}</p>
      ) : (
        receipt.redeemable && <RedeemForm code={code} receipt={receipt} onOutcome={setOutcome} />
      )}

      <div>
        <h3 className="text-base font-semibold text-slate-900">{t(m.givenSoFar)}</h3>
        {receipt.given.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">{t(m.nothingGiven)}</p>
        ) : (
          <ol className="mt-2 space-y-2 text-sm">
            {receipt.given.map((entry) => (
              <li key={entry.id} className="rounded-lg border border-slate-200 px-3 py-2">
                <p className="font-medium text-slate-900">
                  {entry.quantity} × {entry.service_name}
                </p>
                <p className="text-slate-700">
                  {t(m.givenBy, {
                    department: entry.department,
                    name: entry.given_by.name,
                    date: formatWatDateTime(entry.given_at),
                  })}
                </p>
              </li>
            ))}
          </ol>
        )}
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="ghost" onClick={onRefresh} busy={refreshing}>
          {t(m.refresh)}
        </Button>
        <SlipPrintControls content={receiptSlip(receipt)} />
      </div>
    </section>
  );
}

function Detail({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className={`font-medium wrap-anywhere text-slate-900 ${mono ? "font-mono" : ""}`}>{value}</dd>
    </div>
  );
}
