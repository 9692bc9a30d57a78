import { formatNaira, koboToDecimal } from "@hospipay/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { Breakable } from "../../../components/ui/breakable";
import { Button, ButtonLink } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { Spinner } from "../../../components/ui/spinner";
import { cartTotals, lineTotalKobo, unitPriceKobo } from "../../../lib/cart-totals";
import { formatNairaAmount } from "../../../lib/money";
import { paymentQueryOptions, type PaymentRecord } from "../api/get-payment";
import { methodLabel } from "../utils/method-label";
import { readPaymentSuccessState } from "../utils/payment-success-state";

/** Status shown when the server cannot be asked (SPEC §4). */
const PROCESSING = "Processing";

interface ReceiptLine {
  name: string;
  qty: number;
  unit: string;
  total: string;
}

function formatDateTime(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString("en-NG", { dateStyle: "medium", timeStyle: "short" });
}

function statusTone(status: string): string {
  const upper = status.toUpperCase();
  if (upper === "SUCCESS" || upper === "COMPLETED") return "bg-emerald-100 text-emerald-900 ring-emerald-300";
  if (upper === "FAILED") return "bg-red-100 text-red-900 ring-red-300";
  return "bg-amber-100 text-amber-900 ring-amber-300";
}

/**
 * /payment-success, the receipt and status screen (SPEC §2, §4). It receives router state from the
 * payment screens, or `?reference=` from a link. The status starts as the passed one (or 'Success')
 * and is then the server's `transaction_status`, or 'Processing' when that check fails. 'Check Status'
 * asks again whenever the status is not SUCCESS. The receipt prefers the server's figures and falls
 * back to what the payment screen passed.
 */
