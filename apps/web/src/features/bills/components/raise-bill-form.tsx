import { BILL_MAX_ITEMS, formatNaira } from "@hospipay/contract";
import { useState } from "react";
import { PatientPicker } from "../../../components/patients/patient-picker";
import { patientMessages as p } from "../../../components/patients.messages";
import { Alert } from "../../../components/ui/alert";
import { LanguageField } from "../../../components/ui/language-field";
import { Button } from "../../../components/ui/button";
import { CheckboxRow } from "../../../components/ui/checkbox-row";
import { Form, TextField } from "../../../components/ui/form";
import { ApiError } from "../../../lib/api-client";
import { catalogueErrorText } from "../../../lib/catalogue/catalogue-request";
import { useDepartments } from "../../../lib/catalogue/departments";
import { useCurrentEnrolment } from "../../../lib/patients/enrolments-api";
import { BillLine } from "./bill-line";
import { formatWatDay } from "../../../lib/wat-time";
import { failureText } from "../api/bills-error";
import { useCreateBill } from "../api/create-bill";
import { useFocusFirstInvalid } from "../hooks/use-focus-first-invalid";
import {
  billBody,
  emptyBill,
  emptyLine,
  lineKobo,
  validateBill,
  type BillDraft,
  type BillFieldErrors,
  type LineDraft,
} from "../utils/bill-form";
import { t } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { billsCommonMessages as c, raiseBillMessages as m } from "../messages";

/** Messages of the server that name no field of the form (e.g. the bill's total) are shown above it. */
function serverErrors(error: unknown): { fields: BillFieldErrors; general: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, general: failureText(error, t(m.failed)) };
  const fields: BillFieldErrors = {};
  for (const [key, messages] of Object.entries(error.fieldErrors)) if (messages[0]) fields[key] = specText(messages[0]);
  const general = fields.items ?? (Object.keys(fields).length === 0 ? failureText(error, t(m.failed)) : null);
  delete fields.items;
  return { fields, general };
}

