import { LIMITS, STAFF_SEARCH_MAX, type Patient } from "@hospipay/contract";
import { useState } from "react";
import { t } from "../../i18n";
import { usePatientSearch } from "../../lib/patients/patients-api";
import { checkSearchText } from "../../lib/search-text";
import { formatWatDay } from "../../lib/wat-time";
import { patientMessages as m } from "../patients.messages";
import { Button } from "../ui/button";
import { TextField } from "../ui/form";
import { ListFailure, ListNote } from "../ui/list-states";

/** A patient's names as a bill shows them: first, other, last. */
export const patientName = (patient: Patient) =>
  [patient.first_name, patient.other_names, patient.last_name].filter(Boolean).join(" ");

/**
 * Picks a patient of the register inside another form (a bill's): a search field whose Enter searches
 * (never submits the outer form), the matches as buttons, then the chosen patient with "Change patient".
 */
export function PatientPicker({
  chosen,
  onChoose,
  error,
}: {
  chosen: Patient | null;
  onChoose: (patient: Patient | null) => void;
  error?: string | undefined;
}) {
  const [text, setText] = useState("");
  const [q, setQ] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const search = usePatientSearch(chosen ? null : q);

  if (chosen) {
    return (
      <div
        className="rounded-xl border border-teal-200 bg-teal-50 p-4 sm:col-span-2"
        role="group"
        aria-label={t(m.chosen, { name: patientName(chosen) })}
      >
        <p className="font-semibold text-slate-900">{t(m.chosen, { name: patientName(chosen) })}</p>
        <p className="mt-1 text-sm text-slate-700">
          <span className="font-mono">{chosen.hospital_number}</span> · {chosen.phone} ·{" "}
          {t(m.born, { date: formatWatDay(`${chosen.date_of_birth}T12:00:00Z`) })}
        </p>
        <Button variant="secondary" className="mt-3" onClick={() => onChoose(null)}>
          {t(m.change)}
        </Button>
      </div>
    );
  }

  const find = () => {
    const checked = checkSearchText(text, t(m.search));
    if (checked.error !== undefined) {
      setFieldError(checked.error);
      return;
    }
    setFieldError(undefined);
    setQ(checked.q);
  };
  const results = search.data?.results ?? [];

  return (
    <div className="sm:col-span-2">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          className="grow"
          label={t(m.find)}
          type="search"
          autoComplete="off"
          maxLength={Math.min(STAFF_SEARCH_MAX, LIMITS.name * 2)}
          value={text}
          onValueChange={(value) => {
            setText(value);
            setFieldError(undefined);
          }}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            find();
          }}
          hint={t(m.findHint)}
          error={fieldError ?? error}
        />
        <Button variant="secondary" className="sm:mt-7" onClick={find}>
          {t(m.search)}
        </Button>
      </div>
      <div className="mt-3" aria-live="polite" aria-busy={search.isFetching || undefined}>
        {q === null ? null : search.isPending ? (
          <ListNote>{t(m.searching)}</ListNote>
        ) : search.isError ? (
          <ListFailure
            message={t(m.searchFailed)}
            retryLabel={t(m.tryAgain)}
            busy={search.isFetching}
            onRetry={() => void search.refetch()}
          />
        ) : results.length === 0 ? (
          <ListNote>{t(m.noMatch, { q })}</ListNote>
        ) : (
          <ul aria-label={t(m.matches)} className="divide-y divide-slate-200 rounded-xl border border-slate-200">
            {results.map((patient) => (
              <li key={patient.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{patientName(patient)}</p>
                  <p className="text-sm text-slate-600">
                    <span className="font-mono">{patient.hospital_number}</span> · {patient.phone}
                  </p>
                </div>
                <Button onClick={() => onChoose(patient)}>{t(m.choose, { name: patientName(patient) })}</Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
