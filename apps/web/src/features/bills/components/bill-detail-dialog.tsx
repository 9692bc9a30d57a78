import { ReceiptCodeBlock } from "../../../components/receipt-code-qr";
import { type StaffBill } from "@hospipay/contract";
import { useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { Dialog } from "../../../components/ui/dialog";
import { Field, Form, inputClasses } from "../../../components/ui/form";
import { ApiError } from "../../../lib/api-client";
import { formatNairaAmount } from "../../../lib/money";
import { failureText } from "../api/bills-error";
import { useCancelBill } from "../api/cancel-bill";
import { useStaffBill } from "../api/get-bill";
import { useFocusFirstInvalid } from "../hooks/use-focus-first-invalid";
import { payLink } from "../utils/bill-format";
import { BillQr } from "./bill-qr";
import { BillStatusBadge } from "./bill-status-badge";
import { DeskPaymentForm } from "./desk-payment-form";
import { BillWaivers } from "./bill-waivers";
import { SlipPrintControls } from "../../../components/print/slip-print";
import { billSlip } from "../utils/bill-slip";
import { formatWatDateTime, formatWatDay } from "../../../lib/wat-time";
import { t } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { billDetailMessages as m, billsCommonMessages as c, cancelBillMessages as cm } from "../messages";
import { paymentMethodText } from "../../../lib/payment-methods";

/**
 * A bill as staff see it, in a dialog: the patient, the lines, the parts paid with payer and method, paid and
 * left, the link with a copy button and its QR code. "Print slip" prints the desk's thermal slip of it
 * (components/print); a print of the screen prints the dialog alone. Cancelling
 * asks for a reason in a dialog of its own (this one closes meanwhile, and opens again after).
 */
export function BillDetailDialog({ token, onClose }: { token: string | null; onClose: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const bill = useStaffBill(token);
  const data = bill.data;

  const close = () => {
    setOutcome(null);
    onClose();
  };

  return (
    <>
      <Dialog
        open={token !== null && !confirming}
        onClose={close}
        title={data ? t(m.title, { name: data.patient_name }) : t(m.titleLoading)}
        size="lg"
        printable
        footer={
          <div className="flex flex-wrap items-center justify-end gap-2">
            {data?.status === "open" && (
              <Button variant="ghost" onClick={() => setConfirming(true)}>
                {t(m.cancelBill)}
              </Button>
            )}
            <SlipPrintControls content={data ? billSlip(data) : null} label={t(m.printSlip)} />
            <Button onClick={close}>{t(m.close)}</Button>
          </div>
        }
      >
        {outcome && (
          <Alert tone="success" className="mb-4">
            {outcome}
          </Alert>
        )}
        {bill.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            {t(c.loadingBill)}
          </p>
        ) : bill.isError ? (
          <div role="alert" className="space-y-3">
            <p className="text-sm font-medium text-red-700">
              {t(c.error, { message: failureText(bill.error, t(c.loadBillFailed)) })}
            </p>
            <Button variant="secondary" busy={bill.isFetching} onClick={() => void bill.refetch()}>
              {t(c.tryAgain)}
            </Button>
          </div>
        ) : (
          <>
            <BillSlip bill={bill.data} />
            <BillWaivers key={`waivers-${bill.data.token}`} bill={bill.data} />
            <DeskPaymentForm key={bill.data.token} bill={bill.data} />
          </>
        )}
      </Dialog>
      {data && (
        <CancelBillDialog
          open={confirming}
          bill={data}
          onClose={() => setConfirming(false)}
          onCancelled={(detail) => {
            setOutcome(detail);
            setConfirming(false);
          }}
        />
      )}
    </>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-1">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900 wrap-anywhere">{children}</dd>
    </div>
  );
}

/** The bill's content: what the slip prints. */
function BillSlip({ bill }: { bill: StaffBill }) {
  const link = payLink(bill.token, bill.pay_url);
  const [copied, setCopied] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(t(m.linkCopied));
    } catch {
      setCopied(t(m.copyFailed));
    }
  };

  return (
    <div className="space-y-5 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <BillStatusBadge status={bill.status} />
        <span className="text-slate-600">
          {t(m.raisedBy, {
            date: formatWatDateTime(bill.created_at),
            name: bill.created_by.name || bill.created_by.email,
          })}
        </span>
      </div>

      <dl className="divide-y divide-slate-100">
        <Row label={t(m.hospitalNumber)}>{bill.hospital_number}</Row>
        <Row label={t(m.patient)}>{bill.patient_name}</Row>
        <Row label={t(m.phone)}>{bill.patient_phone}</Row>
        {bill.patient_email && <Row label={t(m.email)}>{bill.patient_email}</Row>}
        {bill.due_date && <Row label={t(m.dueDate)}>{formatWatDay(`${bill.due_date}T12:00:00Z`)}</Row>}
        {bill.note && <Row label={t(m.note)}>{bill.note}</Row>}
        {bill.coverage && (
          <Row label={t(m.hmo)}>
            {t(c.coverage, {
              hmo: bill.coverage.hmo_name,
              plan: bill.coverage.plan_name,
              enrollee: bill.coverage.enrollee_id,
            })}
          </Row>
        )}
        {bill.status === "cancelled" && (
          <Row label={t(m.cancelled)}>
            {bill.cancelled_at ? formatWatDateTime(bill.cancelled_at) : ""}
            {bill.cancel_reason ? ` — ${bill.cancel_reason}` : ""}
          </Row>
        )}
      </dl>

      <section aria-label={t(m.lines)}>
        <h3 className="font-semibold text-slate-900">{t(m.lines)}</h3>
        <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {bill.items.map((item, index) => (
            <li key={`${item.service_id}-${index}`} className="flex flex-wrap justify-between gap-2 p-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{item.service_name}</p>
                <p className="text-slate-600">
                  {item.department ? `${item.department} · ` : ""}
                  {item.quantity} × {formatNairaAmount(item.unit_price)}
                </p>
                {item.price_note && <p className="text-slate-600">{t(m.priceNote, { note: item.price_note })}</p>}
                {bill.coverage && Number(item.hmo_part) > 0 && (
                  <p className="text-slate-600">
                    {[
                      t(c.hmoLine, { hmo: bill.coverage.hmo_name, amount: formatNairaAmount(item.hmo_part) }),
                      Number(item.copay) > 0 ? t(c.copayLine, { amount: formatNairaAmount(item.copay) }) : null,
                      item.preauth_code ? t(c.preauthLine, { code: item.preauth_code }) : null,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                )}
              </div>
              <p className="font-semibold whitespace-nowrap text-slate-900">{formatNairaAmount(item.line_total)}</p>
            </li>
          ))}
        </ul>
        <dl className="mt-3 space-y-0.5">
          <Row label={t(c.total)}>{formatNairaAmount(bill.total)}</Row>
          {bill.coverage && Number(bill.hmo_part) > 0 && (
            <Row label={t(c.hmoPart, { hmo: bill.coverage.hmo_name })}>{formatNairaAmount(bill.hmo_part)}</Row>
          )}
          <Row label={t(c.paid)}>{formatNairaAmount(bill.paid)}</Row>
          {Number(bill.waived) > 0 && <Row label={t(c.waived)}>{formatNairaAmount(bill.waived)}</Row>}
          <Row label={t(c.leftToPay)}>{formatNairaAmount(bill.left)}</Row>
        </dl>
      </section>

      <section aria-label={t(m.payments)}>
        <h3 className="font-semibold text-slate-900">{t(m.payments)}</h3>
        {bill.parts.length === 0 ? (
          <p className="mt-1 text-slate-600">{t(m.noPayments)}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {bill.parts.map((part) => (
              <li key={part.reference} className="flex flex-wrap justify-between gap-2 p-3">
                <div className="min-w-0 wrap-anywhere">
                  <p className="font-medium text-slate-900">{part.payer_name}</p>
                  <p className="text-slate-600">
                    {t(part.in_review ? m.partStatusHeld : m.partStatus, {
                      method: paymentMethodText(part.payment_method),
                      status: part.status,
                    })}
                  </p>
                  <p className="text-slate-600">
                    {part.reference} · {formatWatDateTime(part.paid_at ?? part.created_at)}
                  </p>
                </div>
                <p className="font-semibold whitespace-nowrap text-slate-900">{formatNairaAmount(part.amount)}</p>
              </li>
            ))}
          </ul>
        )}
      </section>

      {bill.receipt_code && (
        <section aria-label={t(m.billReceipt)}>
          <ReceiptCodeBlock code={bill.receipt_code} />
        </section>
      )}

      <section
        aria-label={t(m.paymentLink)}
        className="flex flex-col gap-4 rounded-lg bg-slate-50 p-3 sm:flex-row sm:items-center"
      >
        <BillQr link={link} className="size-40 shrink-0 self-center bg-white print:size-48" />
        <div className="min-w-0 space-y-2">
          <h3 className="font-semibold text-slate-900">{t(m.payOnline)}</h3>
          <p className="text-slate-600">{t(m.payOnlineHint)}</p>
          <a href={link} className="block font-medium break-all text-teal-800 underline">
            {link}
          </a>
          <Button variant="secondary" className="print:hidden" onClick={() => void copy()}>
            {t(m.copyLink)}
          </Button>
          <p role="status" className="text-slate-600 print:hidden">
            {copied}
          </p>
        </div>
      </section>
    </div>
  );
}

/** The confirm dialog of a cancellation: a reason (kept in the audit log) is required. */
function CancelBillDialog({
  open,
  bill,
  onClose,
  onCancelled,
}: {
  open: boolean;
  bill: StaffBill;
  onClose: () => void;
  onCancelled: (detail: string) => void;
}) {
  const formId = useId();
  const [reason, setReason] = useState("");
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const cancel = useCancelBill();
  const invalid = useFocusFirstInvalid<HTMLDivElement>();

  const submit = () => {
    setFailure(null);
    if (!reason.trim()) {
      setFieldError(t(cm.reasonRequired));
      invalid.report();
      return;
    }
    setFieldError(undefined);
    cancel.mutate(
      { token: bill.token, reason: reason.trim() },
      {
        onSuccess: (answer) => {
          const refunds = answer.refunds.length;
          onCancelled(refunds === 0 ? specText(answer.detail) : t(cm.refunding, { detail: specText(answer.detail), refunds }));
          setReason("");
        },
        onError: (error) => {
          const server = error instanceof ApiError ? error.fieldError("reason") : undefined;
          if (server) {
            setFieldError(specText(server));
            invalid.report();
          } else setFailure(failureText(error, t(cm.failed)));
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t(cm.title)}
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t(cm.keep)}
          </Button>
          <Button type="submit" form={formId} busy={cancel.isPending}>
            {t(m.cancelBill)}
          </Button>
        </div>
      }
    >
      <div ref={invalid.ref}>
        <Form id={formId} onSubmit={submit} aria-label={t(cm.form)} className="space-y-4">
          <p className="text-sm text-slate-700">
            {t(bill.parts.some((part) => part.status === "completed") ? cm.warningRefund : cm.warning, {
              name: bill.patient_name,
              total: formatNairaAmount(bill.total),
            })}
          </p>
          {failure && <Alert tone="error">{failure}</Alert>}
          <Field label={t(cm.reason)} error={fieldError} hint={t(cm.reasonHint)}>
            {(control) => (
              <textarea
                {...control}
                rows={3}
                maxLength={500}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                className={cn(inputClasses, "min-h-24")}
              />
            )}
          </Field>
        </Form>
      </div>
    </Dialog>
  );
}
