import { formatNaira, nairaToKobo, type BillWaiver, type StaffBill } from "@hospipay/contract";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { Field, Form, inputClasses, TextField } from "../../../components/ui/form";
import { t } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { formatNairaAmount } from "../../../lib/money";
import { myDeskQueryOptions } from "../../../lib/staff-desk/my-desk";
import { formatWatDateTime } from "../../../lib/wat-time";
import { useRequestWaiver, type WaiverRequestBody } from "../api/request-waiver";
import { useFocusFirstInvalid } from "../hooks/use-focus-first-invalid";
import { billsCommonMessages as c } from "../messages";
import { waiverFailure, waiverText } from "../utils/waiver-text";
import { waiverMessages as m } from "../waivers.messages";
import { WaiverDecision } from "./waiver-decision";

/**
 * A bill's discounts and waivers in its staff dialog (issue 36): each one asked for (amount, percentage, reason,
 * status, who asked, who decided with their note), Approve / Reject on a pending one for a member who may decide it,
 * and, on an open bill, the form that asks for one. What the server answers stays shown above the list.
 */
export function BillWaivers({ bill }: { bill: StaffBill }) {
  const headingId = useId();
  const desk = useQuery(myDeskQueryOptions());
  const [outcome, setOutcome] = useState<string | null>(null);

  return (
    <section aria-labelledby={headingId} className="mt-6 space-y-3 border-t border-slate-200 pt-5 text-sm">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {t(m.heading)}
      </h3>
      {outcome && <Alert tone="success">{outcome}</Alert>}
      {bill.waivers.length === 0 ? (
        <p className="text-slate-600">{t(m.none)}</p>
      ) : (
        <ul aria-label={t(m.listLabel)} className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {bill.waivers.map((waiver) => (
            <li key={waiver.id} className="p-3">
              <WaiverSummary waiver={waiver} />
              {waiver.status === "pending" && bill.status === "open" && (
                <WaiverDecision waiver={waiver} desk={desk.data} onDecided={setOutcome} />
              )}
            </li>
          ))}
        </ul>
      )}
      {bill.status === "open" && <AskWaiverForm bill={bill} onAsked={setOutcome} />}
    </section>
  );
}

const STATUS_TONES: Record<BillWaiver["status"], string> = {
  pending: "bg-amber-100 text-amber-900",
  approved: "bg-emerald-100 text-emerald-900",
  rejected: "bg-red-100 text-red-800",
  withdrawn: "bg-slate-200 text-slate-800",
};

/** One waiver: what it takes off, why, its status, who asked and who decided. */
export function WaiverSummary({ waiver }: { waiver: BillWaiver }) {
  return (
    <div className="space-y-0.5 wrap-anywhere">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">
          {waiver.percent
            ? t(m.percentLine, { amount: formatNairaAmount(waiver.amount), percent: Number(waiver.percent) })
            : formatNairaAmount(waiver.amount)}
        </p>
        <span className={cn("rounded-full px-2 py-0.5 text-xs font-semibold", STATUS_TONES[waiver.status])}>
          {t(m.status, { status: waiver.status })}
        </span>
      </div>
      <p className="text-slate-700">{t(m.reasonLine, { reason: waiver.reason })}</p>
      <p className="text-slate-600">
        {t(m.askedBy, { name: waiver.requested_by.name, date: formatWatDateTime(waiver.requested_at) })}
      </p>
      {waiver.decided_by && (
        <p className="text-slate-600">
          {t(m.decidedBy, {
            status: waiver.status,
            name: waiver.decided_by.name,
            date: waiver.decided_at ? formatWatDateTime(waiver.decided_at) : "",
          })}
          {waiver.decision_note ? ` — ${t(m.decisionNote, { note: waiver.decision_note })}` : ""}
        </p>
      )}
    </div>
  );
}

const FIELDS = ["amount", "percent", "reason"] as const;
type WaiverField = (typeof FIELDS)[number];
type Kind = "amount" | "percent";

const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