export function PaymentSuccessScreen() {
  const location = useLocation();
  const [params] = useSearchParams();
  const state = readPaymentSuccessState(location.state);
  const reference =
    state.transactionReference ??
    (typeof state.paymentData?.reference === "string" ? state.paymentData.reference : undefined) ??
    (params.get("reference")?.trim() || undefined);
  const passedStatus =
    typeof state.paymentData?.status === "string" && state.paymentData.status ? state.paymentData.status : "Success";
  const payment = useQuery({ ...paymentQueryOptions(reference ?? ""), enabled: reference !== undefined });
  const [shownAt] = useState(() => new Date().toISOString());

  const server: PaymentRecord | undefined = payment.data;
  const status = payment.isError ? PROCESSING : (server?.transaction_status ?? passedStatus);
  const settled = status.toUpperCase() === "SUCCESS";

  const lines: ReceiptLine[] = server
    ? server.items.map((item) => ({
        name: item.service_name,
        qty: item.qty,
        unit: formatNairaAmount(item.amount),
        total: formatNairaAmount(item.line_total),
      }))
    : (state.cart ?? []).map((line) => ({
        name: line.name,
        qty: line.quantity,
        unit: formatNaira(unitPriceKobo(line)),
        total: formatNaira(lineTotalKobo(line)),
      }));
  const localTotals = cartTotals(state.cart ?? []);
  const subtotal = server?.subtotal ?? (state.cart ? koboToDecimal(localTotals.subtotalKobo) : undefined);
  const fee = server?.charge_fee ?? state.chargeFee ?? koboToDecimal(localTotals.chargeFeeKobo);
  const total =
    server?.amount ||
    (typeof state.paymentData?.amount === "string" ? state.paymentData.amount : undefined) ||
    (state.cart ? koboToDecimal(localTotals.totalKobo) : undefined);
  const method =
    server?.payment_method || (typeof state.paymentData?.payment_method === "string" ? state.paymentData.payment_method : "");
  const rrr = server?.rrr ?? (typeof state.paymentData?.rrr === "string" ? state.paymentData.rrr : null);
  const customer = server?.customer
    ? {
        name: server.customer.name,
        email: server.customer.email,
        phone: server.customer.phone,
        hospitalNumber: server.customer.hospital_number,
      }
    : state.customerDetails;
  const date = formatDateTime(
    server?.paid_at ??
      server?.created_at ??
      (typeof state.paymentData?.created_at === "string" ? state.paymentData.created_at : shownAt),
  );
  const hasReceipt = reference !== undefined || lines.length > 0;

  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:py-12 print:max-w-none print:p-0">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Payment Status</h1>
        <p className="mt-4 text-lg text-slate-700" role="status">
          Status:{" "}
          <span className={cn("rounded-full px-3 py-1 text-base font-semibold ring-1", statusTone(status))}>{status}</span>
        </p>
        {payment.isFetching && (
          <p className="mt-2 flex items-center justify-center gap-2 text-sm text-slate-600 print:hidden">
            <Spinner /> Checking with the server…
          </p>
        )}
        {!settled && server?.amount_received ? (
          // Paid short: the payer is told what arrived, not that it is merely unconfirmed.
          <p className="mt-3 text-sm text-slate-700">
            We received {formatNairaAmount(server.amount_received)} of {formatNairaAmount(server.amount)}. The hospital will
            review this payment: it is refunded, or completed once the balance is paid.
          </p>
        ) : (
          !settled && (
            <p className="mt-3 text-sm text-slate-600 print:hidden">
              Your payment has not been confirmed yet. Use “Check Status” to ask again.
            </p>
          )
        )}
      </div>

      {hasReceipt && (
        <section
          aria-labelledby="receipt-heading"
          className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 print:border-0 print:shadow-none"
        >
          <h2 id="receipt-heading" className="text-lg font-semibold text-slate-900">
            Payment Receipt
          </h2>
          <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 text-sm">
            {reference && <Detail label="Reference" value={reference} mono />}
            {date && <Detail label="Date" value={date} />}
            {method && <Detail label="Payment method" value={methodLabel(method)} />}
            {rrr && <Detail label="RRR" value={rrr} mono />}
            {customer?.name && <Detail label="Customer" value={customer.name} />}
            {customer?.email && <Detail label="Email" value={customer.email} />}
            {customer?.phone && <Detail label="Phone" value={customer.phone} />}
            {customer?.hospitalNumber && <Detail label="Hospital number" value={customer.hospitalNumber} />}
          </dl>
          {lines.length > 0 && (
            <div className="mt-6 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Items paid for</caption>
                <thead className="border-b border-slate-200 text-xs text-slate-600 uppercase">
                  <tr>
                    <th scope="col" className="py-2 pr-2 font-medium">
                      Service
                    </th>
                    <th scope="col" className="px-2 py-2 text-right font-medium">
                      Qty
                    </th>
                    <th scope="col" className="px-2 py-2 text-right font-medium">
                      Unit price
                    </th>
                    <th scope="col" className="py-2 pl-2 text-right font-medium">
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {lines.map((line, index) => (
                    <tr key={`${line.name}-${index}`} className="border-b border-slate-100">
                      <td className="py-2 pr-2 text-slate-900">{line.name}</td>
                      <td className="px-2 py-2 text-right tabular-nums">{line.qty}</td>
                      <td className="px-2 py-2 text-right tabular-nums">{line.unit}</td>
                      <td className="py-2 pl-2 text-right font-medium tabular-nums">{line.total}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <dl className="mt-4 space-y-1.5 text-sm">
            {subtotal && (
              <div className="flex justify-between gap-4 text-slate-700">
                <dt>Subtotal</dt>
                <dd className="tabular-nums">{formatNairaAmount(subtotal)}</dd>
              </div>
            )}
            <div className="flex justify-between gap-4 text-slate-700">
              <dt>Charge fee</dt>
              <dd className="tabular-nums">{formatNairaAmount(fee)}</dd>
            </div>
            {total && (
              <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base font-bold text-slate-900">
                <dt>Total</dt>
                <dd className="tabular-nums">{formatNairaAmount(total)}</dd>
              </div>
            )}
          </dl>
        </section>
      )}

      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row print:hidden">
        {!settled && (
          <Button variant="secondary" onClick={() => void payment.refetch()} busy={payment.isFetching} disabled={!reference}>
            Check Status
          </Button>
        )}
        {hasReceipt && (
          <Button variant="secondary" onClick={() => window.print()}>
            Print receipt
          </Button>
        )}
        <ButtonLink to="/">Back to home</ButtonLink>
      </div>
    </div>
  );
}

function Detail({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <div>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className={cn("font-medium wrap-anywhere text-slate-900", mono && "font-mono")}>
        <Breakable text={value} />
      </dd>
    </div>
  );
}
