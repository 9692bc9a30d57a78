import { LOCALE_NAMES, LOCALES, type Locale } from "@hospipay/contract";
import type { ReactNode } from "react";
import { Field, inputClasses } from "./form";

/** A choice of one of the five languages, each named in itself (a patient's language). */
export function LanguageField({
  label,
  hint,
  error,
  value,
  onChange,
}: {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  value: string;
  onChange: (locale: Locale) => void;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <select {...control} value={value} onChange={(event) => onChange(event.target.value as Locale)} className={inputClasses}>
          {LOCALES.map((code) => (
            <option key={code} value={code} lang={code}>
              {LOCALE_NAMES[code]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
