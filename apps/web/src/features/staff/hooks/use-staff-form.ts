import { useState } from "react";
import { generalError, issueMessages, serverFieldErrors, type FieldErrors } from "../utils/form-errors";

/** A schema's verdict on a form's values (Zod's `safeParse` result). */
export type Checked<T> =
  { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };

/** A staff operation's form: its values and messages, and what changes them. */
export interface StaffForm<F extends string> {
  values: Record<F, string>;
  fieldErrors: FieldErrors<F>;
  /** The general failure, when no field says what is wrong. */
  error: string | null;
  /** A field's change handler. */
  set: (field: F) => (value: string) => void;
  /** The checked values, or null once the schema's messages are shown under their fields. */
  check: <T>(result: Checked<T>) => T | null;
  /** A field's own message, from a check made without a schema. */
  refuse: (field: F, message: string) => void;
  /** Clears every message, as the values are sent. */
  clear: () => void;
  /** Shows a refused request's messages (an `onError` handler). */
  fail: (failure: unknown) => void;
}

/**
 * The state of a staff operation's form: its text fields (empty at first), each field's message and the
 * general failure. `check` shows a schema's verdict on the values before anything is sent; `fail` shows a
 * refused request's messages under their fields, and its general message only when no field has one.
 */
export function useStaffForm<F extends string>(fields: readonly F[], failedText: string): StaffForm<F> {
  const [values, setValues] = useState(() => Object.fromEntries(fields.map((field) => [field, ""])) as Record<F, string>);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<F>>({});
  const [error, setError] = useState<string | null>(null);

  return {
    values,
    fieldErrors,
    error,
    set: (field: F) => (value: string) => setValues((current) => ({ ...current, [field]: value })),
    check: <T>(result: Checked<T>): T | null => {
      setError(null);
      if (!result.success) {
        setFieldErrors(issueMessages<F>(result.error.issues));
        return null;
      }
      setFieldErrors({});
      return result.data;
    },
    refuse: (field: F, message: string) => {
      setError(null);
      setFieldErrors({ [field]: message } as FieldErrors<F>);
    },
    clear: () => {
      setError(null);
      setFieldErrors({});
    },
    fail: (failure: unknown) => {
      const server = serverFieldErrors(failure, fields);
      setFieldErrors(server);
      setError(generalError(failure, server, failedText));
    },
  };
}