/** "Ask for a waiver" on an open bill: an amount or a percentage of its total, and a reason. */
function AskWaiverForm({ bill, onAsked }: { bill: StaffBill; onAsked: (detail: string) => void }) {
  const headingId = useId();
  const kindId = useId();
  const [kind, setKind] = useState<Kind>("amount");
  const [amount, setAmount] = useState("");
  const [percent, setPercent] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Partial<Record<WaiverField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const ask = useRequestWaiver();
  const invalid = useFocusFirstInvalid<HTMLDivElement>();
  const leftKobo = nairaToKobo(bill.left) ?? 0;

  const check = (): Partial<Record<WaiverField, string>> => {
    const found: Partial<Record<WaiverField, string>> = {};
    if (kind === "amount") {
      const kobo = nairaToKobo(amount.trim());
      if (kobo === null || kobo <= 0) found.amount = t(m.enterAmount);
      else if (kobo > leftKobo) found.amount = t(m.moreThanLeft, { left: formatNaira(leftKobo) });
    } else if (!PERCENT.test(percent.trim()) || Number(percent) <= 0 || Number(percent) > 100) found.percent = t(m.enterPercent);
    if (!reason.trim()) found.reason = t(m.enterReason);
    return found;
  };

  const refused = (error: unknown) => {
    const fields: Partial<Record<WaiverField, string>> = {};
    if (error instanceof ApiError)
      for (const field of FIELDS) {
        const message = error.fieldError(field);
        // The server names "amount" for a missing value whichever was chosen: it goes under the field shown.
        if (message) fields[field === "amount" || field === "percent" ? kind : field] ??= waiverText(message);
      }
    if (Object.keys(fields).length > 0) {
      setErrors(fields);
      invalid.report();
    } else setFailure(waiverFailure(error, t(m.askFailed)));
  };

  const submit = () => {
    if (ask.isPending) return;
    setFailure(null);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      invalid.report();
      return;
    }
    const body: WaiverRequestBody =
      kind === "amount" ? { amount: amount.trim(), reason: reason.trim() } : { percent: percent.trim(), reason: reason.trim() };
    ask.mutateAsync({ token: bill.token, body }).then((answer) => {
      onAsked(waiverText(answer.detail));
      setAmount("");
      setPercent("");
      setReason("");
    }, refused);
  };

  const errorCount = FIELDS.filter((field) => errors[field]).length;

  return (
    <div ref={invalid.ref} className="space-y-3 rounded-lg bg-slate-50 p-3 print:hidden">
      <div>
        <h4 id={headingId} className="font-semibold text-slate-900">
          {t(m.askHeading)}
        </h4>
        <p className="mt-1 text-slate-600">{t(m.askLead)}</p>
      </div>
      <Form onSubmit={submit} aria-labelledby={headingId} className="space-y-4">
        {errorCount > 0 && <Alert tone="error">{t(c.checkFields, { count: errorCount })}</Alert>}
        {failure && <Alert tone="error">{failure}</Alert>}
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t(m.kind)}</legend>
          <div className="mt-2 grid gap-2 min-[360px]:grid-cols-2">
            {(["amount", "percent"] as const).map((option) => (
              <label
                key={option}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50"
              >
                <input
                  type="radio"
                  name={`${kindId}-kind`}
                  value={option}
                  checked={kind === option}
                  onChange={() => {
                    setKind(option);
                    setErrors({});
                  }}
                  className="size-4 accent-teal-700"
                />
                <span className="text-sm text-slate-900">{t(option === "amount" ? m.kindAmount : m.kindPercent)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {kind === "amount" ? (
          <TextField
            label={t(m.amount)}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onValueChange={setAmount}
            error={errors.amount}
            hint={t(m.amountHint, { left: formatNairaAmount(bill.left) })}
          />
        ) : (
          <TextField
            label={t(m.percent)}
            inputMode="decimal"
            autoComplete="off"
            value={percent}
            onValueChange={setPercent}
            error={errors.percent}
            hint={t(m.percentHint, { total: formatNairaAmount(bill.total) })}
          />
        )}
        <Field label={t(m.reason)} error={errors.reason} hint={t(m.reasonHint)}>
          {(control) => (
            <textarea
              {...control}
              rows={2}
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              className={cn(inputClasses, "min-h-16")}
            />
          )}
        </Field>
        <Button type="submit" variant="secondary" className="w-full sm:w-auto" busy={ask.isPending}>
          {t(m.submitAsk)}
        </Button>
      </Form>
    </div>
  );
}
