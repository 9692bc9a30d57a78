import { formatRrr } from "@hospipay/contract";
import { useId, type ReactNode } from "react";
import { formatNairaAmount } from "../lib/money";
import { ReceiptCodeBlock } from "./receipt-code-qr";
import { ReceiptLines } from "./receipt-lines";
import { Breakable } from "./ui/breakable";
import { cn } from "./ui/cn";
import { formatWatDateTime } from "../lib/wat-time";
import { t } from "../i18n";
import { paymentMessages as m } from "./payment.messages";

/** One line of a payment document, already formatted for display. */
export interface PaymentDocumentLine {
  name: string;
  qty: number;
  unit: string;
  total: string;
}

/** The person a payment is for (the patient, when someone else pays). */
export interface PaymentDocumentPerson {
  name?: string | undefined;
  email?: string | undefined;
  phone?: string | undefined;
  hospitalNumber?: string | undefined;
}

/** A date and time as the receipt prints it (WAT); text that is not a date is shown as it came. */
function formatReceiptDate(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  if (Number.isNaN(new Date(value).getTime())) return value;
  return formatWatDateTime(value);
}

/**
 * The one payment document, for guests (/payment-success) and wallet payments alike: reference, date,
 * method, RRR, who it was for, the items and the totals. Its heading says what it is, so a payment
 * that is not completed is never headed (or printed) as a receipt: only the caller knows the status,
 * and it passes 'Payment Receipt' for a completed payment alone. Amounts are naira strings as the API
 * sends them.
 */
export function PaymentDocument({
  heading,
  headingLevel = "h2",
  reference,
  date,
  method,
  rrr,
  person,
  personLabel,
  paidBy,
  lines,
  subtotal,
  fee,
  total,
  receiptCode,
  billPart = false,
  children,
  className,
  framed = true,
}: {
  heading: string;
  headingLevel?: "h2" | "h3";
  reference?: string | undefined;
  /** ISO date and time. */
  date?: string | null | undefined;
  /** The payment method's display name. */
  method?: string | undefined;
  rrr?: string | null | undefined;
  person?: PaymentDocumentPerson | undefined;
  personLabel?: string;
  /** Whose money paid, when that is not the person paid for. */
  paidBy?: string | undefined;
  lines: readonly PaymentDocumentLine[];
  subtotal?: string | null | undefined;
  fee?: string | null | undefined;
  total?: string | null | undefined;
  /** A completed payment's receipt code (beyond SPEC): shown with its QR code, which the point of care scans. Pass none for any other payment. */
  receiptCode?: string | null | undefined;
  /** A part of a bill: its code proves the payment, and items are given against the bill's own code. */
  billPart?: boolean | undefined;
  /** Notes below the totals. */
  children?: ReactNode;
  className?: string;
  /** A card of its own on a page; unframed inside a dialog, which is the frame there. */
  framed?: boolean;
}) {
  const Heading = headingLevel;
  const headingId = useId();
  const when = formatReceiptDate(date);
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        framed
          ? "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 print:border-0 print:p-0 print:shadow-none"
          : "border-t border-slate-200 pt-4",
        className,
      )}
    >
      <Heading id={headingId} className="text-lg font-semibold text-slate-900">
        {heading}
      </Heading>
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-3 text-sm min-[360px]:grid-cols-2">
        {reference && <Detail label={t(m.reference)} value={reference} mono />}
        {when && <Detail label={t(m.date)} value={when} />}
        {method && <Detail label={t(m.paymentMethod)} value={method} />}
        {rrr && <Detail label="RRR" value={formatRrr(rrr)} mono />}
        {person?.name && <Detail label={personLabel ?? t(m.customer)} value={person.name} />}
        {person?.email && <Detail label={t(m.email)} value={person.email} />}
        {person?.phone && <Detail label={t(m.phone)} value={person.phone} />}
        {person?.hospitalNumber && <Detail label={t(m.hospitalNumber)} value={person.hospitalNumber} />}
        {paidBy && <Detail label={t(m.paidBy)} value={paidBy} />}
      </dl>
      {lines.length > 0 && (
        <div className="mt-6 overflow-x-auto">
          <ReceiptLines
            caption={t(m.items)}
            columns={[
              { header: t(m.service), cell: (line) => line.name },
              { header: t(m.qty), cell: (line) => line.qty },
              { header: t(m.unitPrice), cell: (line) => line.unit },
              { header: t(m.total), cell: (line) => line.total },
            ]}
            lines={lines}
            lineKey={(line, index) => `${line.name}-${index}`}
          />
        </div>
      )}
      <dl className="mt-4 space-y-1.5 text-sm">
        {subtotal && (
          <div className="flex justify-between gap-4 text-slate-700">
            <dt>{t(m.subtotal)}</dt>
            <dd className="tabular-nums">{formatNairaAmount(subtotal)}</dd>
          </div>
        )}
        {fee && (
          <div className="flex justify-between gap-4 text-slate-700">
            <dt>{t(m.chargeFee)}</dt>
            <dd className="tabular-nums">{formatNairaAmount(fee)}</dd>
          </div>
        )}
        {total && (
          <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base font-bold text-slate-900">
            <dt>{t(m.total)}</dt>
            <dd className="tabular-nums">{formatNairaAmount(total)}</dd>
          </div>
        )}
      </dl>
      {receiptCode && <ReceiptCodeBlock code={receiptCode} billPart={billPart} />}
      {children}
    </section>
  );
}

function Detail({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className={cn("font-medium wrap-anywhere text-slate-900", mono && "font-mono")}>
        <Breakable text={value} />
      </dd>
    </div>
  );
}
