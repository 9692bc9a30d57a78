import { useEffect, useId, useRef, type ReactElement, type ReactNode } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { Dialog } from "../../../components/ui/dialog";
import { Field, Form, inputClasses } from "../../../components/ui/form";
import { t } from "../../../i18n";
import type { BankTransferForm } from "../hooks/use-bank-transfer-form";
import type { StaffForm } from "../hooks/use-staff-form";
import { commonMessages as c, invoiceActionMessages } from "../messages";

/**
 * The dialog of a staff operation on one item (a refund, a decision, a bank transfer's confirmation): the
 * item's summary, then a form named by the title whose fields are disabled while it is sent, the general
 * failure below them, and Cancel beside the submit button. With an `outcome` (the server's answer) the form
 * gives way to it and "Done" takes the focus, as the button that had it is gone. The Dialog traps the
 * focus, closes on Escape and gives the focus back to the row's button.
 */
export function StaffFormDialog({
  title,
  submitLabel,
  busy,
  onSubmit,
  onClose,
  summary,
  intro,
  error,
  outcome,
  className,
  children,
}: {
  title: string;
  /** The submit button's text; the title when none. */
  submitLabel?: string;
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
  /** The item the operation is about, above the form. */
  summary?: ReactNode;
  /** What the operation will do, inside the form above its fields. */
  intro?: ReactNode;
  /** The general failure, when no field says what is wrong. */
  error: string | null;
  /** The server's answer, shown in place of the form once it came (nothing, or false, until then). */
  outcome?: ReactElement | false | null;
  className?: string;
  /** The form's fields. */
  children: ReactNode;
}) {
  const formId = useId();
  const done = Boolean(outcome);
  const doneRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      footer={
        <div className="flex flex-wrap justify-end gap-3">
          {done ? (
            <Button ref={doneRef} onClick={onClose}>
              {t(invoiceActionMessages.done)}
            </Button>
          ) : (
            <>
              <Button variant="secondary" onClick={onClose}>
                {t(c.cancel)}
              </Button>
              <Button type="submit" form={formId} busy={busy}>
                {submitLabel ?? title}
              </Button>
            </>
          )}
        </div>
      }
    >
      <div className={cn("space-y-5", className)}>
        {summary}
        {done ? (
          outcome
        ) : (
          <Form id={formId} onSubmit={onSubmit} aria-label={title} className="space-y-4">
            {intro}
            <fieldset disabled={busy} className="space-y-4">
              {children}
            </fieldset>
            {error && <Alert tone="error">{error}</Alert>}
          </Form>
        )}
      </div>
    </Dialog>
  );
}

/** A reason or note typed for the audit log (up to 500 characters), the form's `field`; required unless `optional`. */
export function ReasonField<F extends string>({
  form,
  field,
  label = t(c.reason),
  hint,
  optional = false,
}: {
  form: StaffForm<F>;
  field: F;
  label?: string;
  hint: string;
  optional?: boolean;
}) {
  return (
    <Field label={label} error={form.fieldErrors[field]} hint={hint}>
      {(control) => (
        <textarea
          {...control}
          aria-required={optional ? undefined : "true"}
          rows={3}
          maxLength={500}
          value={form.values[field]}
          onChange={(event) => form.set(field)(event.target.value)}
          className={inputClasses}
        />
      )}
    </Field>
  );
}

/** One fact of an item's summary (a `<dl>`'s term and its value). */
export function SummaryItem({
  label,
  className,
  valueClassName = "font-medium break-all",
  children,
}: {
  label: string;
  /** The item's width in the summary's grid. */
  className?: string;
  valueClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <dt className="text-slate-600">{label}</dt>
      <dd className={cn(valueClassName, "text-slate-900")}>{children}</dd>
    </div>
  );
}

/**
 * What a bank statement shows of a transfer, typed by hand (nothing is prefilled, so a confirmation says
 * what staff saw): an amount, then the bank's reference.
 */
export function BankTransferFields<A extends string>({
  form,
  amountLabel,
  amountHint,
}: {
  form: BankTransferForm<A>;
  amountLabel: string;
  amountHint: string;
}) {
  const { amountField, values, fieldErrors, set } = form;
  return (
    <>
      <Field label={amountLabel} error={fieldErrors[amountField]} hint={amountHint}>
        {(control) => (
          <input
            {...control}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            aria-required="true"
            value={values[amountField]}
            onChange={(event) => set(amountField)(event.target.value)}
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
    </>
  );
}
