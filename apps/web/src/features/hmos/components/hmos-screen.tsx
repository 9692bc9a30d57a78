import { RECEIVABLE_BUCKETS, type Hmo, type HmoPlan } from "@hospipay/contract";
import { useState } from "react";
import { StaffShell } from "../../../components/layout/staff-shell";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { breakAnywhere, cellClasses, DataTable } from "../../../components/ui/data-table";
import { Dialog } from "../../../components/ui/dialog";
import { ListFailure, ListNote } from "../../../components/ui/list-states";
import { t } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { specText } from "../../../lib/messages";
import { useCurrentUser } from "../../../lib/session/get-profile";
import { formatNairaAmount } from "../../../lib/money";
import { formatWatDay } from "../../../lib/wat-time";
import { useHmos, useReceivables } from "../api/hmos-api";
import { hmosMessages as m } from "../messages";
import { HmoForm } from "./hmo-form";
import { ClaimsSection } from "./claims-section";
import { PlanForm } from "./plan-form";

const ADMIN_ROLES = new Set(["ADMIN", "SUPERADMIN"]);

/**
 * /admindashboard/hmos and /superdashboard/hmos (beyond SPEC, issue 37): the HMOs the hospital bills under
 * NHIA, each with its contact, the bank its remittances come from and its plans; admins register an HMO and
 * add a plan with its coverage rules.
 */
export function HmosScreen() {
  const user = useCurrentUser();
  return (
    <StaffShell label={t(m.adminPanel)} badge="AD" title={t(m.title)}>
      {user && ADMIN_ROLES.has(user.role) ? (
        <>
          <Receivables />
          <Claims />
          <HmoRegister />
        </>
      ) : (
        <Alert tone="error" className="mt-6">
          {t(m.denied)}
        </Alert>
      )}
    </StaffShell>
  );
}

function failureText(error: unknown): string {
  if (error instanceof ApiError)
    return error.detail ? specText(error.detail) : error.status === 0 ? t(m.networkError) : t(m.loadFailed);
  return t(m.loadFailed);
}

/** What each HMO owes (its parts of final bills), in the 0–30 / 31–60 / 61–90 / 90+ day buckets, with the total. */
function Receivables() {
  const receivables = useReceivables();
  const data = receivables.data;
  const amount = (text: string) => <td className={`${cellClasses} text-right whitespace-nowrap`}>{formatNairaAmount(text)}</td>;
  return (
    <section
      aria-labelledby="receivables-heading"
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="receivables-heading" className="text-xl font-semibold text-slate-900">
        {t(m.receivablesHeading)}
      </h2>
      <div className="mt-3" aria-busy={receivables.isFetching || undefined}>
        {receivables.isPending ? (
          <ListNote>{t(m.receivablesLoading)}</ListNote>
        ) : receivables.isError ? (
          <ListFailure
            message={
              receivables.error instanceof ApiError && receivables.error.status === 0 ? t(m.networkError) : t(m.receivablesFailed)
            }
            retryLabel={t(m.tryAgain)}
            busy={receivables.isFetching}
            onRetry={() => void receivables.refetch()}
          />
        ) : data && data.results.length === 0 ? (
          <ListNote>{t(m.empty)}</ListNote>
        ) : data ? (
          <>
            <p className="text-sm text-slate-600">{t(m.receivablesIntro, { day: formatWatDay(`${data.as_of}T12:00:00Z`) })}</p>
            <DataTable
              label={t(m.receivablesLabel)}
              caption={t(m.receivablesLabel)}
              columns={[
                t(m.colHmo),
                t(m.colBills),
                ...RECEIVABLE_BUCKETS.map((range) => t(m.colDays, { range: range.replace("-", "–") })),
                t(m.colOwed),
              ]}
              className="mt-3"
            >
              {data.results.map((row) => (
                <tr key={row.hmo_id}>
                  <td className={`${cellClasses} font-medium text-slate-900`}>{row.hmo_name}</td>
                  <td className={`${cellClasses} text-right`}>{row.bills}</td>
                  {RECEIVABLE_BUCKETS.map((bucket) => (
                    <td key={bucket} className={`${cellClasses} text-right whitespace-nowrap`}>
                      {formatNairaAmount(row.buckets[bucket])}
                    </td>
                  ))}
                  {amount(row.owed)}
                </tr>
              ))}
              <tr className="bg-slate-50 font-semibold text-slate-900">
                <td className={cellClasses} colSpan={2 + RECEIVABLE_BUCKETS.length}>
                  {t(m.totalRow)}
                </td>
                {amount(data.total)}
              </tr>
            </DataTable>
          </>
        ) : null}
      </div>
    </section>
  );
}

/** The claims section, with the registered HMOs to choose from. */
function Claims() {
  const hmos = useHmos();
  return <ClaimsSection hmos={hmos.data?.results ?? []} />;
}

type Editing = { kind: "hmo" } | { kind: "plan"; hmo: Hmo } | null;

