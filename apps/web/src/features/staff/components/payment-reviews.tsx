import { koboToDecimal, nairaToKobo, refundRequestSchema, settleReviewSchema, type PaymentReview } from "@hospipay/contract";
import { useState } from "react";
import { cn } from "../../../components/ui/cn";
import { cellClasses } from "../../../components/ui/data-table";
import { t } from "../../../i18n";
import { formatNairaAmount } from "../../../lib/money";
import { toast } from "../../../lib/toast";
import { usePaymentReviews } from "../api/get-payment-reviews";
import { useRefundInvoice } from "../api/refund-invoice";
import { useSettleReview } from "../api/settle-review";
import { useStaffForm } from "../hooks/use-staff-form";
import { normaliseAmount } from "../utils/typed-amount";
import { formatWatDateTime } from "../../../lib/wat-time";
import { apiMessages, commonMessages as c, paymentReviewMessages as m } from "../messages";
import { paymentMethodText } from "../../../lib/payment-methods";
import { BankTransferFields, ReasonField, StaffFormDialog } from "./staff-form-dialog";
import { CustomerCell, QueueActions, ReferenceCell, StaffQueue } from "./staff-queue";

type Action = { review: PaymentReview; action: "refund" | "settle" };

const COLUMNS = [c.reference, c.customer, m.method, c.amountDue, c.amountReceived, m.received, c.actions];

/** What is still owed on a payment paid short, as the API writes money ("300.00"). */
const stillOwed = (review: PaymentReview) =>
  koboToDecimal((nairaToKobo(review.amount_due) ?? 0) - (nairaToKobo(review.amount_received) ?? 0));

/**
 * Gateway payments paid short (the gateway confirmed a payment of less than the amount due): admins and
 * super admins refund what arrived, or settle once the payer has sent the balance to the hospital's account.
 */
export function PaymentReviews() {
  const reviews = usePaymentReviews();
  const [open, setOpen] = useState<Action | null>(null);

  return (
    <StaffQueue
      id="payment-reviews-heading"
      heading={t(m.heading)}
      count={reviews.data?.count}
      countText={m.paidShort}
      intro={t(m.intro)}
      query={reviews}
      items={reviews.data?.results}
      texts={{
        loading: t(m.loading),
        failed: t(apiMessages.reviewsFailed),
        empty: t(m.empty),
        tableLabel: t(m.tableLabel),
        tableCaption: t(m.tableCaption),
      }}
      columns={COLUMNS}
      rowKey={(review) => review.reference}
      renderCells={(review) => (
        <>
          <ReferenceCell reference={review.reference} />
          <CustomerCell name={review.customer_name} email={review.customer_email} />
          <td className={cellClasses}>{paymentMethodText(review.payment_method)}</td>
          <td className={cn(cellClasses, "whitespace-nowrap")}>{formatNairaAmount(review.amount_due)}</td>
          <td className={cn(cellClasses, "whitespace-nowrap")}>{formatNairaAmount(review.amount_received)}</td>
          <td className={cn(cellClasses, "whitespace-nowrap")}>{formatWatDateTime(review.received_at)}</td>
          <td className={cellClasses}>
            {review.refund ? (
              // A refund asked for decides the payment's fate: nothing else may be done meanwhile.
              <span className="text-slate-700">{t(m.refundAwaiting)}</span>
            ) : (
              <QueueActions
                actions={[
                  {
                    text: t(c.refund),
                    name: t(m.refundOf, { reference: review.reference }),
                    onClick: () => setOpen({ review, action: "refund" }),
                    secondary: true,
                  },
                  {
                    text: t(m.settle),
                    name: t(m.settleOf, { reference: review.reference }),
                    onClick: () => setOpen({ review, action: "settle" }),
                  },
                ]}
              />
            )}
          </td>
        </>
      )}
    >
      {open?.action === "refund" && <RefundShortDialog review={open.review} onClose={() => setOpen(null)} />}
      {open?.action === "settle" && <SettleDialog review={open.review} onClose={() => setOpen(null)} />}
    </StaffQueue>
  );
}

