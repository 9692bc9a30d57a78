import { useId, useState, type FormEvent, type FormHTMLAttributes, type InputHTMLAttributes, type ReactNode } from "react";
import { cn } from "./cn";
import { t } from "../../i18n";
import { uiMessages } from "../messages";

/**
 * The one form wrapper (bulletproof-react's `Form`): browser validation bubbles are off because every
 * screen shows its own messages next to the fields, linked by aria-describedby.
 */
export function Form({
  onSubmit,
  children,
  className,
  ...rest
}: Omit<FormHTMLAttributes<HTMLFormElement>, "onSubmit"> & { onSubmit: () => void }) {
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form noValidate onSubmit={handleSubmit} className={className ?? "space-y-5"} {...rest}>
      {children}
    </form>
  );
}

/** Props a Field hands to its control so that label, hint and error are wired up. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export const inputClasses =
  "block w-full min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-teal-600 focus:outline-2 focus:outline-offset-0 focus:outline-teal-600 aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus:outline-red-600 disabled:bg-slate-100";

/**
 * A labelled control with an optional hint and error message. `errorId` names the message, for a
 * message about two fields that the other control points to as well.
 */
export function Field({
  label,
  error,
  errorId: givenErrorId,
  hint,
  children,
  className,
}: {
  label: string;
  error?: string | undefined;
  errorId?: string;
  hint?: ReactNode;
  children: (props: FieldControlProps) => ReactNode;
  className?: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = givenErrorId ?? `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("space-y-1.5", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

/**
 * A field's error message on its own, for a control labelled some other way (e.g. by aria-label in a
 * list row): the control names `id` in its aria-describedby and sets aria-invalid.
 */
export function FieldError({ id, children, className }: { id: string; children: ReactNode; className?: string }) {
  return (
    <p id={id} className={cn("text-sm font-medium text-red-700", className)}>
      {children}
    </p>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "value" | "onChange"> & {
  value: string;
  onValueChange: (value: string) => void;
};

/** A text input inside a Field. */
export function TextField({
  label,
  error,
  hint,
  onValueChange,
  className,
  ...rest
}: InputProps & { label: string; error?: string | undefined; hint?: ReactNode }) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <input {...rest} {...control} onChange={(event) => onValueChange(event.target.value)} className={inputClasses} />
      )}
    </Field>
  );
}

/** A password input with a show/hide toggle ("Show password" / "Hide password"). */
export function PasswordField({
  label,
  error,
  hint,
  onValueChange,
  className,
  ...rest
}: Omit<InputProps, "type"> & { label: string; error?: string | undefined; hint?: ReactNode }) {
  const [visible, setVisible] = useState(false);
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <div className="relative">
          <input
            {...rest}
            {...control}
            type={visible ? "text" : "password"}
            onChange={(event) => onValueChange(event.target.value)}
            className={cn(inputClasses, "pr-12")}
          />
          <button
            type="button"
            onClick={() => setVisible((value) => !value)}
            aria-label={t(visible ? uiMessages.hidePassword : uiMessages.showPassword)}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-600 hover:text-teal-800 focus-visible:outline-2 focus-visible:outline-teal-700"
          >
            {visible ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        </div>
      )}
    </Field>
  );
}

function EyeIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M10.6 5.1A10.9 10.9 0 0 1 12 5c6.5 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.2M6.6 6.6C3.8 8.4 2 12 2 12s3.5 7 10 7a10 10 0 0 0 5.4-1.6" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
      <path d="m2 2 20 20" />
    </svg>
  );
}
