import { formatNaira, type DeskMethodKey } from "@hospipay/contract";
import { useId, type ReactNode } from "react";
import { TextField } from "../../../components/ui/form";
import { t } from "../../../i18n";
import { deskPaymentMessages as m } from "../desk-payment.messages";
import { changeKobo, type DeskMethodDraft } from "../utils/desk-payment";

/**
 * How money is taken at the desk, shared by a bill's part and the desk sale: Cash or POS, then the cash handed
 * over (with the change to give back, live) or the POS slip's reference. `amountField` (a bill's part) comes first
 * on the fields' row.
 */
export function DeskMethodFields({
  draft,
  onChange,
  dueKobo,
  errors,
  amountField,
}: {
  draft: DeskMethodDraft;
  /** A change of the method, the cash handed over or the reference. */
  onChange: (draft: DeskMethodDraft) => void;
  /** What the payer pays, in kobo, for the change; null while it cannot be read. */
  dueKobo: number | null;
  errors: { tendered?: string | undefined; terminal_reference?: string | undefined };
  amountField?: ReactNode;
}) {
  const methodGroupId = useId();
  const change = changeKobo(draft, dueKobo);
  const methods: Array<{ key: DeskMethodKey; label: string }> = [
    { key: "cash", label: t(m.cash) },
    { key: "pos", label: t(m.pos) },
  ];
  return (
    <>
      <fieldset>
        <legend id={methodGroupId} className="text-sm font-medium text-slate-800">
          {t(m.method)}
        </legend>
        <div className="mt-2 grid gap-2 min-[360px]:grid-cols-2">
          {methods.map((option) => (
            <label
              key={option.key}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50"
            >
              <input
                type="radio"
                name={`${methodGroupId}-method`}
                value={option.key}
                checked={draft.method === option.key}
                onChange={() => onChange({ ...draft, method: option.key })}
                className="size-4 accent-teal-700"
              />
              <span className="text-sm text-slate-900">{option.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {amountField}
        {draft.method === "cash" ? (
          <TextField
            label={t(m.tendered)}
            inputMode="decimal"
            autoComplete="off"
            value={draft.tendered}
            onValueChange={(tendered) => onChange({ ...draft, tendered })}
            error={errors.tendered}
            hint={t(m.tenderedHint)}
          />
        ) : (
          <TextField
            label={t(m.reference)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            value={draft.reference}
            onValueChange={(reference) => onChange({ ...draft, reference })}
            error={errors.terminal_reference}
            hint={t(m.referenceHint)}
          />
        )}
      </div>
      {draft.method === "cash" && (
        <p role="status" className="min-h-6 text-base text-slate-900">
          {change !== null && t(m.changeLive, { change: formatNaira(change), strong: (chunks) => <strong>{chunks}</strong> })}
        </p>
      )}
    </>
  );
}
