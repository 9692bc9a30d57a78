import { hmoInputSchema, LIMITS } from "@hospipay/contract";
import { useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Form, TextField } from "../../../components/ui/form";
import { t } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { useRegisterHmo } from "../api/hmos-api";
import { hmoFormMessages as f } from "../messages";
import { checkWith, focusFirstInvalid, saveFailure, type FormErrors } from "./form-errors";

const FIELDS = [
  "name",
  "nhia_code",
  "contact_name",
  "contact_phone",
  "contact_email",
  "bank_name",
  "bank_account_number",
  "bank_account_name",
] as const;
type FieldName = (typeof FIELDS)[number];

const empty = (): Record<FieldName, string> =>
  Object.fromEntries(FIELDS.map((field) => [field, ""])) as Record<FieldName, string>;

/** Registers an HMO: checked as the server checks it; the server's refusals (a name taken) show beside their field. */
export function HmoForm({ onSaved, onCancel }: { onSaved: (detail: string) => void; onCancel: () => void }) {
  const [draft, setDraft] = useState(empty);
  const [errors, setErrors] = useState<FormErrors>({ fields: {}, general: null });
  const save = useRegisterHmo();
  const box = useRef<HTMLDivElement>(null);

  const submit = () => {
    const fields = checkWith(hmoInputSchema, draft);
    setErrors({ fields, general: null });
    if (Object.keys(fields).length > 0) {
      focusFirstInvalid(box.current);
      return;
    }
    save.mutate(draft, {
      onSuccess: (answer) => onSaved(specText(answer.detail)),
      onError: (error) => {
        setErrors(saveFailure(error));
        focusFirstInvalid(box.current);
      },
    });
  };

  const text = (field: FieldName, label: string, props: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      autoComplete="off"
      maxLength={LIMITS.name}
      value={draft[field]}
      onValueChange={(value) => setDraft((current) => ({ ...current, [field]: value }))}
      error={errors.fields[field]}
      {...props}
    />
  );
  const count = Object.keys(errors.fields).length;

  return (
    <div ref={box}>
      <Form onSubmit={submit} className="space-y-4">
        {(count > 0 || errors.general) && <Alert tone="error">{errors.general ?? t(f.checkFields, { count })}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          {text("name", t(f.name))}
          {text("nhia_code", t(f.nhiaCode), { maxLength: 20 })}
          {text("contact_name", t(f.contactName))}
          {text("contact_phone", t(f.contactPhone), { type: "tel", maxLength: LIMITS.phone * 2 })}
          {text("contact_email", t(f.contactEmail), { type: "email", maxLength: LIMITS.email })}
          {text("bank_name", t(f.bankName))}
          {text("bank_account_number", t(f.bankAccountNumber), { inputMode: "numeric", maxLength: 10 })}
          {text("bank_account_name", t(f.bankAccountName))}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={save.isPending}>
            {t(f.register)}
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            {t(f.cancel)}
          </Button>
        </div>
      </Form>
    </div>
  );
}
