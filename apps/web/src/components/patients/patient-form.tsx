import { LIMITS, patientInputSchema, type Patient } from "@hospipay/contract";
import { useRef, useState } from "react";
import { t } from "../../i18n";
import { ApiError } from "../../lib/api-client";
import { specText } from "../../lib/messages";
import { PatientsAnswerError, useSavePatient, type PatientBody } from "../../lib/patients/patients-api";
import { patientMessages as m } from "../patients.messages";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Form, TextField } from "../ui/form";
import { LanguageField } from "../ui/language-field";

type FieldName = keyof PatientBody;
type Errors = Partial<Record<FieldName, string>>;

const FIELDS: readonly FieldName[] = [
  "hospital_number",
  "first_name",
  "other_names",
  "last_name",
  "phone",
  "email",
  "language",
  "date_of_birth",
];

const emptyPatient = (): PatientBody => ({
  hospital_number: "",
  first_name: "",
  last_name: "",
  other_names: "",
  phone: "",
  email: "",
  language: "en",
  date_of_birth: "",
});

const draftOf = (patient: Patient): PatientBody => ({
  hospital_number: patient.hospital_number,
  first_name: patient.first_name,
  last_name: patient.last_name,
  other_names: patient.other_names,
  phone: patient.phone,
  email: patient.email,
  language: patient.language,
  date_of_birth: patient.date_of_birth,
});

/** The contract's checks, as the server makes them: each field's first message, in the current language. */
function check(draft: PatientBody): Errors {
  const parsed = patientInputSchema.safeParse(draft);
  const errors: Errors = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as FieldName;
    if (FIELDS.includes(field) && errors[field] === undefined) errors[field] = specText(issue.message);
  }
  return errors;
}

function failure(error: unknown): { fields: Errors; general: string | null } {
  if (error instanceof PatientsAnswerError) return { fields: {}, general: t(m.unreadable) };
  if (!(error instanceof ApiError)) return { fields: {}, general: t(m.saveFailed) };
  if (error.status === 0) return { fields: {}, general: t(m.networkError) };
  const fields: Errors = {};
  for (const field of FIELDS) {
    const message = error.fieldError(field);
    if (message) fields[field] = specText(message);
  }
  const general = Object.keys(fields).length === 0 ? (error.detail ? specText(error.detail) : t(m.saveFailed)) : null;
  return { fields, general };
}

/**
 * A patient's details: registers a new patient, or corrects one (`patient`), sending only what changed.
 * Checked as the server checks them; the server's field errors (a hospital number already registered)
 * show beside their fields, and focus goes to the first field in error.
 */
export function PatientForm({
  patient,
  onSaved,
  onCancel,
}: {
  patient?: Patient;
  onSaved: (patient: Patient, detail: string) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<PatientBody>(() => (patient ? draftOf(patient) : emptyPatient()));
  const [errors, setErrors] = useState<Errors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const save = useSavePatient();
  const box = useRef<HTMLDivElement>(null);

  const focusFirstInvalid = () =>
    requestAnimationFrame(() => box.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());

  const set = (field: FieldName) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));

  const submit = () => {
    setGeneral(null);
    const found = check(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    const original = patient ? draftOf(patient) : null;
    const body: Partial<PatientBody> = original
      ? Object.fromEntries(FIELDS.filter((field) => draft[field] !== original[field]).map((field) => [field, draft[field]]))
      : draft;
    if (original && Object.keys(body).length === 0) {
      setGeneral(t(m.nothingChanged));
      return;
    }
    save.mutate(
      { id: patient?.id ?? null, body },
      {
        onSuccess: (answer) => onSaved(answer.patient, specText(answer.detail)),
        onError: (error) => {
          const result = failure(error);
          setErrors(result.fields);
          setGeneral(result.general);
          focusFirstInvalid();
        },
      },
    );
  };

  const errorCount = Object.keys(errors).length;
  const text = (field: FieldName, label: string, props: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      autoComplete="off"
      value={draft[field]}
      onValueChange={set(field)}
      error={errors[field]}
      {...props}
    />
  );

  return (
    <div ref={box}>
      <Form onSubmit={submit} className="space-y-4">
        {(errorCount > 0 || general) && <Alert tone="error">{general ?? t(m.checkFields, { count: errorCount })}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          {text("hospital_number", t(m.hospitalNumber), { maxLength: LIMITS.hospitalNumber })}
          {text("first_name", t(m.firstName), { maxLength: LIMITS.name })}
          {text("other_names", t(m.otherNames), { maxLength: LIMITS.name })}
          {text("last_name", t(m.lastName), { maxLength: LIMITS.name })}
          {text("phone", t(m.phone), { type: "tel", maxLength: LIMITS.phone * 2 })}
          {text("email", t(m.email), { type: "email", maxLength: LIMITS.email })}
          <LanguageField
            label={t(m.language)}
            hint={t(m.languageHint)}
            error={errors.language}
            value={draft.language}
            onChange={set("language")}
          />
          {text("date_of_birth", t(m.dateOfBirth), { type: "date" })}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={save.isPending}>
            {patient ? t(m.saveCorrection) : t(m.register)}
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            {t(m.cancel)}
          </Button>
        </div>
      </Form>
    </div>
  );
}
