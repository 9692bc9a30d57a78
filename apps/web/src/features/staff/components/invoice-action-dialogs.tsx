import { confirmTransferSchema, refundRequestSchema } from "@hospipay/contract";
import { useId } from "react";
import { Alert } from "../../../components/ui/alert";
import { t, type MessageDescriptor } from "../../../i18n";
import { useConfirmTransfer } from "../api/confirm-transfer";
import { useRefundInvoice } from "../api/refund-invoice";
import { useRefundPreview } from "../api/refund-preview";
import { useBankTransferForm } from "../hooks/use-bank-transfer-form";
import { useStaffForm } from "../hooks/use-staff-form";
import { amountDue, type StaffInvoice } from "../utils/transactions";
import { commonMessages as c, invoiceActionMessages as m } from "../messages";
import { BankTransferFields, ReasonField, StaffFormDialog, SummaryItem } from "./staff-form-dialog";

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
        <SummaryItem label={t(c.reference)}>{invoice.reference}</SummaryItem>
        <SummaryItem label={t(c.customer)}>{`${name} (${invoice.customer_email})`}</SummaryItem>
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

/**
 * Confirms that a pending bank transfer arrived: the amount received, typed from the bank statement (never
 * filled in, so a confirmation says what staff saw), and the bank's reference. An agent's confirmation
 * with much more than is due waits for an admin's approval (202).
 */
export function ConfirmTransferDialog({ invoice, onClose }: { invoice: StaffInvoice; onClose: () => void }) {
  const form = useBankTransferForm("amount_received", (values) => confirmTransferSchema.safeParse(values), t(m.confirmFailed));
  const confirm = useConfirmTransfer();

  const submit = () => {
    const input = form.read();
    if (input) confirm.mutate({ reference: invoice.reference, ...input }, { onError: form.fail });
  };

  return (
    <StaffFormDialog
      title={t(m.confirmTitle)}
      submitLabel={t(m.confirmSubmit)}
      busy={confirm.isPending}
      onSubmit={submit}
      onClose={onClose}
      summary={<InvoiceSummary invoice={invoice} amountLabel={t(c.amountDue)} amountOf={m.amountDueOf} />}
      error={form.error}
      outcome={
        confirm.isSuccess && <Alert tone={confirm.data.awaitingApproval ? "info" : "success"}>{confirm.data.detail}</Alert>
      }
    >
      <BankTransferFields form={form} amountLabel={t(c.amountReceived)} amountHint={t(m.amountReceivedHint)} />
    </StaffFormDialog>
  );
}

/** Refunds a completed payment, with the reason the audit log keeps; above a limit an admin's refund waits for a super admin. */
export function RefundDialog({ invoice, onClose }: { invoice: StaffInvoice; onClose: () => void }) {
  const form = useStaffForm(["reason"], t(c.failedRefundPayment));
  const refund = useRefundInvoice();
  const preview = useRefundPreview(invoice.reference).data;
  // What the server says this refund will meet, shown before Confirm: items already given, a super admin's approval.
  const notice = preview?.items_given
    ? preview.needs_approval
      ? m.refundGivenNeedsApproval
      : m.refundGiven
    : preview?.needs_approval
      ? m.refundNeedsApproval
      : null;

  const submit = () => {
    const checked = form.check(refundRequestSchema.safeParse(form.values));
    if (checked) refund.mutate({ reference: invoice.reference, reason: checked.reason }, { onError: form.fail });
  };

  return (
    <StaffFormDialog
      title={t(m.refundTitle)}
      submitLabel={t(m.refundSubmit)}
      busy={refund.isPending}
      onSubmit={submit}
      onClose={onClose}
      summary={<InvoiceSummary invoice={invoice} amountLabel={t(c.amount)} amountOf={m.amountOf} />}
      intro={
        <>
          <p className="text-sm text-slate-700">{t(m.refundWarning)}</p>
          {notice && <Alert tone="info">{t(notice)}</Alert>}
        </>
      }
      error={form.error}
      outcome={refund.isSuccess && <Alert tone={refund.data.awaitingApproval ? "info" : "success"}>{refund.data.detail}</Alert>}
    >
      <ReasonField form={form} field="reason" hint={t(c.reasonHint)} />
    </StaffFormDialog>
  );
}
