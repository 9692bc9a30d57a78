import { useEffect, useId, useRef, type ReactElement, type ReactNode } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { Dialog } from "../../../components/ui/dialog";
import { Field, Form, inputClasses } from "../../../components/ui/form";
import { t } from "../../../i18n";
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
  submitLabel: string;
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
                {submitLabel}
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

/** A reason or note typed for the audit log (up to 500 characters); required unless `optional`. */
export function ReasonField({
  label,
  hint,
  error,
  value,
  onChange,
  optional = false,
}: {
  label: string;
  hint: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
  optional?: boolean;
}) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => (
        <textarea
          {...control}
          aria-required={optional ? undefined : "true"}
          rows={3}
          maxLength={500}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={inputClasses}
        />
      )}
    </Field>
  );
}

/**
 * What a bank statement shows of a transfer, typed by hand (nothing is prefilled, so a confirmation says
 * what staff saw): an amount, then the bank's reference.
 */
export function BankTransferFields({
  amountLabel,
  amountHint,
  amount,
  reference,
  errors,
  onAmountChange,
  onReferenceChange,
}: {
  amountLabel: string;
  amountHint: string;
  amount: string;
  reference: string;
  errors: { amount?: string | undefined; reference?: string | undefined };
  onAmountChange: (value: string) => void;
  onReferenceChange: (value: string) => void;
}) {
  return (
    <>
      <Field label={amountLabel} error={errors.amount} hint={amountHint}>
        {(control) => (
          <input
            {...control}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            aria-required="true"
            value={amount}
            onChange={(event) => onAmountChange(event.target.value)}
            className={inputClasses}
          />
        )}
      </Field>
      <Field label={t(c.bankTransferReference)} error={errors.reference} hint={t(c.bankReferenceHint)}>
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="off"
            aria-required="true"
            maxLength={100}
            value={reference}
            onChange={(event) => onReferenceChange(event.target.value)}
            className={inputClasses}
          />
        )}
      </Field>
    </>
  );
}
