import { API_PATHS, SETTLEMENT_WINDOW_DAYS, watDay, type SettlementDifference } from "@hospipay/contract";
import { useId, useState } from "react";
import { StaffShell } from "../../../components/layout/staff-shell";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { CheckboxRow } from "../../../components/ui/checkbox-row";
import { breakAnywhere, cellClasses, DataTable } from "../../../components/ui/data-table";
import { Dialog } from "../../../components/ui/dialog";
import { Form, TextField } from "../../../components/ui/form";
import { ListFailure, ListNote } from "../../../components/ui/list-states";
import { t } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { specText } from "../../../lib/messages";
import { formatNairaAmount } from "../../../lib/money";
import { useCurrentUser } from "../../../lib/session/get-profile";
import { formatWatDateTime, formatWatDay } from "../../../lib/wat-time";
import { useSettlementAction, useSettlementDifferences, useSettlementReport } from "../api/settlements-api";
import { settlementsMessages as m } from "../messages";

const ADMIN_ROLES = new Set(["ADMIN", "SUPERADMIN"]);
const amountCell = `${cellClasses} text-right whitespace-nowrap`;
const day = (date: string) => formatWatDay(`${date}T12:00:00Z`);
const GATEWAY_NAMES: Record<string, string> = { paystack: "Paystack", monnify: "Monnify", remita: "Remita" };

function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    const field = Object.values(error.fieldErrors)[0]?.[0];
    return specText(field ?? error.detail ?? t(m.failed));
  }
  return error instanceof Error && error.message ? error.message : t(m.failed);
}

/**
 * /admindashboard/settlements and /superdashboard/settlements (beyond SPEC, issue 37): a month of the gateways'
 * settlements against the ledger's clearing accounts, by gateway and day; reading Paystack's settlements; the
 * differences explained, or written off with another officer's sign-off; the month closed.
 */
export function SettlementsScreen() {
  const user = useCurrentUser();
  const [month, setMonth] = useState(() => watDay(new Date().toISOString()).slice(0, 7));
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <StaffShell label={t(m.adminPanel)} badge="AD" title={t(m.title)}>
      {user && ADMIN_ROLES.has(user.role) ? (
        <>
          <p className="mt-2 max-w-3xl text-sm text-slate-600">{t(m.lead, { days: SETTLEMENT_WINDOW_DAYS })}</p>
          <div className="mt-4 max-w-xs">
            <TextField
              label={t(m.month)}
              type="month"
              value={month}
              onValueChange={(value) => {
                if (/^\d{4}-\d{2}$/.test(value)) setMonth(value);
              }}
            />
          </div>
          {notice && (
            <Alert tone="success" className="mt-4">
              {notice}
            </Alert>
          )}
          <ImportForm onDone={setNotice} />
          <Report month={month} />
          <Differences month={month} onDone={setNotice} />
          <CloseMonth month={month} onDone={setNotice} />
        </>
      ) : (
        <Alert tone="error" className="mt-6">
          {t(m.denied)}
        </Alert>
      )}
    </StaffShell>
  );
}

const card = "mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6";

function ImportForm({ onDone }: { onDone: (detail: string | null) => void }) {
  const headingId = useId();
  const today = watDay(new Date().toISOString());
  const [from, setFrom] = useState(() => watDay(new Date(Date.now() - 86_400_000).toISOString()));
  const [to, setTo] = useState(today);
  const [failure, setFailure] = useState<string | null>(null);
  const action = useSettlementAction();
  const submit = () => {
    setFailure(null);
    onDone(null);
    action.mutateAsync({ path: API_PATHS.importSettlements, body: { gateway: "paystack", from, to } }).then(
      (answer) => onDone(specText(answer.detail)),
      (error: unknown) => setFailure(failureText(error)),
    );
  };
  return (
    <section aria-labelledby={headingId} className={card}>
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {t(m.importHeading)}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t(m.importHint)}</p>
      <Form onSubmit={submit} aria-labelledby={headingId} className="mt-4 flex flex-wrap items-end gap-4">
        {failure && (
          <Alert tone="error" className="w-full">
            {failure}
          </Alert>
        )}
        <TextField label={t(m.from)} type="date" value={from} onValueChange={setFrom} />
        <TextField label={t(m.to)} type="date" value={to} onValueChange={setTo} />
        <Button type="submit" busy={action.isPending}>
          {t(m.import)}
        </Button>
      </Form>
    </section>
  );
}

