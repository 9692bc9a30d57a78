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
import { useBankTransferForm } from "../hooks/use-bank-transfer-form";
import { useStaffForm } from "../hooks/use-staff-form";
import { formatWatDateTime } from "../../../lib/wat-time";
import { apiMessages, commonMessages as c, paymentReviewMessages as m } from "../messages";
import { paymentMethodText } from "../../../lib/payment-methods";
import { BankTransferFields, ReasonField, StaffFormDialog, SummaryItem } from "./staff-form-dialog";
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
      messages={m}
      countText={m.paidShort}
      failed={apiMessages.reviewsFailed}
      query={reviews}
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
      <SummaryItem label={t(c.reference)} className="sm:col-span-3">
        {review.reference}
      </SummaryItem>
      <SummaryItem label={t(c.amountDue)} valueClassName="font-bold">
        {formatNairaAmount(review.amount_due)}
      </SummaryItem>
      <SummaryItem label={t(c.amountReceived)} valueClassName="font-bold">
        {formatNairaAmount(review.amount_received)}
      </SummaryItem>
      <SummaryItem label={t(m.stillOwed)} valueClassName="font-bold">
        {formatNairaAmount(stillOwed(review))}
      </SummaryItem>
      <SummaryItem
        label={t(c.customer)}
        className="sm:col-span-3"
      >{`${review.customer_name || t(c.unknown)} (${review.customer_email})`}</SummaryItem>
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
      <ReasonField form={form} field="reason" hint={t(c.reasonHint)} />
    </StaffFormDialog>
  );
}

/**
 * Settles a payment paid short once its balance is in the hospital's account. Staff type what the bank
 * shows (nothing is prefilled); the server completes it only when the two together cover the amount due.
 */
function SettleDialog({ review, onClose }: { review: PaymentReview; onClose: () => void }) {
  const form = useBankTransferForm("balance_received", (values) => settleReviewSchema.safeParse(values), t(m.settleFailed));
  const settle = useSettleReview();

  const submit = () => {
    const input = form.read();
    if (!input) return;
    settle.mutate(
      { reference: review.reference, ...input },
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
      busy={settle.isPending}
      onSubmit={submit}
      onClose={onClose}
      summary={<ReviewSummary review={review} />}
      error={form.error}
    >
      <BankTransferFields
        form={form}
        amountLabel={t(m.balanceReceived)}
        amountHint={t(m.balanceHint, { amount: formatNairaAmount(stillOwed(review)) })}
      />
    </StaffFormDialog>
  );
}
