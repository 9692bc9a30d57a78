import { type DailySummary } from "@hospipay/contract";
import { useState } from "react";
import { StaffShell } from "../../../components/layout/staff-shell";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { breakAnywhere, cellClasses, DataTable } from "../../../components/ui/data-table";
import { Field, inputClasses } from "../../../components/ui/form";
import { ListFailure, ListNote, Pager } from "../../../components/ui/list-states";
import { formatNairaAmount } from "../../../lib/money";
import { useCurrentUser } from "../../../lib/session/get-profile";
import { exportDailySummary } from "../api/export-daily-summary";
import { useDailySummary } from "../api/get-daily-summary";
import { SHIFTS_PAGE_SIZE, useShifts, useWaitingShifts } from "../api/get-shifts";
import { failureText } from "../api/shifts-error";
import { downloadBlob } from "../../../lib/download";
import { watToday } from "../../../lib/wat-time";
import { roleName } from "../utils/shift-format";
import { Figure } from "../../../components/ui/figure";
import { ShiftReportView } from "./shift-report";
import { ShiftDialog } from "./shift-dialog";
import { varianceText } from "./drawer-panel";
import { formatWatDateTime, formatWatDay } from "../../../lib/wat-time";
import { MESSAGES } from "@hospipay/contract";
import { t } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { drawerMessages as dm, shiftsCommonMessages as c, shiftsScreenMessages as m } from "../messages";

const ADMIN_ROLES = new Set(["ADMIN", "SUPERADMIN"]);
const COLUMNS = [m.colStaff, m.colRole, m.colOpened, m.colClosed, m.colStatus, m.colMoneyIn, m.colActions];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /admindashboard/shifts and /superdashboard/shifts (beyond SPEC, issue 21): a WAT day's summary over every
 * staff member (printable, and as CSV from the server), and the shifts opened that day, each opening its report.
 */
export function ShiftsScreen() {
  const user = useCurrentUser();
  return (
    <StaffShell label={t(c.adminPanel)} badge="AD" title={t(m.title)}>
      {user && ADMIN_ROLES.has(user.role) ? (
        <Shifts />
      ) : (
        <Alert tone="error" className="mt-6">
          {/* Shown to anyone but an admin (the route guards already keep them out). */}
          {specText(MESSAGES.staff.adminDenied)}
        </Alert>
      )}
    </StaffShell>
  );
}

function Shifts() {
  const [day, setDay] = useState(watToday);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  // The picker may hold a half-typed day; the queries keep the last whole one.
  const [date, setDate] = useState(day);

  return (
    <>
      <div className="mt-4 flex flex-wrap items-end gap-3 print:hidden">
        <Field label={t(m.day)} className="w-full sm:w-56">
          {(control) => (
            <input
              {...control}
              type="date"
              value={day}
              max={watToday()}
              onChange={(event) => {
                const value = event.target.value;
                setDay(value);
                if (DAY.test(value)) {
                  setDate(value);
                  setPage(1);
                }
              }}
              className={inputClasses}
            />
          )}
        </Field>
      </div>
      <WaitingCounts onOpen={setOpen} />
      <Summary date={date} />
      <ShiftList date={date} page={page} onPage={setPage} onOpen={setOpen} />
      <ShiftDialog id={open} onClose={() => setOpen(null)} />
    </>
  );
}

function Summary({ date }: { date: string }) {
  const summary = useDailySummary(date);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  const download = () => {
    setExportError(null);
    setExporting(true);
    exportDailySummary(date)
      .then((blob) => downloadBlob(blob, `shifts-${date}.csv`))
      .catch((error: unknown) => setExportError(t(m.downloadFailed, { message: failureText(error, t(m.pleaseTryAgain)) })))
      .finally(() => setExporting(false));
  };

  return (
    <section aria-labelledby="daily-heading" className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="daily-heading" className="text-xl font-semibold text-slate-900">
          {t(m.dailySummary, { day: formatWatDay(`${date}T12:00:00Z`) })}
        </h2>
        <div className="flex flex-wrap gap-2 print:hidden">
          <Button variant="secondary" busy={exporting} onClick={download}>
            {t(m.downloadCsv)}
          </Button>
          <Button variant="ghost" disabled={!summary.data} onClick={() => window.print()}>
            {t(c.print)}
          </Button>
        </div>
      </div>
      {exportError && (
        <Alert tone="error" className="mt-3">
          {exportError}
        </Alert>
      )}
      <div className="mt-4" aria-busy={summary.isFetching || undefined}>
        {summary.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            {t(m.loadingSummary)}
          </p>
        ) : summary.isError ? (
          <div role="alert" className="space-y-3">
            <p className="text-sm font-medium text-red-700">
              {t(c.error, { message: failureText(summary.error, t(c.loadSummaryFailed)) })}
            </p>
            <Button variant="secondary" busy={summary.isFetching} onClick={() => void summary.refetch()}>
              {t(c.tryAgain)}
            </Button>
          </div>
        ) : (
          <SummaryBody summary={summary.data} />
        )}
      </div>
    </section>
  );
}