function Report({ month }: { month: string }) {
  const report = useSettlementReport(month);
  const data = report.data;
  return (
    <section aria-labelledby="settlement-report-heading" className={card}>
      <h2 id="settlement-report-heading" className="text-xl font-semibold text-slate-900">
        {t(m.reportHeading)}
      </h2>
      <div className="mt-3 space-y-3" aria-busy={report.isFetching || undefined}>
        {report.isPending ? (
          <ListNote>{t(m.loading)}</ListNote>
        ) : report.isError ? (
          <ListFailure
            message={failureText(report.error)}
            retryLabel={t(m.tryAgain)}
            busy={report.isFetching}
            onRetry={() => void report.refetch()}
          />
        ) : data && data.days.length === 0 ? (
          <ListNote>{t(m.empty)}</ListNote>
        ) : data ? (
          <DataTable
            label={t(m.reportLabel)}
            caption={t(m.reportLabel)}
            columns={[
              t(m.colDay),
              t(m.colGateway),
              t(m.colPayments),
              t(m.colCollected),
              t(m.colSettled),
              t(m.colFees),
              t(m.colNet),
              t(m.colAwaiting),
              t(m.colMissing),
              t(m.colUnmatched),
              t(m.colExplained),
              t(m.colOpen),
            ]}
          >
            {data.days.map((row) => (
              <tr key={`${row.day}-${row.gateway}`}>
                <td className={`${cellClasses} whitespace-nowrap`}>{day(row.day)}</td>
                <td className={cellClasses}>{GATEWAY_NAMES[row.gateway]}</td>
                <td className={`${cellClasses} text-right`}>{row.payments}</td>
                <td className={amountCell}>{formatNairaAmount(row.collected)}</td>
                <td className={amountCell}>{formatNairaAmount(row.settled)}</td>
                <td className={amountCell}>{formatNairaAmount(row.fees)}</td>
                <td className={amountCell}>{formatNairaAmount(row.net)}</td>
                <td className={amountCell}>{formatNairaAmount(row.awaiting)}</td>
                <td className={amountCell}>{formatNairaAmount(row.missing)}</td>
                <td className={amountCell}>{formatNairaAmount(row.unmatched)}</td>
                <td className={amountCell}>
                  {formatNairaAmount(row.explained)} / {formatNairaAmount(row.written_off)}
                </td>
                <td className={`${cellClasses} text-right font-semibold`}>{row.open_differences}</td>
              </tr>
            ))}
          </DataTable>
        ) : null}
        {data?.unreported.map((row) => (
          <p key={row.gateway} className="text-sm text-slate-600">
            {t(m.unreported, {
              gateway: GATEWAY_NAMES[row.gateway] ?? row.gateway,
              payments: row.payments,
              amount: formatNairaAmount(row.collected),
            })}
          </p>
        ))}
      </div>
    </section>
  );
}

