import { useState } from "react";
import { generalError, issueMessages, serverFieldErrors, type FieldErrors } from "../utils/form-errors";

/** A schema's verdict on a form's values (Zod's `safeParse` result). */
type Checked<T> =
  { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };

/**
 * The state of a staff operation's form: its text fields (empty at first), each field's message and the
 * general failure. `check` shows a schema's verdict on the values before anything is sent; `fail` shows a
 * refused request's messages under their fields, and its general message only when no field has one.
 */
export function useStaffForm<F extends string>(fields: readonly F[], failedText: string) {
  const [values, setValues] = useState(() => Object.fromEntries(fields.map((field) => [field, ""])) as Record<F, string>);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<F>>({});
  const [error, setError] = useState<string | null>(null);

  return {
    values,
    fieldErrors,
    error,
    /** A field's change handler. */
    set: (field: F) => (value: string) => setValues((current) => ({ ...current, [field]: value })),
    /** The checked values, or null once the schema's messages are shown under their fields. */
    check: <T>(result: Checked<T>): T | null => {
      setError(null);
      if (!result.success) {
        setFieldErrors(issueMessages<F>(result.error.issues));
        return null;
      }
      setFieldErrors({});
      return result.data;
    },
    /** A field's own message, from a check made without a schema. */
    refuse: (field: F, message: string) => {
      setError(null);
      setFieldErrors({ [field]: message } as FieldErrors<F>);
    },
    /** Clears every message, as the values are sent. */
    clear: () => {
      setError(null);
      setFieldErrors({});
    },
    /** Shows a refused request's messages (an `onError` handler). */
    fail: (failure: unknown) => {
      const server = serverFieldErrors(failure, fields);
      setFieldErrors(server);
      setError(generalError(failure, server, failedText));
    },
  };
}