function HmoRegister() {
  const hmos = useHmos();
  const [editing, setEditing] = useState<Editing>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const done = (detail: string) => {
    setEditing(null);
    setSaved(detail);
  };
  const list = hmos.data?.results ?? [];

  return (
    <section aria-labelledby="hmos-heading" className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="hmos-heading" className="text-xl font-semibold text-slate-900">
          {t(m.heading)}
        </h2>
        <Button
          onClick={() => {
            setSaved(null);
            setEditing({ kind: "hmo" });
          }}
        >
          {t(m.registerNew)}
        </Button>
      </div>
      <p className="mt-2 text-sm text-slate-600">{t(m.intro)}</p>
      {saved && (
        <Alert tone="success" className="mt-4">
          {saved}
        </Alert>
      )}
      <div className="mt-4 space-y-6" aria-busy={hmos.isFetching || undefined}>
        {hmos.isPending ? (
          <ListNote>{t(m.loading)}</ListNote>
        ) : hmos.isError ? (
          <ListFailure
            message={failureText(hmos.error)}
            retryLabel={t(m.tryAgain)}
            busy={hmos.isFetching}
            onRetry={() => void hmos.refetch()}
          />
        ) : list.length === 0 ? (
          <ListNote>{t(m.empty)}</ListNote>
        ) : (
          list.map((hmo) => (
            <HmoCard
              key={hmo.id}
              hmo={hmo}
              onAddPlan={() => {
                setSaved(null);
                setEditing({ kind: "plan", hmo });
              }}
            />
          ))
        )}
      </div>
      <Dialog open={editing?.kind === "hmo"} onClose={() => setEditing(null)} title={t(m.registerNew)} size="lg">
        {editing?.kind === "hmo" && <HmoForm onSaved={done} onCancel={() => setEditing(null)} />}
      </Dialog>
      <Dialog
        open={editing?.kind === "plan"}
        onClose={() => setEditing(null)}
        title={editing?.kind === "plan" ? t(m.addPlanTitle, { name: editing.hmo.name }) : t(m.addPlan)}
        size="lg"
      >
        {editing?.kind === "plan" && <PlanForm hmoId={editing.hmo.id} onSaved={done} onCancel={() => setEditing(null)} />}
      </Dialog>
    </section>
  );
}

/** One rule as a line: "Pharmacy: 90.00% covered, 10.00% co-payment". */
function ruleLine(rule: HmoPlan["rules"][number]): string {
  return t(m.ruleLine, {
    target: rule.department || t(m.serviceTarget, { id: rule.service_id }),
    excluded: String(rule.excluded),
    covered: rule.covered_percent,
    copay: rule.copay_percent,
    preauth: String(rule.preauth_required),
  });
}

function HmoCard({ hmo, onAddPlan }: { hmo: Hmo; onAddPlan: () => void }) {
  const headingId = `hmo-${hmo.id}-heading`;
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-lg font-semibold text-slate-900">
            {hmo.name}
          </h3>
          <p className="text-sm text-slate-600">
            {t(m.nhiaCode)}: <span className="font-mono">{hmo.nhia_code}</span>
          </p>
        </div>
        <Button variant="secondary" onClick={onAddPlan}>
          {t(m.addPlan)}
        </Button>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">{t(m.contact)}</dt>
          <dd className={`text-slate-900 ${breakAnywhere}`}>
            {hmo.contact_name}, {hmo.contact_phone}, {hmo.contact_email}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{t(m.remittances)}</dt>
          <dd className="text-slate-900">
            {hmo.bank_name} {hmo.bank_account_number}, {hmo.bank_account_name}
          </dd>
        </div>
      </dl>
      {hmo.plans.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t(m.noPlans)}</p>
      ) : (
        <DataTable
          label={t(m.plansLabel, { name: hmo.name })}
          caption={t(m.plansLabel, { name: hmo.name })}
          columns={[t(m.colPlan), t(m.colCovered), t(m.colCopay), t(m.colPreauth), t(m.colRules)]}
          className="mt-3"
        >
          {hmo.plans.map((plan) => (
            <tr key={plan.id}>
              <td className={`${cellClasses} font-medium text-slate-900`}>{plan.name}</td>
              <td className={`${cellClasses} whitespace-nowrap`}>{plan.excluded ? "0.00%" : `${plan.covered_percent}%`}</td>
              <td className={`${cellClasses} whitespace-nowrap`}>{plan.excluded ? "0.00%" : `${plan.copay_percent}%`}</td>
              <td className={cellClasses}>{plan.preauth_required ? t(m.yes) : t(m.no)}</td>
              <td className={cellClasses}>
                {plan.rules.length === 0 ? (
                  t(m.noRules)
                ) : (
                  <ul className="space-y-1">
                    {plan.rules.map((rule) => (
                      <li key={`${rule.department}|${rule.service_id}`}>{ruleLine(rule)}</li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </article>
  );
}
