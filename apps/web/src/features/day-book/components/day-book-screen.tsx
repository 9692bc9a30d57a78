import { MESSAGES } from "@hospipay/contract";
import { useId, useState } from "react";
import { StaffShell } from "../../../components/layout/staff-shell";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { inputClasses } from "../../../components/ui/form";
import { t } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { useCurrentUser } from "../../../lib/session/get-profile";
import { formatWatDay } from "../../../lib/wat-time";
import { failureText } from "../api/day-book-error";
import { exportDayBook } from "../api/export-day-book";
import { useDayBook, type DayBookPeriod } from "../api/get-day-book";
import { dayBookMessages as m } from "../messages";
import { downloadBlob } from "../../../lib/download";
import { watToday } from "../../../lib/wat-time";
import { monthLabel } from "../utils/day-book-format";
import { DayBookView } from "./day-book-view";
import { PosSettlementForm } from "./pos-settlement-form";

const ADMIN_ROLES = new Set(["ADMIN", "SUPERADMIN"]);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

type Mode = "day" | "month";

/**
 * /admindashboard/daybook and /superdashboard/daybook (issue 36): a WAT day's or month's money by channel,
 * department and staff member, with refunds, waivers and the drawers, against the ledger; printable, and as
 * CSV from the server.
 */
export function DayBookScreen() {
  const user = useCurrentUser();
  return (
    <StaffShell label={t(m.adminPanel)} badge="AD" title={t(m.title)}>
      {user && ADMIN_ROLES.has(user.role) ? (
        <DayBook />
      ) : (
        <Alert tone="error" className="mt-6">
          {/* Shown to anyone but an admin (the route guards already keep them out). */}
          {specText(MESSAGES.staff.adminDenied)}
        </Alert>
      )}
    </StaffShell>
  );
}

function DayBook() {
  const today = watToday();
  const [mode, setMode] = useState<Mode>("day");
  // The pickers may hold a half-typed value; the query keeps the last whole one of each.
  const [dayText, setDayText] = useState(today);
  const [date, setDate] = useState(today);
  const [monthText, setMonthText] = useState(today.slice(0, 7));
  const [month, setMonth] = useState(today.slice(0, 7));
  const period: DayBookPeriod = mode === "day" ? { date } : { month };
  // The POS settlements come below the book once it has first been read (or failed): shown before, they would
  // be pushed down the page the moment the book arrived (a layout shift under the reader's eyes).
  const bookRead = !useDayBook(period).isPending;
  const groupId = useId();
  const inputId = useId();

  return (
    <>
      <div className="mt-4 flex flex-wrap items-end gap-x-6 gap-y-3 print:hidden">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t(m.period)}</legend>
          <div className="mt-1.5 flex gap-1 rounded-xl bg-slate-100 p-1">
            {(["day", "month"] as const).map((option) => (
              <label
                key={option}
                className="flex min-h-10 cursor-pointer items-center gap-2 rounded-lg px-4 text-sm font-semibold text-slate-700 has-[:checked]:bg-white has-[:checked]:text-teal-800 has-[:checked]:shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-teal-700"
              >
                <input
                  type="radio"
                  name={`${groupId}-mode`}
                  value={option}
                  checked={mode === option}
                  onChange={() => setMode(option)}
                  className="sr-only"
                />
                {t(option === "day" ? m.day : m.month)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="w-full space-y-1.5 sm:w-56">
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
            {t(mode === "day" ? m.dayInput : m.monthInput)}
          </label>
          {mode === "day" ? (
            <input
              id={inputId}
              key="day"
              type="date"
              value={dayText}
              max={today}
              onChange={(event) => {
                const value = event.target.value;
                setDayText(value);
                if (DAY.test(value)) setDate(value);
              }}
              className={inputClasses}
            />
          ) : (
            <input
              id={inputId}
              key="month"
              type="month"
              value={monthText}
              max={today.slice(0, 7)}
              placeholder="YYYY-MM"
              onChange={(event) => {
                const value = event.target.value;
                setMonthText(value);
                if (MONTH.test(value)) setMonth(value);
              }}
              className={inputClasses}
            />
          )}
        </div>
      </div>
      <Book period={period} />
      {bookRead && <PosSettlementForm />}
    </>
  );
}

function Book({ period }: { period: DayBookPeriod }) {
  const book = useDayBook(period);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const name = "date" in period ? period.date : period.month;

  const download = () => {
    setExportError(null);
    setExporting(true);
    exportDayBook(period)
      .then((blob) => downloadBlob(blob, `daybook-${name}.csv`))
      .catch((error: unknown) => setExportError(t(m.downloadFailed, { message: failureText(error, t(m.pleaseTryAgain)) })))
      .finally(() => setExporting(false));
  };

  return (
    <section
      aria-labelledby="day-book-heading"
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 print:border-0 print:p-0 print:shadow-none"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="day-book-heading" className="text-xl font-semibold text-slate-900">
          {t(m.heading, { period: "date" in period ? formatWatDay(`${period.date}T12:00:00Z`) : monthLabel(period.month) })}
        </h2>
        <div className="flex flex-wrap gap-2 print:hidden">
          <Button variant="secondary" busy={exporting} onClick={download}>
            {t(m.downloadCsv)}
          </Button>
          <Button variant="ghost" disabled={!book.data} onClick={() => window.print()}>
            {t(m.print)}
          </Button>
        </div>
      </div>
      {exportError && (
        <Alert tone="error" className="mt-3">
          {exportError}
        </Alert>
      )}
      <div className={cn("mt-4", book.isPlaceholderData && "opacity-60")} aria-busy={book.isFetching || undefined}>
        {book.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            {t(m.loading)}
          </p>
        ) : book.isError ? (
          <div role="alert" className="space-y-3">
            <p className="text-sm font-medium text-red-700">
              {t(m.error, { message: failureText(book.error, t(m.loadFailed)) })}
            </p>
            <Button variant="secondary" busy={book.isFetching} onClick={() => void book.refetch()}>
              {t(m.tryAgain)}
            </Button>
          </div>
        ) : (
          <DayBookView book={book.data} />
        )}
      </div>
    </section>
  );
}