/** "Raise a bill": the patient, lines from the catalogue (or typed open prices), an optional due date and note. */
export function RaiseBillForm({
  onCreated,
  onCancel,
}: {
  onCreated: (token: string, detail: string) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState<BillDraft>(emptyBill);
  const [errors, setErrors] = useState<BillFieldErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const create = useCreateBill();
  const invalid = useFocusFirstInvalid<HTMLElement>();
  const departments = useDepartments();
  const enrolment = useCurrentEnrolment(draft.patient?.id ?? null);
  // The HMO a bill raised now would charge its part to, as the form last learnt it.
  const hmo = draft.patient && enrolment.data ? enrolment.data : null;
  const askCodes = hmo !== null && draft.chargeHmo;
  const totalKobo = draft.lines.reduce((sum, line) => sum + (lineKobo(line) ?? 0), 0);

  const set = (key: Exclude<keyof BillDraft, "lines" | "locale">) => (value: string) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const setLine = (index: number, change: Partial<LineDraft>) =>
    setDraft((current) => ({
      ...current,
      lines: current.lines.map((line, at) => (at === index ? { ...line, ...change } : line)),
    }));

  const submit = () => {
    setGeneral(null);
    const found = validateBill(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      invalid.report();
      return;
    }
    create.mutate(billBody(draft), {
      onSuccess: (answer) => {
        setDraft(emptyBill());
        onCreated(answer.bill.token, specText(answer.detail));
      },
      onError: (error) => {
        const server = serverErrors(error);
        setErrors(server.fields);
        setGeneral(server.general);
        invalid.report();
      },
    });
  };

  const errorCount = Object.keys(errors).length;

  return (
    <section
      ref={invalid.ref}
      aria-labelledby="raise-heading"
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="raise-heading" className="text-xl font-semibold text-slate-900">
        {t(m.heading)}
      </h2>
      <Form onSubmit={submit} aria-labelledby="raise-heading" className="mt-4 space-y-6">
        {(errorCount > 0 || general) && <Alert tone="error">{general ?? t(c.checkFields, { count: errorCount })}</Alert>}
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-base font-semibold text-slate-900">{t(m.patient)}</legend>
          <PatientPicker
            chosen={draft.patient}
            onChoose={(patient) => setDraft((current) => ({ ...current, patient }))}
            error={errors.patient_id}
          />
          {hmo && (
            <div className="rounded-xl border border-teal-200 bg-teal-50 p-3 text-sm text-slate-900 sm:col-span-2">
              <p>
                {t(m.enrolled, {
                  hmo: hmo.hmo.name,
                  plan: hmo.plan.name,
                  enrollee: hmo.enrollee_id,
                  until: formatWatDay(`${hmo.valid_to}T12:00:00Z`),
                })}
              </p>
              <CheckboxRow checked={draft.chargeHmo} onChange={(chargeHmo) => setDraft((current) => ({ ...current, chargeHmo }))}>
                {t(m.chargeHmo, { hmo: hmo.hmo.name })}
              </CheckboxRow>
              <p className="text-slate-600">{t(m.chargeHmoHint)}</p>
            </div>
          )}
          {draft.patient && enrolment.isError && (
            <p role="status" className="text-sm text-amber-800 sm:col-span-2">
              {t(m.enrolmentUnknown)}
            </p>
          )}
          {!draft.patient && (
            <>
              <p className="text-sm text-slate-600 sm:col-span-2">{t(p.orTyped)}</p>
              <TextField
                label={t(m.hospitalNumber)}
                autoComplete="off"
                maxLength={50}
                value={draft.hospitalNumber}
                onValueChange={set("hospitalNumber")}
                error={errors.hospital_number}
              />
              <TextField
                label={t(m.patientName)}
                autoComplete="off"
                maxLength={200}
                value={draft.patientName}
                onValueChange={set("patientName")}
                error={errors.patient_name}
              />
              <TextField
                label={t(m.phone)}
                type="tel"
                autoComplete="off"
                maxLength={30}
                value={draft.patientPhone}
                onValueChange={set("patientPhone")}
                error={errors.patient_phone}
              />
              <TextField
                label={t(m.email)}
                type="email"
                autoComplete="off"
                maxLength={254}
                value={draft.patientEmail}
                onValueChange={set("patientEmail")}
                error={errors.patient_email}
                hint={t(m.emailHint)}
              />
              <LanguageField
                label={t(m.language)}
                hint={t(m.languageHint)}
                value={draft.locale}
                onChange={(locale) => setDraft((current) => ({ ...current, locale }))}
              />
            </>
          )}
        </fieldset>

        <fieldset className="space-y-4">
          <legend className="mb-2 text-base font-semibold text-slate-900">{t(m.lines)}</legend>
          <ol className="space-y-4">
            {draft.lines.map((line, index) => (
              <BillLine
                key={line.key}
                line={line}
                index={index}
                errors={errors}
                departments={departments.data ?? []}
                departmentsError={departments.isError ? catalogueErrorText(departments.error) : null}
                hmoName={askCodes ? hmo.hmo.name : null}
                onChange={(change) => setLine(index, change)}
                onRemove={
                  draft.lines.length > 1
                    ? () => setDraft((current) => ({ ...current, lines: current.lines.filter((_, at) => at !== index) }))
                    : undefined
                }
              />
            ))}
          </ol>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Button
              variant="secondary"
              disabled={draft.lines.length >= BILL_MAX_ITEMS}
              onClick={() => setDraft((current) => ({ ...current, lines: [...current.lines, emptyLine()] }))}
            >
              {t(m.addLine)}
            </Button>
            <p className="text-base font-semibold text-slate-900" aria-live="polite">
              {t(m.total, { amount: formatNaira(totalKobo) })}
            </p>
          </div>
        </fieldset>

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-base font-semibold text-slate-900">{t(m.details)}</legend>
          <TextField
            label={t(m.dueDate)}
            type="date"
            value={draft.dueDate}
            onValueChange={set("dueDate")}
            error={errors.due_date}
          />
          <TextField label={t(m.note)} maxLength={500} value={draft.note} onValueChange={set("note")} error={errors.note} />
        </fieldset>

        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={create.isPending}>
            {t(m.submit)}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            {t(m.cancel)}
          </Button>
        </div>
      </Form>
    </section>
  );
}
