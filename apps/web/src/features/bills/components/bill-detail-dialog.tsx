import { ReceiptCodeBlock } from "../../../components/receipt-code-qr";
import { paymentMethodName, type StaffBill } from "@hospipay/contract";
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
import { formatWatDateTime, formatWatDay } from "../../../lib/wat-time";

/**
 * A bill as staff see it, in a dialog that prints alone as the patient's slip: the patient, the lines, the
 * parts paid with payer and method, paid and left, the link with a copy button and its QR code. Cancelling
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
        title={data ? `Bill for ${data.patient_name}` : "Bill"}
        size="lg"
        printable
        footer={
          <div className="flex flex-wrap justify-end gap-2">
            {data?.status === "open" && (
              <Button variant="ghost" onClick={() => setConfirming(true)}>
                Cancel bill
              </Button>
            )}
            <Button variant="secondary" disabled={!data} onClick={() => window.print()}>
              Print slip
            </Button>
            <Button onClick={close}>Close</Button>
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
            Loading the bill…
          </p>
        ) : bill.isError ? (
          <div role="alert" className="space-y-3">
            <p className="text-sm font-medium text-red-700">Error: {failureText(bill.error, "Failed to load the bill.")}</p>
            <Button variant="secondary" busy={bill.isFetching} onClick={() => void bill.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <BillSlip bill={bill.data} />
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
      setCopied("Link copied.");
    } catch {
      setCopied("The link could not be copied: select it and copy it by hand.");
    }
  };

  return (
    <div className="space-y-5 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <BillStatusBadge status={bill.status} />
        <span className="text-slate-600">
          Raised {formatWatDateTime(bill.created_at)} by {bill.created_by.name || bill.created_by.email}
        </span>
      </div>

      <dl className="divide-y divide-slate-100">
        <Row label="Hospital number">{bill.hospital_number}</Row>
        <Row label="Patient">{bill.patient_name}</Row>
        <Row label="Phone">{bill.patient_phone}</Row>
        {bill.patient_email && <Row label="E-mail">{bill.patient_email}</Row>}
        {bill.due_date && <Row label="Due date">{formatWatDay(`${bill.due_date}T12:00:00Z`)}</Row>}
        {bill.note && <Row label="Note">{bill.note}</Row>}
        {bill.status === "cancelled" && (
          <Row label="Cancelled">
            {bill.cancelled_at ? formatWatDateTime(bill.cancelled_at) : ""}
            {bill.cancel_reason ? ` — ${bill.cancel_reason}` : ""}
          </Row>
        )}
      </dl>

      <section aria-label="Lines">
        <h3 className="font-semibold text-slate-900">Lines</h3>
        <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {bill.items.map((item, index) => (
            <li key={`${item.service_id}-${index}`} className="flex flex-wrap justify-between gap-2 p-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{item.service_name}</p>
                <p className="text-slate-600">
                  {item.department ? `${item.department} · ` : ""}
                  {item.quantity} × {formatNairaAmount(item.unit_price)}
                </p>
                {item.price_note && <p className="text-slate-600">Price note: {item.price_note}</p>}
              </div>
              <p className="font-semibold whitespace-nowrap text-slate-900">{formatNairaAmount(item.line_total)}</p>
            </li>
          ))}
        </ul>
        <dl className="mt-3 space-y-0.5">
          <Row label="Total">{formatNairaAmount(bill.total)}</Row>
          <Row label="Paid">{formatNairaAmount(bill.paid)}</Row>
          <Row label="Left to pay">{formatNairaAmount(bill.left)}</Row>
        </dl>
      </section>

      <section aria-label="Payments">
        <h3 className="font-semibold text-slate-900">Payments</h3>
        {bill.parts.length === 0 ? (
          <p className="mt-1 text-slate-600">Nothing has been paid yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {bill.parts.map((part) => (
              <li key={part.reference} className="flex flex-wrap justify-between gap-2 p-3">
                <div className="min-w-0 wrap-anywhere">
                  <p className="font-medium text-slate-900">{part.payer_name}</p>
                  <p className="text-slate-600">
                    {paymentMethodName(part.payment_method)} · {part.status}
                    {part.in_review ? " · held for a refund" : ""}
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
        <section aria-label="Bill receipt">
          <ReceiptCodeBlock code={bill.receipt_code} />
        </section>
      )}

      <section aria-label="Payment link" className="flex flex-col gap-4 rounded-lg bg-slate-50 p-3 sm:flex-row sm:items-center">
        <BillQr link={link} className="size-40 shrink-0 self-center bg-white print:size-48" />
        <div className="min-w-0 space-y-2">
          <h3 className="font-semibold text-slate-900">Pay online</h3>
          <p className="text-slate-600">Scan the code or open the link to pay all or part of this bill.</p>
          <a href={link} className="block font-medium break-all text-teal-800 underline">
            {link}
          </a>
          <Button variant="secondary" className="print:hidden" onClick={() => void copy()}>
            Copy link
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
      setFieldError("Give the reason for cancelling.");
      invalid.report();
      return;
    }
    setFieldError(undefined);
    cancel.mutate(
      { token: bill.token, reason: reason.trim() },
      {
        onSuccess: (answer) => {
          const refunds = answer.refunds.length;
          onCancelled(
            refunds === 0
              ? answer.detail
              : `${answer.detail} ${refunds} ${refunds === 1 ? "payment is" : "payments are"} being refunded.`,
          );
          setReason("");
        },
        onError: (error) => {
          const server = error instanceof ApiError ? error.fieldError("reason") : undefined;
          if (server) {
            setFieldError(server);
            invalid.report();
          } else setFailure(failureText(error, "The bill could not be cancelled."));
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Cancel this bill?"
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Keep the bill
          </Button>
          <Button type="submit" form={formId} busy={cancel.isPending}>
            Cancel bill
          </Button>
        </div>
      }
    >
      <div ref={invalid.ref}>
        <Form id={formId} onSubmit={submit} aria-label="Cancel the bill" className="space-y-4">
          <p className="text-sm text-slate-700">
            The bill of {bill.patient_name} ({formatNairaAmount(bill.total)}) can no longer be paid.
            {bill.parts.some((part) => part.status === "completed")
              ? " The parts already paid are refunded to their payers."
              : ""}
          </p>
          {failure && <Alert tone="error">{failure}</Alert>}
          <Field label="Reason" error={fieldError} hint="It is kept in the audit log.">
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