function Differences({ month, onDone }: { month: string; onDone: (detail: string | null) => void }) {
  const differences = useSettlementDifferences(month);
  const [explaining, setExplaining] = useState<SettlementDifference | null>(null);
  return (
    <section aria-labelledby="settlement-differences-heading" className={card}>
      <h2 id="settlement-differences-heading" className="text-xl font-semibold text-slate-900">
        {t(m.differencesHeading)}
      </h2>
      <div className="mt-3" aria-busy={differences.isFetching || undefined}>
        {differences.isPending ? (
          <ListNote>{t(m.loading)}</ListNote>
        ) : differences.isError ? (
          <ListFailure
            message={failureText(differences.error)}
            retryLabel={t(m.tryAgain)}
            busy={differences.isFetching}
            onRetry={() => void differences.refetch()}
          />
        ) : differences.data.length === 0 ? (
          <ListNote>{t(m.noDifferences)}</ListNote>
        ) : (
          <DataTable
            label={t(m.differencesLabel)}
            caption={t(m.differencesLabel)}
            columns={[
              t(m.colDay),
              t(m.colGateway),
              t(m.colKind),
              t(m.colReference),
              t(m.colAmount),
              t(m.colStatus),
              t(m.colAction),
            ]}
          >
            {differences.data.map((row) => {
              const reference = row.invoice_reference ?? row.gateway_reference ?? "";
              return (
                <tr key={`${row.kind}-${reference}`}>
                  <td className={`${cellClasses} whitespace-nowrap`}>{day(row.day)}</td>
                  <td className={cellClasses}>{GATEWAY_NAMES[row.gateway]}</td>
                  <td className={cellClasses}>{t(m[`kind_${row.kind}`])}</td>
                  <td className={`${cellClasses} ${breakAnywhere}`}>{reference}</td>
                  <td className={amountCell}>{formatNairaAmount(row.amount)}</td>
                  <td className={cellClasses}>
                    {t(m[`status_${row.status}`])}
                    {row.explanation && (
                      <span className="block text-slate-600">
                        {t(m.explainedBy, { explanation: row.explanation, name: row.explained_by ?? "" })}
                      </span>
                    )}
                  </td>
                  <td className={cellClasses}>
                    {row.id === null ? (
                      <Button
                        variant="secondary"
                        aria-label={t(m.explainLabel, { reference })}
                        onClick={() => setExplaining(row)}
                      >
                        {t(m.explain)}
                      </Button>
                    ) : row.status === "write_off_pending" ? (
                      <Decision id={row.id} reference={reference} onDone={onDone} />
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </div>
      <Dialog
        open={explaining !== null}
        onClose={() => setExplaining(null)}
        title={t(m.explainTitle, { reference: explaining?.invoice_reference ?? explaining?.gateway_reference ?? "" })}
      >
        {explaining && (
          <ExplainForm
            difference={explaining}
            onCancel={() => setExplaining(null)}
            onSaved={(detail) => {
              setExplaining(null);
              onDone(detail);
            }}
          />
        )}
      </Dialog>
    </section>
  );
}

function ExplainForm({
  difference,
  onCancel,
  onSaved,
}: {
  difference: SettlementDifference;
  onCancel: () => void;
  onSaved: (detail: string) => void;
}) {
  const [explanation, setExplanation] = useState("");
  const [writeOff, setWriteOff] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const action = useSettlementAction();
  const reference = difference.invoice_reference ?? difference.gateway_reference ?? "";
  const submit = () => {
    setFailure(null);
    if (!explanation.trim()) {
      setError(t(m.required));
      return;
    }
    setError(undefined);
    const body = {
      gateway: difference.gateway,
      kind: difference.kind === "unmatched" ? "unmatched" : "missing",
      reference: difference.kind === "unmatched" ? difference.gateway_reference : difference.invoice_reference,
      explanation: explanation.trim(),
      write_off: writeOff,
    };
    action.mutateAsync({ path: API_PATHS.settlementDifferences, body }).then(
      (answer) => onSaved(specText(answer.detail)),
      (reason: unknown) => setFailure(failureText(reason)),
    );
  };
  return (
    <Form onSubmit={submit} aria-label={t(m.explainTitle, { reference })} className="space-y-4">
      {failure && <Alert tone="error">{failure}</Alert>}
      <TextField label={t(m.explanation)} maxLength={500} value={explanation} onValueChange={setExplanation} error={error} />
      <CheckboxRow checked={writeOff} onChange={setWriteOff}>
        {t(m.writeOff)}
      </CheckboxRow>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={action.isPending}>
          {t(m.save)}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t(m.cancel)}
        </Button>
      </div>
    </Form>
  );
}

function Decision({ id, reference, onDone }: { id: number; reference: string; onDone: (detail: string | null) => void }) {
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | undefined>();
  const action = useSettlementAction();
  const decide = (decision: "approve" | "reject") => {
    onDone(null);
    if (!note.trim()) {
      setError(t(m.required));
      return;
    }
    setError(undefined);
    action.mutateAsync({ path: API_PATHS.decideSettlementWriteOff(id), body: { decision, note: note.trim() } }).then(
      (answer) => onDone(specText(answer.detail)),
      (reason: unknown) => setError(failureText(reason)),
    );
  };
  return (
    <div className="min-w-48 space-y-2">
      <TextField label={t(m.decisionNote, { reference })} maxLength={500} value={note} onValueChange={setNote} error={error} />
      <div className="flex flex-wrap gap-2">
        <Button busy={action.isPending} onClick={() => decide("approve")}>
          {t(m.signOff)}
        </Button>
        <Button variant="secondary" onClick={() => decide("reject")}>
          {t(m.refuse)}
        </Button>
      </div>
    </div>
  );
}

function CloseMonth({ month, onDone }: { month: string; onDone: (detail: string | null) => void }) {
  const headingId = useId();
  const report = useSettlementReport(month);
  const [note, setNote] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const action = useSettlementAction();
  const closed = report.data?.closed ?? null;
  const submit = () => {
    setFailure(null);
    onDone(null);
    if (!note.trim()) {
      setError(t(m.required));
      return;
    }
    setError(undefined);
    action.mutateAsync({ path: API_PATHS.closeSettlementMonth(month), body: { note: note.trim() } }).then(
      (answer) => onDone(specText(answer.detail)),
      (reason: unknown) => setFailure(failureText(reason)),
    );
  };
  return (
    <section aria-labelledby={headingId} className={card}>
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {t(m.closeHeading)}
      </h2>
      {closed ? (
        <p className="mt-2 text-sm text-slate-700">
          {t(m.closed, { name: closed.by, date: formatWatDateTime(closed.at), note: closed.note })}
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            {t(m.closeHint)} {report.data ? t(m.openCount, { count: report.data.open_differences }) : null}
          </p>
          <Form onSubmit={submit} aria-labelledby={headingId} className="mt-4 space-y-3">
            {failure && <Alert tone="error">{failure}</Alert>}
            <TextField label={t(m.closeNote)} maxLength={500} value={note} onValueChange={setNote} error={error} />
            <Button type="submit" busy={action.isPending}>
              {t(m.close, { month })}
            </Button>
          </Form>
        </>
      )}
    </section>
  );
}
