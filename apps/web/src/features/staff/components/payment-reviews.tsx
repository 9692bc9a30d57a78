import { koboToDecimal, nairaToKobo, refundRequestSchema, settleReviewSchema, type PaymentReview } from "@hospipay/contract";
import { useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { Breakable } from "../../../components/ui/breakable";
import { breakAnywhere, cellClasses, DataTable } from "../../../components/ui/data-table";
import { Dialog } from "../../../components/ui/dialog";
import { Field, Form, inputClasses } from "../../../components/ui/form";
import { t } from "../../../i18n";
import { formatNairaAmount } from "../../../lib/money";
import { toast } from "../../../lib/toast";
import { usePaymentReviews } from "../api/get-payment-reviews";
import { useRefundInvoice } from "../api/refund-invoice";
import { useSettleReview } from "../api/settle-review";
import { failureMessage, generalError, issueMessages, serverFieldErrors, type FieldErrors } from "../utils/form-errors";
import { formatWatDateTime } from "../../../lib/wat-time";
import { apiMessages, commonMessages as c, paymentReviewMessages as m } from "../messages";
import { paymentMethodText } from "../../../lib/payment-methods";

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
    <section
      aria-labelledby="payment-reviews-heading"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="payment-reviews-heading" className="text-xl font-semibold text-slate-900">
          {t(m.heading)}
        </h2>
        {reviews.data && reviews.data.count > 0 && (
          <p className="text-sm text-slate-600">{t(m.paidShort, { count: reviews.data.count })}</p>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600">{t(m.intro)}</p>
      <div className="mt-4" aria-busy={reviews.isFetching || undefined}>
        {reviews.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            {t(m.loading)}
          </p>
        ) : reviews.isError ? (
          <div className="space-y-3">
            <p className="text-sm font-medium text-red-700">
              {t(c.error, { message: failureMessage(reviews.error, t(apiMessages.reviewsFailed)) })}
            </p>
            <Button variant="secondary" busy={reviews.isFetching} onClick={() => void reviews.refetch()}>
              {t(c.tryAgain)}
            </Button>
          </div>
        ) : reviews.data.results.length === 0 ? (
          <p className="text-sm text-slate-600">{t(m.empty)}</p>
        ) : (
          <DataTable label={t(m.tableLabel)} caption={t(m.tableCaption)} columns={COLUMNS.map((column) => t(column))}>
            {reviews.data.results.map((review) => (
              <tr key={review.reference}>
                <td className={cn(cellClasses, "min-w-28 font-mono", breakAnywhere)}>
                  <Breakable text={review.reference} />
                </td>
                <td className={cn(cellClasses, "min-w-36", breakAnywhere)}>
                  <span className="block">{review.customer_name || t(c.unknown)}</span>
                  <span className="block text-slate-600">
                    <Breakable text={review.customer_email} />
                  </span>
                </td>
                <td className={cellClasses}>{paymentMethodText(review.payment_method)}</td>
                <td className={cn(cellClasses, "whitespace-nowrap")}>{formatNairaAmount(review.amount_due)}</td>
                <td className={cn(cellClasses, "whitespace-nowrap")}>{formatNairaAmount(review.amount_received)}</td>
                <td className={cn(cellClasses, "whitespace-nowrap")}>{formatWatDateTime(review.received_at)}</td>
                <td className={cellClasses}>
                  {review.refund ? (
                    // A refund asked for decides the payment's fate: nothing else may be done meanwhile.
                    <span className="text-slate-700">{t(m.refundAwaiting)}</span>
                  ) : (
                    <div className="flex flex-wrap gap-2">
                      <Button
                        variant="secondary"
                        className="whitespace-nowrap"
                        aria-label={t(m.refundOf, { reference: review.reference })}
                        onClick={() => setOpen({ review, action: "refund" })}
                      >
                        {t(c.refund)}
                      </Button>
                      <Button
                        className="whitespace-nowrap"
                        aria-label={t(m.settleOf, { reference: review.reference })}
                        onClick={() => setOpen({ review, action: "settle" })}
                      >
                        {t(m.settle)}
                      </Button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </div>
      {open?.action === "refund" && <RefundShortDialog review={open.review} onClose={() => setOpen(null)} />}
      {open?.action === "settle" && <SettleDialog review={open.review} onClose={() => setOpen(null)} />}
    </section>
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
  const formId = useId();
  const [reason, setReason] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const refund = useRefundInvoice();

  const submit = () => {
    setError(null);
    const parsed = refundRequestSchema.safeParse({ reason });
    if (!parsed.success) return setFieldError(issueMessages<"reason">(parsed.error.issues).reason);
    setFieldError(undefined);
    refund.mutate(
      { reference: review.reference, reason: parsed.data.reason },
      {
        onSuccess: (result) => {
          toast.success(result.detail);
          onClose();
        },
        onError: (failure) => {
          const fields = serverFieldErrors(failure, ["reason"] as const);
          setFieldError(fields.reason);
          setError(generalError(failure, fields, t(c.failedRefundPayment)));
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t(m.refundTitle)}
      footer={
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t(c.cancel)}
          </Button>
          <Button type="submit" form={formId} busy={refund.isPending}>
            {t(c.refundAmount, { amount: formatNairaAmount(review.amount_received) })}
          </Button>
        </div>
      }
    >
      <div className="space-y-5">
        <ReviewSummary review={review} />
        <Form id={formId} onSubmit={submit} aria-label={t(m.refundTitle)} className="space-y-4">
          <p className="text-sm text-slate-700">
            {t(m.refundWarning, {
              amount: formatNairaAmount(review.amount_received),
              method: paymentMethodText(review.payment_method),
            })}
          </p>
          <fieldset disabled={refund.isPending}>
            <Field label={t(c.reason)} error={fieldError} hint={t(c.reasonHint)}>
              {(control) => (
                <textarea
                  {...control}
                  aria-required="true"
                  rows={3}
                  maxLength={500}
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                  className={inputClasses}
                />
              )}
            </Field>
          </fieldset>
          {error && <Alert tone="error">{error}</Alert>}
        </Form>
      </div>
    </Dialog>
  );
}

type SettleField = "balance_received" | "transfer_reference";
const SETTLE_FIELDS: SettleField[] = ["balance_received", "transfer_reference"];

/** "1,600" or "₦1600" typed by hand → "1600.00"; anything else is left for the schema to refuse. */
function normaliseAmount(text: string): string {
  const compact = text.replace(/[₦,\s]/g, "");
  const kobo = nairaToKobo(compact);
  return kobo === null ? compact : koboToDecimal(kobo);
}

/**
 * Settles a payment paid short once its balance is in the hospital's account. Staff type what the bank
 * shows (nothing is prefilled); the server completes it only when the two together cover the amount due.
 */
function SettleDialog({ review, onClose }: { review: PaymentReview; onClose: () => void }) {
  const formId = useId();
  const [values, setValues] = useState({ balance_received: "", transfer_reference: "" });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<SettleField>>({});
  const [error, setError] = useState<string | null>(null);
  const settle = useSettleReview();
  const set = (field: SettleField) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = () => {
    setError(null);
    const parsed = settleReviewSchema.safeParse({ ...values, balance_received: normaliseAmount(values.balance_received) });
    if (!parsed.success) return setFieldErrors(issueMessages(parsed.error.issues));
    setFieldErrors({});
    settle.mutate(
      {
        reference: review.reference,
        balance_received: String(parsed.data.balance_received),
        transfer_reference: parsed.data.transfer_reference,
      },
      {
        onSuccess: (detail) => {
          toast.success(detail);
          onClose();
        },
        onError: (failure) => {
          const fields = serverFieldErrors(failure, SETTLE_FIELDS);
          setFieldErrors(fields);
          setError(generalError(failure, fields, t(m.settleFailed)));
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t(m.settleTitle)}
      footer={
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t(c.cancel)}
          </Button>
          <Button type="submit" form={formId} busy={settle.isPending}>
            {t(m.settleTitle)}
          </Button>
        </div>
      }
    >
      <div className="space-y-5">
        <ReviewSummary review={review} />
        <Form id={formId} onSubmit={submit} aria-label={t(m.settleTitle)} className="space-y-4">
          <fieldset disabled={settle.isPending} className="space-y-4">
            <Field
              label={t(m.balanceReceived)}
              error={fieldErrors.balance_received}
              hint={t(m.balanceHint, { amount: formatNairaAmount(stillOwed(review)) })}
            >
              {(control) => (
                <input
                  {...control}
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  aria-required="true"
                  value={values.balance_received}
                  onChange={(event) => set("balance_received")(event.target.value)}
                  className={inputClasses}
                />
              )}
            </Field>
            <Field label={t(c.bankTransferReference)} error={fieldErrors.transfer_reference} hint={t(c.bankReferenceHint)}>
              {(control) => (
                <input
                  {...control}
                  type="text"
                  autoComplete="off"
                  aria-required="true"
                  maxLength={100}
                  value={values.transfer_reference}
                  onChange={(event) => set("transfer_reference")(event.target.value)}
                  className={inputClasses}
                />
              )}
            </Field>
          </fieldset>
          {error && <Alert tone="error">{error}</Alert>}
        </Form>
      </div>
    </Dialog>
  );
}