function ReviewSummary({ review }: { review: PaymentReview }) {
  return (
    <dl className="grid gap-3 rounded-lg bg-slate-50 p-3 text-sm sm:grid-cols-3">
      <div className="sm:col-span-3">
        <dt className="text-slate-600">{t(c.reference)}</dt>
        <dd className="font-medium break-all text-slate-900">{review.reference}</dd>
      </div>
      <div>
        <dt className="text-slate-600">{t(c.amountDue)}</dt>
        <dd className="font-bold text-slate-900">{formatNairaAmount(review.amount_due)}</dd>
      </div>
      <div>
        <dt className="text-slate-600">{t(c.amountReceived)}</dt>
        <dd className="font-bold text-slate-900">{formatNairaAmount(review.amount_received)}</dd>
      </div>
      <div>
        <dt className="text-slate-600">{t(m.stillOwed)}</dt>
        <dd className="font-bold text-slate-900">{formatNairaAmount(stillOwed(review))}</dd>
      </div>
      <div className="sm:col-span-3">
        <dt className="text-slate-600">{t(c.customer)}</dt>
        <dd className="font-medium break-all text-slate-900">{`${review.customer_name || t(c.unknown)} (${review.customer_email})`}</dd>
      </div>
    </dl>
  );
}

/** Refunds what arrived of a payment paid short, through the refund path (an admin's large refund waits for approval). */
function RefundShortDialog({ review, onClose }: { review: PaymentReview; onClose: () => void }) {
  const form = useStaffForm(["reason"], t(c.failedRefundPayment));
  const refund = useRefundInvoice();

  const submit = () => {
    const checked = form.check(refundRequestSchema.safeParse(form.values));
    if (!checked) return;
    refund.mutate(
      { reference: review.reference, reason: checked.reason },
      {
        onSuccess: (result) => {
          toast.success(result.detail);
          onClose();
        },
        onError: form.fail,
      },
    );
  };

  return (
    <StaffFormDialog
      title={t(m.refundTitle)}
      submitLabel={t(c.refundAmount, { amount: formatNairaAmount(review.amount_received) })}
      busy={refund.isPending}
      onSubmit={submit}
      onClose={onClose}
      summary={<ReviewSummary review={review} />}
      intro={
        <p className="text-sm text-slate-700">
          {t(m.refundWarning, {
            amount: formatNairaAmount(review.amount_received),
            method: paymentMethodText(review.payment_method),
          })}
        </p>
      }
      error={form.error}
    >
      <ReasonField
        label={t(c.reason)}
        hint={t(c.reasonHint)}
        error={form.fieldErrors.reason}
        value={form.values.reason}
        onChange={form.set("reason")}
      />
    </StaffFormDialog>
  );
}

/**
 * Settles a payment paid short once its balance is in the hospital's account. Staff type what the bank
 * shows (nothing is prefilled); the server completes it only when the two together cover the amount due.
 */
function SettleDialog({ review, onClose }: { review: PaymentReview; onClose: () => void }) {
  const form = useStaffForm(["balance_received", "transfer_reference"], t(m.settleFailed));
  const settle = useSettleReview();

  const submit = () => {
    const { values } = form;
    const checked = form.check(
      settleReviewSchema.safeParse({ ...values, balance_received: normaliseAmount(values.balance_received) }),
    );
    if (!checked) return;
    const { balance_received, transfer_reference } = checked;
    settle.mutate(
      { reference: review.reference, balance_received: String(balance_received), transfer_reference },
      {
        onSuccess: (detail) => {
          toast.success(detail);
          onClose();
        },
        onError: form.fail,
      },
    );
  };

  return (
    <StaffFormDialog
      title={t(m.settleTitle)}
      submitLabel={t(m.settleTitle)}
      busy={settle.isPending}
      onSubmit={submit}
      onClose={onClose}
      summary={<ReviewSummary review={review} />}
      error={form.error}
    >
      <BankTransferFields
        amountLabel={t(m.balanceReceived)}
        amountHint={t(m.balanceHint, { amount: formatNairaAmount(stillOwed(review)) })}
        amount={form.values.balance_received}
        reference={form.values.transfer_reference}
        errors={{ amount: form.fieldErrors.balance_received, reference: form.fieldErrors.transfer_reference }}
        onAmountChange={form.set("balance_received")}
        onReferenceChange={form.set("transfer_reference")}
      />
    </StaffFormDialog>
  );
}
