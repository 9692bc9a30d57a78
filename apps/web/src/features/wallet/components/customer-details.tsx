import { Field, inputClasses } from "../../../components/ui/form";
import { cn } from "../../../components/ui/cn";
import { t, type MessageDescriptor } from "../../../i18n";
import { customerMessages as m } from "../messages";
import type { WalletCustomer } from "../utils/wallet-customer";

/** Who the payment is for (SPEC §2): the signed-in user, or someone else. */
export type CustomerMode = "self" | "other";

const LABELS: Record<keyof WalletCustomer, MessageDescriptor> = {
  first_name: m.firstName,
  last_name: m.lastName,
  email: m.email,
  phone_number: m.phoneNumber,
  hospital_number: m.hospitalNumber,
  transaction_description: m.transactionDescription,
};

const AUTOCOMPLETE: Record<keyof WalletCustomer, string> = {
  first_name: "given-name",
  last_name: "family-name",
  email: "email",
  phone_number: "tel",
  hospital_number: "off",
  transaction_description: "off",
};

/** The label of a customer field in the current language, e.g. for a server's field error. */
export function customerFieldLabel(field: keyof WalletCustomer): string {
  return t(LABELS[field]);
}

/**
 * The 'Self' / 'Someone Else' choice and the six SPEC §3 wallet customer fields. In 'Self' mode the
 * five personal fields are read-only (they come from the profile); the description is always editable.
 */
export function CustomerDetails({
  mode,
  onModeChange,
  customer,
  onChange,
  errors,
}: {
  mode: CustomerMode;
  onModeChange: (mode: CustomerMode) => void;
  customer: WalletCustomer;
  onChange: (field: keyof WalletCustomer, value: string) => void;
  errors: Partial<Record<keyof WalletCustomer, string>>;
}) {
  const readOnly = mode === "self";
  const field = (name: keyof WalletCustomer, type = "text", locked = readOnly) => (
    <Field
      label={t(LABELS[name])}
      error={errors[name]}
      className={name === "transaction_description" ? "sm:col-span-2" : undefined}
    >
      {(control) => (
        <input
          {...control}
          name={name}
          type={type}
          value={customer[name]}
          readOnly={locked}
          autoComplete={AUTOCOMPLETE[name]}
          inputMode={name === "phone_number" ? "tel" : undefined}
          onChange={(event) => onChange(name, event.target.value)}
          className={cn(inputClasses, "read-only:border-slate-200 read-only:bg-slate-100 read-only:text-slate-700")}
        />
      )}
    </Field>
  );

  return (
    <section aria-labelledby="customer-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="customer-heading" className="text-lg font-semibold text-slate-900">
        {t(m.heading)}
      </h2>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-slate-800">{t(m.whoFor)}</legend>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:w-fit">
          {(
            [
              ["self", m.self],
              ["other", m.other],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className={cn(
                "flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-4 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-teal-700",
                mode === value ? "border-teal-700 bg-teal-50 text-teal-900" : "border-slate-300 bg-white text-slate-800",
              )}
            >
              <input
                type="radio"
                name="customer-mode"
                value={value}
                checked={mode === value}
                onChange={() => onModeChange(value)}
                className="size-4 accent-teal-700"
              />
              {t(label)}
            </label>
          ))}
        </div>
      </fieldset>
      <p className="mt-3 text-sm text-slate-600">{t(readOnly ? m.selfHint : m.otherHint)}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {field("first_name")}
        {field("last_name")}
        {field("email", "email")}
        {field("phone_number", "tel")}
        {field("hospital_number")}
        {field("transaction_description", "text", false)}
      </div>
    </section>
  );
}
