import { AUDIT_ACTIONS, type AuditAction } from "@hospipay/contract";
import { useMemo, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Field, Form, inputClasses, TextField } from "../../../components/ui/form";
import { cn } from "../../../components/ui/cn";
import { Breakable } from "../../../components/ui/breakable";
import { breakAnywhere, cellClasses, DataTable } from "../../../components/ui/data-table";
import { t } from "../../../i18n";
import { useCurrentUser } from "../../../lib/session/get-profile";
import { useAuditLog, type AuditLogFilters } from "../api/get-audit-log";
import { failureMessage } from "../utils/form-errors";
import { auditActionLabel, roleLabel } from "../utils/staff-format";
import { dateOrderError } from "../utils/transactions";
import { StaffShell } from "../../../components/layout/staff-shell";
import { staffShellMessages } from "../../../components/staff-shell.messages";
import { formatWatDateTime } from "../../../lib/wat-time";
import { apiMessages, auditLogMessages as m, commonMessages as c } from "../messages";

const EMPTY_FILTERS: AuditLogFilters = { action: "", actor: "", startDate: "", endDate: "" };
const COLUMNS = [m.time, m.actor, m.action, m.target, m.summary];

/** /superdashboard/audit-log: what staff did, newest first, filtered by action, actor and WAT days; Load more follows `next`. */
export function AuditLogScreen() {
  const user = useCurrentUser();
  return (
    <StaffShell label={t(c.adminPanel)} badge="AD" title={t(m.title)}>
      {user?.role === "SUPERADMIN" ? (
        <AuditLog />
      ) : (
        <Alert tone="error" className="mt-6">
          {t(staffShellMessages.superAdminDenied)}
        </Alert>
      )}
    </StaffShell>
  );
}

function AuditLog() {
  // The form's values, and the filter last applied (the query's).
  const [draft, setDraft] = useState<AuditLogFilters>(EMPTY_FILTERS);
  const [filters, setFilters] = useState<AuditLogFilters>(EMPTY_FILTERS);
  const log = useAuditLog(filters);
  const entries = useMemo(() => log.data?.pages.flatMap((page) => page.results) ?? [], [log.data]);
  const count = log.data?.pages[0]?.count;
  const filtered = Object.values(filters).some((value) => value.trim() !== "");
  const set = (key: keyof AuditLogFilters) => (value: string) => setDraft((current) => ({ ...current, [key]: value }));
  const rangeError = dateOrderError(draft.startDate, draft.endDate);

  return (
    <>
      <section aria-label={t(m.filtersLabel)} className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <Form
          onSubmit={() => {
            if (!rangeError) setFilters({ ...draft, actor: draft.actor.trim() });
          }}
          aria-label={t(m.filterForm)}
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto_auto] lg:items-end"
        >
          <Field label={t(m.action)}>
            {(control) => (
              <select
                {...control}
                value={draft.action}
                onChange={(event) => set("action")(event.target.value as AuditAction | "")}
                className={inputClasses}
              >
                <option value="">{t(m.allActions)}</option>
                {AUDIT_ACTIONS.map((action) => (
                  <option key={action} value={action}>
                    {auditActionLabel(action)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <TextField
            label={t(m.actor)}
            type="search"
            placeholder={t(c.nameOrEmail)}
            maxLength={100}
            value={draft.actor}
            onValueChange={set("actor")}
          />
          <TextField label={t(c.dateFrom)} type="date" value={draft.startDate} onValueChange={set("startDate")} />
          <TextField label={t(c.dateTo)} type="date" value={draft.endDate} onValueChange={set("endDate")} error={rangeError} />
          <Button type="submit" variant="secondary">
            {t(m.apply)}
          </Button>
          <Button
            variant="ghost"
            disabled={!filtered && Object.values(draft).every((value) => value === "")}
            onClick={() => {
              setDraft(EMPTY_FILTERS);
              setFilters(EMPTY_FILTERS);
            }}
          >
            {t(m.clear)}
          </Button>
        </Form>
      </section>

      <section aria-labelledby="audit-heading" className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="audit-heading" className="text-xl font-semibold text-slate-900">
            {t(m.entries)}
          </h2>
          {count !== undefined && (
            <p className="text-sm text-slate-600">
              {entries.length < count ? t(m.someOf, { shown: entries.length, count }) : t(m.count, { count })}
            </p>
          )}
        </div>
        <div className="mt-4" aria-busy={log.isFetching || undefined}>
          {log.isPending ? (
            <p role="status" className="text-sm text-slate-600">
              {t(m.loading)}
            </p>
          ) : log.isError && entries.length === 0 ? (
            <div className="space-y-3">
              <p className="text-sm font-medium text-red-700">
                {t(c.error, { message: failureMessage(log.error, t(apiMessages.auditLogFailed)) })}
              </p>
              <Button variant="secondary" busy={log.isFetching} onClick={() => void log.refetch()}>
                {t(c.tryAgain)}
              </Button>
            </div>
          ) : entries.length === 0 ? (
            <p className="text-sm text-slate-600">{t(filtered ? m.noMatch : m.nothingYet)}</p>
          ) : (
            <>
              <DataTable label={t(m.tableLabel)} caption={t(m.tableCaption)} columns={COLUMNS.map((column) => t(column))}>
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td className={cn(cellClasses, "whitespace-nowrap")}>
                      <time dateTime={entry.created_at}>{formatWatDateTime(entry.created_at, { seconds: true })}</time>
                    </td>
                    <td className={cn(cellClasses, "min-w-40", breakAnywhere)}>
                      <span className="block font-medium text-slate-900">{entry.actor.name || "—"}</span>
                      <span className="block text-slate-600">
                        <Breakable text={entry.actor.email} />
                      </span>
                      <span className="block text-xs text-slate-500">{roleLabel(entry.actor.role)}</span>
                    </td>
                    <td className={cellClasses}>
                      <span className="inline-block rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 ring-1 ring-slate-300">
                        {entry.action}
                      </span>
                    </td>
                    <td className={cn(cellClasses, "min-w-28", breakAnywhere)}>
                      {`${entry.target_type} ${entry.target_id}`.trim() || "—"}
                    </td>
                    <td className={cn(cellClasses, "min-w-56", breakAnywhere)}>{entry.summary}</td>
                  </tr>
                ))}
              </DataTable>
              {log.isFetchNextPageError && (
                <p className="mt-3 text-sm font-medium text-red-700">
                  {t(c.error, { message: failureMessage(log.error, t(m.moreFailed)) })}
                </p>
              )}
              {log.hasNextPage && (
                <Button
                  variant="secondary"
                  className="mt-4"
                  busy={log.isFetchingNextPage}
                  onClick={() => void log.fetchNextPage()}
                >
                  {t(c.loadMore)}
                </Button>
              )}
            </>
          )}
        </div>
      </section>
    </>
  );
}
