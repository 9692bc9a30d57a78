import { formatNaira, nairaToKobo } from "@hospipay/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { StaffAreaShell } from "../../../components/layout/staff-area-shell";
import { Alert } from "../../../components/ui/alert";
import { ListFailure, ListNote } from "../../../components/ui/list-states";
import { t } from "../../../i18n";
import { formatNairaAmount } from "../../../lib/money";
import { myDeskQueryOptions } from "../../../lib/staff-desk/my-desk";
import { formatWatDateTime } from "../../../lib/wat-time";
import { failureText } from "../api/bills-error";
import { usePendingWaivers } from "../api/get-waivers";
import { billsCommonMessages as c } from "../messages";
import { waiverMessages as m } from "../waivers.messages";
import { WaiverDecision } from "./waiver-decision";

/**
 * /agentdashboard/waivers, /admindashboard/waivers and /superdashboard/waivers (beyond SPEC, issue 36): the
 * discounts and waivers waiting for a decision, newest first, each with its patient, bill, amount, reason, who
 * asked and when; a member with a waiver limit approves (within it) or rejects one with a note, never their own.
 */
export function WaiversScreen() {
  return (
    <StaffAreaShell panels={c} title={t(m.screenTitle)} denied={t(m.screenDenied)}>
      <Waivers />
    </StaffAreaShell>
  );
}

function Waivers() {
  const waivers = usePendingWaivers();
  const desk = useQuery(myDeskQueryOptions());
  const [outcome, setOutcome] = useState<string | null>(null);
  const area = useLocation().pathname.split("/")[1] ?? "agentdashboard";
  const results = waivers.data?.results ?? [];
  const limit = desk.data?.waiver_limit;

  return (
    <>
      <p className="mt-2 max-w-prose text-slate-700">{t(m.screenLead)}</p>
      {desk.data && (
        <p className="mt-1 text-sm text-slate-600">
          {limit != null ? t(m.yourLimit, { limit: formatNaira(nairaToKobo(limit) ?? 0) }) : t(m.noLimit)}
        </p>
      )}
      <section
        aria-labelledby="waivers-heading"
        className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id="waivers-heading" className="text-xl font-semibold text-slate-900">
          {t(m.pendingHeading)}
        </h2>
        {outcome && (
          <Alert tone="success" className="mt-4">
            {outcome}
          </Alert>
        )}
        <div className="mt-4 text-sm" aria-busy={waivers.isFetching || undefined}>
          {waivers.isPending ? (
            <ListNote>{t(m.loading)}</ListNote>
          ) : waivers.isError && results.length === 0 ? (
            <ListFailure
              message={t(c.error, { message: failureText(waivers.error, t(m.loadFailed)) })}
              retryLabel={t(c.tryAgain)}
              busy={waivers.isFetching}
              onRetry={() => void waivers.refetch()}
            />
          ) : results.length === 0 ? (
            <ListNote>{t(m.empty)}</ListNote>
          ) : (
            <>
              <ListNote className="mb-3">{t(m.count, { count: waivers.data?.count ?? results.length })}</ListNote>
              <ul aria-label={t(m.pendingList)} className="grid gap-4 lg:grid-cols-2">
                {results.map((waiver) => (
                  <li key={waiver.id} className="rounded-xl border border-slate-200 p-4">
                    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                      <dt className="text-slate-600">{t(m.patient)}</dt>
                      <dd className="font-semibold text-slate-900 wrap-anywhere">{waiver.patient_name}</dd>
                      <dt className="text-slate-600">{t(m.hospitalNumber)}</dt>
                      <dd className="text-slate-900 wrap-anywhere">{waiver.hospital_number}</dd>
                      <dt className="text-slate-600">{t(m.bill)}</dt>
                      <dd className="wrap-anywhere">
                        <Link
                          to={`/${area}/bills?bill=${waiver.bill_token}`}
                          aria-label={t(m.openBill, { token: waiver.bill_token })}
                          className="font-medium text-teal-800 underline underline-offset-2"
                        >
                          {waiver.bill_token}
                        </Link>
                      </dd>
                      <dt className="text-slate-600">{t(m.waiverAmount)}</dt>
                      <dd className="font-semibold text-slate-900">
                        {waiver.percent
                          ? t(m.percentLine, { amount: formatNairaAmount(waiver.amount), percent: Number(waiver.percent) })
                          : formatNairaAmount(waiver.amount)}
                      </dd>
                      <dt className="text-slate-600">{t(m.reasonLabel)}</dt>
                      <dd className="text-slate-900 wrap-anywhere">{waiver.reason}</dd>
                      <dt className="text-slate-600">{t(m.askedByLabel)}</dt>
                      <dd className="text-slate-900 wrap-anywhere">{waiver.requested_by.name}</dd>
                      <dt className="text-slate-600">{t(m.askedOn)}</dt>
                      <dd className="text-slate-900">
                        <time dateTime={waiver.requested_at}>{formatWatDateTime(waiver.requested_at)}</time>
                      </dd>
                    </dl>
                    <WaiverDecision waiver={waiver} desk={desk.data} onDecided={setOutcome} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </section>
    </>
  );
}