function SummaryBody({ summary }: { summary: DailySummary }) {
  return (
    <div className="space-y-4 text-sm">
      <section aria-labelledby="daily-shifts" className="rounded-xl border border-slate-200 p-4">
        <h3 id="daily-shifts" className="font-semibold text-slate-900">
          {t(m.shifts)}
        </h3>
        <dl className="mt-2 max-w-md divide-y divide-slate-100">
          <Figure label={t(c.opened)}>{summary.shifts.opened}</Figure>
          <Figure label={t(c.closed)}>{summary.shifts.closed}</Figure>
          <Figure label={t(m.stillOpen)}>{summary.shifts.still_open}</Figure>
        </dl>
      </section>
      <ShiftReportView report={summary.report} idPrefix="daily" />
    </div>
  );
}

function ShiftList({
  date,
  page,
  onPage,
  onOpen,
}: {
  date: string;
  page: number;
  onPage: (page: number) => void;
  onOpen: (id: number) => void;
}) {
  const shifts = useShifts(date, page);
  const results = shifts.data?.results ?? [];
  const count = shifts.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / SHIFTS_PAGE_SIZE));

  return (
    <section
      aria-labelledby="shift-list-heading"
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 print:hidden"
    >
      <h2 id="shift-list-heading" className="text-xl font-semibold text-slate-900">
        {t(m.openedThatDay)}
      </h2>
      <div className="mt-4" aria-busy={shifts.isFetching || undefined}>
        {shifts.isPending ? (
          <ListNote>{t(m.loadingShifts)}</ListNote>
        ) : shifts.isError && results.length === 0 ? (
          <ListFailure
            message={t(c.error, { message: failureText(shifts.error, t(c.loadShiftsFailed)) })}
            retryLabel={t(c.tryAgain)}
            busy={shifts.isFetching}
            onRetry={() => void shifts.refetch()}
          />
        ) : results.length === 0 ? (
          <ListNote>{t(m.noShifts)}</ListNote>
        ) : (
          <>
            <ListNote className="mb-3">{t(m.count, { count })}</ListNote>
            <DataTable label={t(m.tableLabel)} caption={t(m.tableCaption)} columns={COLUMNS.map((column) => t(column))}>
              {results.map((shift) => {
                const name = shift.staff.name || shift.staff.email;
                return (
                  <tr key={shift.id}>
                    <td className={cn(cellClasses, "min-w-36", breakAnywhere)}>
                      <span className="block font-medium text-slate-900">{name}</span>
                      <span className="block text-slate-600">{shift.staff.email}</span>
                    </td>
                    <td className={cellClasses}>{roleName(shift.staff.role)}</td>
                    <td className={cn(cellClasses, "whitespace-nowrap")}>
                      <time dateTime={shift.opened_at}>{formatWatDateTime(shift.opened_at)}</time>
                    </td>
                    <td className={cn(cellClasses, "whitespace-nowrap")}>
                      {shift.closed_at ? <time dateTime={shift.closed_at}>{formatWatDateTime(shift.closed_at)}</time> : "—"}
                    </td>
                    <td className={cellClasses}>{t(shift.status === "open" ? c.open : c.closed)}</td>
                    <td className={cn(cellClasses, "whitespace-nowrap")}>
                      {shift.report ? formatNairaAmount(shift.report.totals.amount) : t(m.openToSee)}
                    </td>
                    <td className={cellClasses}>
                      <Button
                        variant="secondary"
                        aria-label={t(m.openLabel, { status: shift.status, name, date: formatWatDateTime(shift.opened_at) })}
                        onClick={() => onOpen(shift.id)}
                      >
                        {t(c.open)}
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </DataTable>
            <Pager messages={m} page={page} pages={pages} onPage={onPage} />
          </>
        )}
      </div>
    </section>
  );
}

/** Drawer counts waiting for an admin's sign-off, whatever day their shift opened: each opens its shift to decide. */
function WaitingCounts({ onOpen }: { onOpen: (id: number) => void }) {
  const waiting = useWaitingShifts();
  const rows = waiting.data?.results ?? [];
  if (waiting.isPending || waiting.isError || rows.length === 0) return null;
  return (
    <section
      aria-labelledby="waiting-counts-heading"
      className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-4 shadow-sm sm:p-6 print:hidden"
    >
      <h2 id="waiting-counts-heading" className="text-lg font-semibold text-slate-900">
        {t(dm.waitingHeading)}
      </h2>
      <ul className="mt-3 space-y-2">
        {rows.map((shift) => (
          <li key={shift.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span className="text-slate-800">
              {t(dm.waitingRow, {
                name: shift.staff.name || shift.staff.email,
                variance: varianceText(shift.drawer?.variance ?? "0"),
              })}
            </span>
            <Button variant="secondary" onClick={() => onOpen(shift.id)}>
              {t(dm.review)}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
