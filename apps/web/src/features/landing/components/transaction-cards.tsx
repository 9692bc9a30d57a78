import { formatRrr, isCharged, type PublicTransaction } from "@hospipay/contract";
import { ReceiptLines } from "../../../components/receipt-lines";
import { Breakable } from "../../../components/ui/breakable";
import { t, type MessageDescriptor } from "../../../i18n";
import { formatNairaAmount } from "../../../lib/money";
import { paymentMethodText } from "../../../lib/payment-methods";
import { paymentStatusLabel, paymentStatusText } from "../../../lib/payment-status";
import { formatWatDateTime } from "../../../lib/wat-time";
import { lookupMessages as m } from "../messages";

const STATUS_STYLES: Record<string, string> = {
  completed: "bg-emerald-100 text-emerald-900",
  success: "bg-emerald-100 text-emerald-900",
  pending: "bg-amber-100 text-amber-900",
  failed: "bg-red-100 text-red-900",
};

/**
 * What the amount of a record is: paid for a charge; due for one awaiting payment; not charged for a
 * payment that closed unpaid (so several attempts never read as several charges).
 */
function amountLabel(status: string, label: string): MessageDescriptor {
  if (isCharged(status)) return m.amount;
  return label === "pending" ? m.amountDue : m.amountNotCharged;
}

/** The look-up's found payments, one card each (loaded with the first search: transaction-lookup.tsx). */
export default function TransactionCards({ records }: { records: PublicTransaction[] }) {
  return (
    <ul aria-label={t(m.found)} className="grid gap-4 lg:grid-cols-2">
      {records.map((record) => (
        <li key={record.reference}>
          <TransactionCard record={record} />
        </li>
      ))}
    </ul>
  );
}

function TransactionCard({ record }: { record: PublicTransaction }) {
  // SPEC §2's lower-cased status; the badge adds what a pending or closed one means beside it.
  const status = paymentStatusLabel(record.status);
  return (
    <article
      aria-label={t(m.card, { reference: record.reference })}
      className="h-full rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">{t(m.reference)}</p>
          <p className="font-mono text-sm font-semibold wrap-anywhere text-slate-900">
            <Breakable text={record.reference} />
          </p>
        </div>
        <span
          className={`rounded-full px-2.5 py-1 text-xs font-semibold ${STATUS_STYLES[status] ?? "bg-slate-100 text-slate-800"}`}
        >
          {paymentStatusText(record.status, record.closed_reason)}
        </span>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
        <Detail label={t(m.date)} value={formatWatDateTime(record.created_at)} />
        <Detail label={t(amountLabel(record.status, status))} value={formatNairaAmount(record.amount)} />
        <Detail label={t(m.method)} value={paymentMethodText(record.payment_method)} />
        {record.rrr ? <Detail label={t(m.rrr)} value={formatRrr(record.rrr)} /> : null}
        <Detail label={t(m.customer)} value={record.customer_name} />
        <Detail label={t(m.phone)} value={record.customer_phone} />
        <Detail label={t(m.email)} value={record.customer_email} wide />
      </dl>
      {record.items.length > 0 && (
        <div className="mt-4 overflow-x-auto">
          <ReceiptLines
            caption={t(m.items)}
            columns={[
              { header: t(m.service), cell: (item) => item.service_name },
              { header: t(m.qty), cell: (item) => item.qty },
              { header: t(m.amount), cell: (item) => formatNairaAmount(item.amount) },
              { header: t(m.total), cell: (item) => formatNairaAmount(item.line_total) },
            ]}
            lines={record.items}
            lineKey={(item, index) => `${item.service_name}-${index}`}
            rowClassName="last:border-0"
          />
        </div>
      )}
    </article>
  );
}

function Detail({ label, value, wide = false }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={wide ? "col-span-2" : undefined}>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="font-medium wrap-anywhere text-slate-900">
        <Breakable text={value} />
      </dd>
    </div>
  );
}
