import { confirmTransferSchema, koboToDecimal, nairaToKobo, refundRequestSchema } from "@hospipay/contract";
import { useEffect, useId, useRef, useState, type Ref } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Field, Form, inputClasses } from "../../../components/ui/form";
import { t, type MessageDescriptor } from "../../../i18n";
import { useConfirmTransfer } from "../api/confirm-transfer";
import { useRefundInvoice } from "../api/refund-invoice";
import { useRefundPreview } from "../api/refund-preview";
import { generalError, issueMessages, serverFieldErrors, type FieldErrors } from "../utils/form-errors";
import { amountDue, type StaffInvoice } from "../utils/transactions";
import { commonMessages as c, invoiceActionMessages as m } from "../messages";

/** "1,600" or "₦1600" typed by hand → "1600.00"; anything else is left for the schema to refuse. */
function normaliseAmount(text: string): string {
  const compact = text.replace(/[₦,\s]/g, "");
  const kobo = nairaToKobo(compact);
  return kobo === null ? compact : koboToDecimal(kobo);
}

/**
 * The invoice an operation is about. Its amount is broken down into the item amounts exactly as the
 * transactions table shows them, the charge fee, and the total that the server compares with.
 */
function InvoiceSummary({
  invoice,
  amountLabel,
  amountOf,
}: {
  invoice: StaffInvoice;
  amountLabel: string;
  /** "{amountLabel} of {reference}", the list's name. */
  amountOf: MessageDescriptor;
}) {
  const name = invoice.customer_meta?.name?.trim() || t(c.unknown);
  const figures = amountDue(invoice);
  const labelId = useId();
  return (
    <div className="space-y-3 rounded-lg bg-slate-50 p-3 text-sm">
      <dl className="grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">{t(c.reference)}</dt>
          <dd className="font-medium break-all text-slate-900">{invoice.reference}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t(c.customer)}</dt>
          <dd className="font-medium break-all text-slate-900">{`${name} (${invoice.customer_email})`}</dd>
        </div>
      </dl>
      <p id={labelId} className="sr-only">
        {t(amountOf, { reference: invoice.reference })}
      </p>
      <ul aria-labelledby={labelId} className="divide-y divide-slate-200 border-t border-slate-200">
        {figures.items.map((item) => (
          <li key={item.key} className="flex justify-between gap-3 py-1.5 text-slate-700">
            <span className="break-words">{item.label}</span>
            <span className="whitespace-nowrap">{item.amount}</span>
          </li>
        ))}
        {figures.fee !== null && (
          <li className="flex justify-between gap-3 py-1.5 text-slate-700">
            <span>{t(m.chargeFee)}</span>
            <span className="whitespace-nowrap">{figures.fee}</span>
          </li>
        )}
        <li className="flex items-baseline justify-between gap-3 pt-2 font-bold text-slate-900">
          <span>{amountLabel}</span>
          <span className="text-lg whitespace-nowrap">{figures.due ?? "—"}</span>
        </li>
      </ul>
    </div>
  );
}

/** Focuses the element once `when` turns true (the outcome replaces the button that had the focus). */
function useFocusWhen(when: boolean) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (when) ref.current?.focus();
  }, [when]);
  return ref;
}

type TransferField = "amount_received" | "transfer_reference";
const TRANSFER_FIELDS: TransferField[] = ["amount_received", "transfer_reference"];

/**
 * Confirms that a pending bank transfer arrived: the amount received, typed from the bank statement (never
 * filled in, so a confirmation says what staff saw), and the bank's reference. An agent's confirmation
 * with much more than is due waits for an admin's approval (202).
 */
