import { formatNaira, koboToDecimal } from "@hospipay/contract";
import { useQuery } from "@tanstack/react-query";
import { useLocation, useSearchParams } from "react-router";
import { PaymentDocument, type PaymentDocumentLine } from "../../../components/payment-receipt";
import { Button, ButtonLink } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { Spinner } from "../../../components/ui/spinner";
import { cartTotals, lineTotalKobo, unitPriceKobo } from "../../../lib/cart-totals";
import { isNetworkFailure } from "../../../lib/api-client";
import { formatNairaAmount } from "../../../lib/money";
import { useOffline } from "../../../lib/offline";
import { useToken } from "../../../lib/session/session-store";
import { paymentMethodText } from "../../../lib/payment-methods";
import { paymentStatusKind, paymentStatusText, type PaymentStatusKind } from "../../../lib/payment-status";
import { paymentQueryOptions, type PaymentRecord } from "../api/get-payment";
import { readPaymentSuccessState } from "../utils/payment-success-state";
import { KeepReceiptChoice } from "./keep-receipt-choice";
import { t, type MessageDescriptor } from "../../../i18n";
import { documentHeadings, explanations, statusMessages as m } from "../messages";

/** Status shown when the server cannot be asked (SPEC §4). */
const PROCESSING = "Processing";

/** What the document below the status is headed (and printed) as: only a completed payment is a receipt. */
const DOCUMENT_HEADINGS: Record<PaymentStatusKind, MessageDescriptor> = documentHeadings;

/** What the payer is told under the status, when the payment is not completed. */
const EXPLANATIONS: Partial<Record<PaymentStatusKind, MessageDescriptor>> = explanations;

const PAY_AGAIN: ReadonlySet<PaymentStatusKind> = new Set(["failed", "cancelled", "expired"]);

function statusTone(kind: PaymentStatusKind): string {
  if (kind === "completed") return "bg-emerald-100 text-emerald-900 ring-emerald-300";
  if (kind === "failed" || kind === "cancelled" || kind === "expired") return "bg-red-100 text-red-900 ring-red-300";
  return "bg-amber-100 text-amber-900 ring-amber-300";
}

/**
 * /payment-success, the receipt and status screen (SPEC §2, §4). It receives router state from the
 * payment screens, or `?reference=` from a link. The status starts as the passed one (or 'Success')
 * and is then the server's `transaction_status`, or 'Processing' when that check fails; offline, with no
 * copy kept by the service worker, it also says that the payment cannot be checked offline. 'Check Status'
 * asks again whenever the status is not SUCCESS. The date is one the server or the payment screen gave,
 * never the time the page was opened. Only a payment the server confirmed as completed is
 * shown and printed as a receipt; anything else is headed as what it is. Opened with nothing at all,
 * it has no status to claim and offers the transaction look-up instead.
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
  const offline = useOffline();
  const signedIn = useToken() !== null;
  const nothingPassed = reference === undefined && !state.paymentData && !state.cart?.length;

  const server: PaymentRecord | undefined = payment.data;
  const status = payment.isError ? PROCESSING : (server?.transaction_status ?? passedStatus);
  const settled = status.toUpperCase() === "SUCCESS";
  const closedReason = payment.isError ? null : (server?.closed_reason ?? null);
  const kind = paymentStatusKind(status, closedReason);
  // A passed 'Success' is what the payment screen believed; only the server's answer makes a receipt.
  const confirmed = server !== undefined && !payment.isError;
  const documentKind: PaymentStatusKind = kind === "completed" && !confirmed ? "unconfirmed" : kind;
  const firstCheck = reference !== undefined && payment.isPending;
  // Offline and nothing kept of this payment: not checked at all, rather than unconfirmed.
  const unchecked = payment.isError && offline && isNetworkFailure(payment.error);

  const lines: PaymentDocumentLine[] = server
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
  const date =
    server?.paid_at ??
    server?.created_at ??
    (typeof state.paymentData?.created_at === "string" ? state.paymentData.created_at : undefined);
  const hasDocument = !firstCheck && (reference !== undefined || lines.length > 0);
  const explanation = unchecked ? explanations.offline : EXPLANATIONS[documentKind];

  if (nothingPassed) return <NothingPassed />;

  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:py-12 print:max-w-none print:p-0">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t(m.title)}</h1>
        <p className="mt-4 text-lg text-slate-700" role="status">
          {t(m.status, {
            status: paymentStatusText(status, closedReason),
            pill: (chunks) => (
              <span className={cn("rounded-full px-3 py-1 text-base font-semibold ring-1", statusTone(kind))}>{chunks}</span>
            ),
          })}
        </p>
        {payment.isFetching && (
          <p className="mt-2 flex items-center justify-center gap-2 text-sm text-slate-600 print:hidden">
            <Spinner /> {t(m.checking)}
          </p>
        )}
        {!settled && server?.amount_received ? (
          // Paid short: the payer is told what arrived, not that it is merely unconfirmed.
          <p className="mt-3 text-sm text-slate-700">
            {t(m.short, { received: formatNairaAmount(server.amount_received), amount: formatNairaAmount(server.amount) })}
          </p>
        ) : (
          !settled &&
          !firstCheck &&
          explanation && (
            // It names the buttons below, which a print leaves out.
            <p className="mt-3 text-sm text-slate-700 print:hidden">{t(explanation)}</p>
          )
        )}
      </div>

      {hasDocument && (
        <PaymentDocument
          className="mt-8"
          heading={t(unchecked ? documentHeadings.offline : DOCUMENT_HEADINGS[documentKind])}
          reference={reference}
          date={date}
          method={method ? paymentMethodText(method) : undefined}
          rrr={rrr}
          person={customer}
          lines={lines}
          subtotal={subtotal}
          fee={fee}
          total={total}
          receiptCode={documentKind === "completed" ? server?.receipt_code : undefined}
          billPart={server?.bill_part}
        />
      )}
      {/* A signed-in payer's receipts go at sign-out; a guest's at the tab's end unless kept. */}
      {hasDocument && documentKind === "completed" && reference !== undefined && !signedIn && (
        <KeepReceiptChoice reference={reference} />
      )}

      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row print:hidden">
        {!settled && (
          <Button variant="secondary" onClick={() => void payment.refetch()} busy={payment.isFetching} disabled={!reference}>
            {t(m.checkStatus)}
          </Button>
        )}
        {hasDocument && documentKind === "completed" && (
          <Button variant="secondary" onClick={() => window.print()}>
            {t(m.print)}
          </Button>
        )}
        {PAY_AGAIN.has(documentKind) && <ButtonLink to="/receipt">{t(m.payAgain)}</ButtonLink>}
        <ButtonLink to="/" variant={PAY_AGAIN.has(documentKind) ? "secondary" : "primary"}>
          {t(m.backHome)}
        </ButtonLink>
      </div>
    </div>
  );
}

/** Opened without a payment (no state, no ?reference=): no status to claim, the look-up instead. */
function NothingPassed() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 text-center sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t(m.title)}</h1>
      <p className="mt-4 text-slate-700">{t(m.nothing)}</p>
      <p className="mt-1 text-slate-700">{t(m.findHint)}</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink to="/#transaction">{t(m.lookUp)}</ButtonLink>
        <ButtonLink to="/" variant="secondary">
          {t(m.backHome)}
        </ButtonLink>
      </div>
    </div>
  );
}
