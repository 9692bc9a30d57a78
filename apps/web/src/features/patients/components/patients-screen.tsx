import { LOCALE_NAMES, STAFF_SEARCH_MAX, type Patient } from "@hospipay/contract";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { StaffAreaShell } from "../../../components/layout/staff-area-shell";
import { PatientForm } from "../../../components/patients/patient-form";
import { patientName } from "../../../components/patients/patient-picker";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { breakAnywhere, cellClasses, DataTable } from "../../../components/ui/data-table";
import { Dialog } from "../../../components/ui/dialog";
import { Form, TextField } from "../../../components/ui/form";
import { ListFailure, ListNote, Pager } from "../../../components/ui/list-states";
import { t } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { specText } from "../../../lib/messages";
import { PATIENT_PAGE_SIZE, usePatientSearch } from "../../../lib/patients/patients-api";
import { checkSearchText, pageFrom } from "../../../lib/search-text";
import { formatWatDay } from "../../../lib/wat-time";
import { patientsScreenMessages as m } from "../messages";

const COLUMNS = [m.colHospitalNumber, m.colName, m.colPhone, m.colBorn, m.colLanguage, m.colActions];

/**
 * /agentdashboard/patients, /admindashboard/patients and /superdashboard/patients (beyond SPEC, issue 36):
 * staff find a patient of the register, register a new one and correct one's details.
 */
export function PatientsScreen() {
  return (
    <StaffAreaShell panels={m} title={t(m.title)} denied={t(m.denied)}>
      <PatientRegister />
    </StaffAreaShell>
  );
}

function failureText(error: unknown): string {
  if (error instanceof ApiError)
    return error.detail ? specText(error.detail) : error.status === 0 ? t(m.networkError) : t(m.searchFailed);
  return t(m.searchFailed);
}

function PatientRegister() {
  const [params, setParams] = useSearchParams();
  const asked = params.get("q") ?? "";
  const checked = asked ? checkSearchText(asked, t(m.search)) : null;
  const q = checked?.q ?? null;
  const page = pageFrom(params.get("page"));
  const [draft, setDraft] = useState({ for: asked, text: asked });
  const text = draft.for === asked ? draft.text : asked;
  const [typedError, setTypedError] = useState<string | undefined>();
  const [editing, setEditing] = useState<Patient | "new" | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const search = usePatientSearch(q, page);
  const fieldError = typedError ?? (text === asked ? checked?.error : undefined);

  const submit = () => {
    const result = checkSearchText(text, t(m.search));
    if (result.error !== undefined) {
      setTypedError(result.error);
      return;
    }
    setTypedError(undefined);
    setDraft({ for: result.q, text: result.q });
    setParams({ q: result.q });
  };

  const onSaved = (patient: Patient, detail: string) => {
    setEditing(null);
    setSaved(detail);
    // The saved patient is what the list shows next.
    setDraft({ for: patient.hospital_number, text: patient.hospital_number });
    setParams({ q: patient.hospital_number });
  };

  const results = search.data?.results ?? [];
  const count = search.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / PATIENT_PAGE_SIZE));

  return (
    <section
      aria-labelledby="patients-heading"
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="patients-heading" className="text-xl font-semibold text-slate-900">
          {t(m.heading)}
        </h2>
        <Button
          onClick={() => {
            setSaved(null);
            setEditing("new");
          }}
        >
          {t(m.registerNew)}
        </Button>
      </div>
      {saved && (
        <Alert tone="success" className="mt-4">
          {saved}
        </Alert>
      )}
      <Form
        role="search"
        aria-label={t(m.title)}
        onSubmit={submit}
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <TextField
          className="grow"
          label={t(m.search)}
          type="search"
          name="q"
          autoComplete="off"
          maxLength={STAFF_SEARCH_MAX}
          value={text}
          onValueChange={(value) => {
            setDraft({ for: asked, text: value });
            setTypedError(undefined);
          }}
          hint={t(m.hint)}
          error={fieldError}
        />
        <Button type="submit" className="sm:mt-7">
          {t(m.search)}
        </Button>
      </Form>

      <div className="mt-4" aria-busy={search.isFetching || undefined}>
        {q === null ? (
          !fieldError && <p className="text-sm text-slate-600">{t(m.intro)}</p>
        ) : search.isPending ? (
          <ListNote>{t(m.searching)}</ListNote>
        ) : search.isError ? (
          <ListFailure
            message={t(m.error, { message: failureText(search.error) })}
            retryLabel={t(m.tryAgain)}
            busy={search.isFetching}
            onRetry={() => void search.refetch()}
          />
        ) : results.length === 0 ? (
          <ListNote>{page > 1 ? t(m.noResultsOnPage, { page, q }) : t(m.noResults, { q })}</ListNote>
        ) : (
          <>
            <ListNote className="mb-3">
              {pages > 1 ? t(m.countPaged, { count, q, page, pages }) : t(m.count, { count, q })}
            </ListNote>
            <DataTable label={t(m.tableLabel)} caption={t(m.tableCaption, { q })} columns={COLUMNS.map((column) => t(column))}>
              {results.map((patient) => (
                <tr key={patient.id}>
                  <td className={`${cellClasses} font-mono ${breakAnywhere}`}>{patient.hospital_number}</td>
                  <td className={cellClasses}>{patientName(patient)}</td>
                  <td className={`${cellClasses} tabular-nums`}>{patient.phone}</td>
                  <td className={`${cellClasses} whitespace-nowrap`}>{formatWatDay(`${patient.date_of_birth}T12:00:00Z`)}</td>
                  <td className={cellClasses}>{LOCALE_NAMES[patient.language]}</td>
                  <td className={cellClasses}>
                    <Button
                      variant="secondary"
                      aria-label={t(m.correctLabel, { name: patientName(patient) })}
                      onClick={() => {
                        setSaved(null);
                        setEditing(patient);
                      }}
                    >
                      {t(m.correct)}
                    </Button>
                  </td>
                </tr>
              ))}
            </DataTable>
            <Pager messages={m} page={page} pages={pages} onPage={(next) => setParams({ q: q, page: String(next) })} />
          </>
        )}
      </div>

      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === "new" || editing === null ? t(m.registerTitle) : t(m.correctTitle, { name: patientName(editing) })}
        size="lg"
      >
        {editing !== null && (
          <PatientForm
            key={editing === "new" ? "new" : editing.id}
            patient={editing === "new" ? undefined : editing}
            onSaved={onSaved}
            onCancel={() => setEditing(null)}
          />
        )}
      </Dialog>
    </section>
  );
}