export function ConfirmTransferDialog({ invoice, onClose }: { invoice: StaffInvoice; onClose: () => void }) {
  const formId = useId();
  const [values, setValues] = useState({ amount_received: "", transfer_reference: "" });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<TransferField>>({});
  const [error, setError] = useState<string | null>(null);
  const confirm = useConfirmTransfer();
  const doneRef = useFocusWhen(confirm.isSuccess);
  const set = (field: TransferField) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = () => {
    setError(null);
    const parsed = confirmTransferSchema.safeParse({ ...values, amount_received: normaliseAmount(values.amount_received) });
    if (!parsed.success) return setFieldErrors(issueMessages(parsed.error.issues));
    setFieldErrors({});
    confirm.mutate(
      {
        reference: invoice.reference,
        amount_received: String(parsed.data.amount_received),
        transfer_reference: parsed.data.transfer_reference,
      },
      {
        onError: (failure) => {
          const fields = serverFieldErrors(failure, TRANSFER_FIELDS);
          setFieldErrors(fields);
          setError(generalError(failure, fields, t(m.confirmFailed)));
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t(m.confirmTitle)}
      footer={
        <DialogActions
          done={confirm.isSuccess}
          busy={confirm.isPending}
          doneRef={doneRef}
          formId={formId}
          submitLabel={t(m.confirmSubmit)}
          onClose={onClose}
        />
      }
    >
      <div className="space-y-5">
        <InvoiceSummary invoice={invoice} amountLabel={t(c.amountDue)} amountOf={m.amountDueOf} />
        {confirm.isSuccess ? (
          <Alert tone={confirm.data.awaitingApproval ? "info" : "success"}>{confirm.data.detail}</Alert>
        ) : (
          <Form id={formId} onSubmit={submit} aria-label={t(m.confirmTitle)} className="space-y-4">
            <fieldset disabled={confirm.isPending} className="space-y-4">
              <Field label={t(c.amountReceived)} error={fieldErrors.amount_received} hint={t(m.amountReceivedHint)}>
                {(control) => (
                  <input
                    {...control}
                    type="text"
                    inputMode="decimal"
                    autoComplete="off"
                    aria-required="true"
                    value={values.amount_received}
                    onChange={(event) => set("amount_received")(event.target.value)}
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
        )}
      </div>
    </Dialog>
  );
}

/** Refunds a completed payment, with the reason the audit log keeps; above a limit an admin's refund waits for a super admin. */
export function RefundDialog({ invoice, onClose }: { invoice: StaffInvoice; onClose: () => void }) {
  const formId = useId();
  const [reason, setReason] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const refund = useRefundInvoice();
  const preview = useRefundPreview(invoice.reference).data;
  const doneRef = useFocusWhen(refund.isSuccess);
  // What the server says this refund will meet, shown before Confirm: items already given, a super admin's approval.
  const notice = preview?.items_given
    ? preview.needs_approval
      ? m.refundGivenNeedsApproval
      : m.refundGiven
    : preview?.needs_approval
      ? m.refundNeedsApproval
      : null;

  const submit = () => {
    setError(null);
    const parsed = refundRequestSchema.safeParse({ reason });
    if (!parsed.success) return setFieldError(issueMessages<"reason">(parsed.error.issues).reason);
    setFieldError(undefined);
    refund.mutate(
      { reference: invoice.reference, reason: parsed.data.reason },
      {
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
        <DialogActions
          done={refund.isSuccess}
          busy={refund.isPending}
          doneRef={doneRef}
          formId={formId}
          submitLabel={t(m.refundSubmit)}
          onClose={onClose}
        />
      }
    >
      <div className="space-y-5">
        <InvoiceSummary invoice={invoice} amountLabel={t(c.amount)} amountOf={m.amountOf} />
        {refund.isSuccess ? (
          <Alert tone={refund.data.awaitingApproval ? "info" : "success"}>{refund.data.detail}</Alert>
        ) : (
          <Form id={formId} onSubmit={submit} aria-label={t(m.refundTitle)} className="space-y-4">
            <p className="text-sm text-slate-700">{t(m.refundWarning)}</p>
            {notice && <Alert tone="info">{t(notice)}</Alert>}
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
        )}
      </div>
    </Dialog>
  );
}

/** Cancel and submit while the form is open; Done (focused) once the server has answered. */
function DialogActions(props: {
  done: boolean;
  busy: boolean;
  doneRef: Ref<HTMLButtonElement>;
  formId: string;
  submitLabel: string;
  onClose: () => void;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-3">
      {props.done ? (
        <Button ref={props.doneRef} onClick={props.onClose}>
          {t(m.done)}
        </Button>
      ) : (
        <>
          <Button variant="secondary" onClick={props.onClose}>
            {t(c.cancel)}
          </Button>
          <Button type="submit" form={props.formId} busy={props.busy}>
            {props.submitLabel}
          </Button>
        </>
      )}
    </div>
  );
}
