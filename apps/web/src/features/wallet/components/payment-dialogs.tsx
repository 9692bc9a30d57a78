import { formatNaira, MESSAGES } from "@hospipay/contract";
import { Link } from "react-router";
import { Button, ButtonLink } from "../../../components/ui/button";
import { PaymentDocument } from "../../../components/payment-receipt";
import { Dialog } from "../../../components/ui/dialog";
import { lineTotalKobo } from "../../../lib/cart-totals";
import { formatNairaAmount } from "../../../lib/money";
import { paymentStatusText } from "../../../lib/payment-status";
import { t } from "../../../i18n";
import { specText } from "../../../lib/messages";
import type { WalletPaymentOutcome } from "../hooks/use-wallet-payment";
import { dialogMessages as m } from "../messages";

const TITLES = { completed: m.completed, pending: m.pending, failed: m.failed } as const;

/**
 * SPEC §2/§4: the receipt of a completed payment, or the state of a pending or failed one with
 * 'Retry Payment' (the same request, so never a second charge) and 'Try Again' (back to the form).
 */
export function PaymentStatusDialog({
  outcome,
  retrying,
  onRetry,
  onTryAgain,
  onClose,
  fieldLabel,
  paidBy,
}: {
  outcome: WalletPaymentOutcome | null;
  retrying: boolean;
  onRetry: () => void;
  onTryAgain: () => void;
  onClose: () => void;
  fieldLabel: (field: string) => string;
  /** Whose wallet paid, when the payment was for someone else. */
  paidBy?: string | undefined;
}) {
  if (!outcome) return null;
  const { status, payment } = outcome;
  const paidFor = outcome.paidFor && {
    name: `${outcome.paidFor.first_name} ${outcome.paidFor.last_name}`.trim(),
    email: outcome.paidFor.email,
    phone: outcome.paidFor.phone_number,
    hospitalNumber: outcome.paidFor.hospital_number,
  };
  const fieldMessages = Object.entries(outcome.fieldErrors).map(([field, messages]) =>
    t(m.fieldError, { field: fieldLabel(field), message: messages[0] ? specText(messages[0]) : "" }),
  );
  const insufficient = outcome.code === "insufficient_funds";
  return (
    <Dialog
      open
      onClose={retrying ? () => undefined : onClose}
      title={t(TITLES[status])}
      printable={status === "completed"}
      size={status === "completed" ? "lg" : "md"}
      footer={
        status === "completed" ? (
          <div className="flex justify-end">
            <Button onClick={onClose}>{t(m.backToDashboard)}</Button>
          </div>
        ) : (
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onTryAgain} disabled={retrying}>
              {t(m.tryAgain)}
            </Button>
            <Button onClick={onRetry} busy={retrying}>
              {t(m.retry)}
            </Button>
          </div>
        )
      }
    >
      <div role={status === "completed" ? "status" : "alert"} className="space-y-2">
        <p className="text-sm font-semibold text-slate-600">
          {t(m.status, {
            label: paymentStatusText(status),
            status: (chunks) => (
              <span
                className={status === "completed" ? "text-emerald-800" : status === "pending" ? "text-amber-800" : "text-red-800"}
              >
                {chunks}
              </span>
            ),
          })}
        </p>
        {outcome.message && <p className="text-slate-900">{specText(outcome.message)}</p>}
        {fieldMessages.length > 0 && (
          <ul className="list-disc space-y-1 pl-5 text-sm text-red-800">
            {fieldMessages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )}
        {outcome.error && <p className="text-sm text-slate-700">{specText(MESSAGES.wallet.receiptError)}</p>}
        {insufficient && (
          <p className="text-sm">
            <Link to="/dashboard?fund=1" className="font-semibold text-teal-800 underline underline-offset-2 hover:text-teal-900">
              {t(m.fundWallet)}
            </Link>
          </p>
        )}
      </div>
      {payment && status === "completed" && (
        <div className="mt-4 space-y-4">
          <PaymentDocument
            heading={t(m.receipt)}
            headingLevel="h3"
            framed={false}
            reference={payment.reference}
            date={outcome.answeredAt}
            method={t(m.method)}
            person={paidFor}
            personLabel={t(m.paidFor)}
            paidBy={paidBy}
            lines={(payment.items ?? []).map((item) => ({
              name: item.service.name,
              qty: item.qty,
              unit: formatNairaAmount(item.service.price),
              total: formatNaira(lineTotalKobo({ price: item.service.price, quantity: item.qty })),
            }))}
            subtotal={payment.subtotal}
            fee={payment.charge_fee}
            total={payment.amount}
            receiptCode={payment.receipt_code}
          />
          {payment.balance && (
            <p className="text-sm text-slate-700 print:hidden">
              {t(m.balanceNow, {
                amount: formatNairaAmount(payment.balance),
                b: (chunks) => <strong className="text-slate-900 tabular-nums">{chunks}</strong>,
              })}
            </p>
          )}
          <div className="grid gap-2 sm:grid-cols-2 print:hidden">
            <Button variant="secondary" onClick={() => window.print()}>
              {t(m.print)}
            </Button>
            <ButtonLink to="/dashboard?tab=history" variant="ghost">
              {t(m.history)}
            </ButtonLink>
          </div>
        </div>
      )}
    </Dialog>
  );
}
