import {
  API_PATHS,
  claimInputSchema,
  claimRejectionInputSchema,
  claimWriteOffDecisionSchema,
  claimWriteOffInputSchema,
  remittanceInputSchema,
  type Claim,
  type Hmo,
  watDay,
} from "@hospipay/contract";
import { useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { breakAnywhere, cellClasses, DataTable } from "../../../components/ui/data-table";
import { Dialog } from "../../../components/ui/dialog";
import { Field, Form, inputClasses, TextField } from "../../../components/ui/form";
import { ListFailure, ListNote } from "../../../components/ui/list-states";
import { t } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { downloadBlob } from "../../../lib/download";
import { specText } from "../../../lib/messages";
import { formatNairaAmount } from "../../../lib/money";
import { useCurrentUser } from "../../../lib/session/get-profile";
import { formatWatDay } from "../../../lib/wat-time";
import { claimCsv, useClaim, useClaimAction, useClaims } from "../api/claims-api";
import { claimMessages as c, hmosMessages as m } from "../messages";
import { checkWith, focusFirstInvalid, saveFailure, type FormErrors } from "./form-errors";

const NO_ERRORS: FormErrors = { fields: {}, general: null };
const day = (date: string) => formatWatDay(`${date}T12:00:00Z`);
const amountCell = `${cellClasses} text-right whitespace-nowrap`;

/** This month in West Africa Time, YYYY-MM (the default batch). */
function thisMonth(): string {
  return watDay(new Date().toISOString()).slice(0, 7);
}

/**
 * Claims (issue 37): make an HMO's batch of a month, the batches with what was claimed, remitted, written off
 * and is outstanding, and each batch in a dialog to export, submit, record a remittance and write off what is
 * left short with another officer's sign-off.
 */
export function ClaimsSection({ hmos }: { hmos: readonly Hmo[] }) {
  const claims = useClaims();
  const make = useClaimAction();
  const [hmoId, setHmoId] = useState("");
  const [month, setMonth] = useState(thisMonth);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [opened, setOpened] = useState<number | null>(null);
  const box = useRef<HTMLDivElement>(null);

  const submit = () => {
    const body = { hmo_id: hmoId ? Number(hmoId) : undefined, month };
    const fields = checkWith(claimInputSchema, body);
    setErrors({ fields, general: null });
    if (Object.keys(fields).length > 0) return focusFirstInvalid(box.current);
    make.mutate(
      { path: API_PATHS.staffHmoClaims, body },
      {
        onSuccess: (answer) => {
          setErrors(NO_ERRORS);
          setOpened(answer.claim.id);
        },
        onError: (error) => {
          setErrors(saveFailure(error));
          focusFirstInvalid(box.current);
        },
      },
    );
  };

  const list = claims.data ?? [];
  return (
    <section aria-labelledby="claims-heading" className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="claims-heading" className="text-xl font-semibold text-slate-900">
        {t(c.heading)}
      </h2>
      <p className="mt-2 text-sm text-slate-600">{t(c.intro)}</p>
      <div ref={box}>
        <Form
          onSubmit={submit}
          aria-labelledby="claims-heading"
          className="mt-4 grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
        >
          {errors.general && (
            <Alert tone="error" className="sm:col-span-3">
              {errors.general}
            </Alert>
          )}
          <Field label={t(c.hmo)} error={errors.fields.hmo_id}>
            {(control) => (
              <select {...control} value={hmoId} onChange={(event) => setHmoId(event.target.value)} className={inputClasses}>
                <option value="">{t(c.chooseHmo)}</option>
                {hmos.map((hmo) => (
                  <option key={hmo.id} value={String(hmo.id)}>
                    {hmo.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <TextField
            label={t(c.month)}
            inputMode="numeric"
            maxLength={7}
            value={month}
            onValueChange={setMonth}
            error={errors.fields.month}
          />
          <Button type="submit" busy={make.isPending} className="sm:mt-7">
            {t(c.make)}
          </Button>
        </Form>
      </div>
      <div className="mt-4" aria-busy={claims.isFetching || undefined}>
        {claims.isPending ? (
          <ListNote>{t(c.loading)}</ListNote>
        ) : claims.isError ? (
          <ListFailure
            message={claims.error instanceof ApiError && claims.error.status === 0 ? t(m.networkError) : t(c.loadFailed)}
            retryLabel={t(m.tryAgain)}
            busy={claims.isFetching}
            onRetry={() => void claims.refetch()}
          />
        ) : list.length === 0 ? (
          <ListNote>{t(c.empty)}</ListNote>
        ) : (
          <DataTable
            label={t(c.tableLabel)}
            caption={t(c.tableLabel)}
            columns={[
              t(c.hmo),
              t(c.colMonth),
              t(c.colStatus),
              t(c.colLines),
              t(c.colClaimed),
              t(c.colRemitted),
              t(c.colWrittenOff),
              t(c.colOutstanding),
              t(c.open),
            ]}
          >
            {list.map((claim) => (
              <tr key={claim.id}>
                <td className={`${cellClasses} font-medium text-slate-900`}>{claim.hmo.name}</td>
                <td className={`${cellClasses} whitespace-nowrap`}>{claim.month}</td>
                <td className={cellClasses}>{t(c.status, { status: claim.status })}</td>
                <td className={`${cellClasses} text-right`}>{claim.lines}</td>
                <td className={amountCell}>{formatNairaAmount(claim.total)}</td>
                <td className={amountCell}>{formatNairaAmount(claim.remitted)}</td>
                <td className={amountCell}>{formatNairaAmount(claim.written_off)}</td>
                <td className={amountCell}>{formatNairaAmount(claim.outstanding)}</td>
                <td className={cellClasses}>
                  <Button
                    variant="secondary"
                    onClick={() => setOpened(claim.id)}
                    aria-label={t(c.openLabel, { hmo: claim.hmo.name, month: claim.month })}
                  >
                    {t(c.open)}
                  </Button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </div>
      <ClaimDialog id={opened} onClose={() => setOpened(null)} />
    </section>
  );
}

function ClaimDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const claim = useClaim(id);
  const data = claim.data;
  return (
    <Dialog
      open={id !== null}
      onClose={onClose}
      title={data ? t(c.title, { hmo: data.hmo.name, month: data.month }) : t(c.titleLoading)}
      size="lg"
      printable
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" disabled={!data} onClick={() => window.print()}>
            {t(c.print)}
          </Button>
          <Button onClick={onClose}>{t(c.close)}</Button>
        </div>
      }
    >
      {claim.isPending ? (
        <ListNote>{t(c.loading)}</ListNote>
      ) : claim.isError || !data ? (
        <ListFailure
          message={t(c.loadFailed)}
          retryLabel={t(m.tryAgain)}
          busy={claim.isFetching}
          onRetry={() => void claim.refetch()}
        />
      ) : (
        <ClaimDetail claim={data} />
      )}
    </Dialog>
  );
}

function ClaimDetail({ claim }: { claim: Claim }) {
  const [csvError, setCsvError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const action = useClaimAction();
  const onDone = (detail: string) => setDone(specText(detail));
  const download = () => {
    setCsvError(null);
    claimCsv(claim.id)
      .then((blob) => downloadBlob(blob, `claim-${claim.hmo.nhia_code.replace(/[^A-Za-z0-9]+/g, "-")}-${claim.month}.csv`))
      .catch(() => setCsvError(t(c.csvFailed)));
  };
  const pending = claim.write_offs.find((writeOff) => writeOff.status === "pending");
  const open = claim.status !== "draft" && Number(claim.outstanding) > 0;

  return (
    <div className="space-y-5 text-sm">
      <p className="hidden text-base font-semibold text-slate-900 print:block">
        {t(c.printTitle, { hmo: claim.hmo.name, nhia: claim.hmo.nhia_code, month: claim.month })}
      </p>
      <p className="text-slate-900">
        {t(c.status, { status: claim.status })} · {t(c.colClaimed)} {formatNairaAmount(claim.total)} · {t(c.colRemitted)}{" "}
        {formatNairaAmount(claim.remitted)} · {t(c.colWrittenOff)} {formatNairaAmount(claim.written_off)} · {t(c.colOutstanding)}{" "}
        {formatNairaAmount(claim.outstanding)}
      </p>
      {done && (
        <Alert tone="success" className="print:hidden">
          {done}
        </Alert>
      )}
      <div className="flex flex-wrap gap-2 print:hidden">
        <Button variant="secondary" onClick={download}>
          {t(c.downloadCsv)}
        </Button>
        {claim.status === "draft" && (
          <Button
            busy={action.isPending}
            onClick={() =>
              action.mutate(
                { path: API_PATHS.staffHmoClaimSubmit(claim.id), body: {} },
                { onSuccess: (answer) => onDone(answer.detail), onError: (error) => setDone(saveFailure(error).general) },
              )
            }
          >
            {t(c.submit, { hmo: claim.hmo.name })}
          </Button>
        )}
      </div>
      {csvError && <Alert tone="error">{csvError}</Alert>}
      <DataTable
        label={t(c.linesLabel)}
        caption={t(c.linesLabel)}
        columns={[
          t(c.colDate),
          t(c.colPatient),
          t(c.colService),
          t(c.colCode),
          t(c.colClaimed),
          t(c.colPaid),
          t(c.colWrittenOff),
          t(c.colRejected),
        ]}
      >
        {claim.claim_lines.map((line) => (
          <tr key={`${line.bill_token}-${line.position}`}>
            <td className={`${cellClasses} whitespace-nowrap`}>{day(line.final_on)}</td>
            <td className={cellClasses}>
              {line.patient_name}
              <span className={`block text-slate-600 ${breakAnywhere}`}>
                {line.hospital_number} · {line.enrollee_id}
              </span>
            </td>
            <td className={cellClasses}>
              {line.quantity} × {line.service_name}
            </td>
            <td className={`${cellClasses} ${breakAnywhere}`}>{line.preauth_code ?? "—"}</td>
            <td className={amountCell}>{formatNairaAmount(line.amount)}</td>
            <td className={amountCell}>{formatNairaAmount(line.paid)}</td>
            <td className={amountCell}>{formatNairaAmount(line.written_off)}</td>
            <td className={cellClasses}>{line.rejected_reason ?? "—"}</td>
          </tr>
        ))}
      </DataTable>
      {claim.remittances.length > 0 && (
        <section aria-label={t(c.remittances)}>
          <h3 className="font-semibold text-slate-900">{t(c.remittances)}</h3>
          <ul className="mt-1 list-disc pl-5 text-slate-700">
            {claim.remittances.map((remittance) => (
              <li key={remittance.id}>
                {t(c.remittanceLine, {
                  amount: formatNairaAmount(remittance.amount),
                  day: day(remittance.received_on),
                  reference: remittance.bank_reference,
                })}
              </li>
            ))}
          </ul>
        </section>
      )}
      {claim.write_offs.length > 0 && (
        <section aria-label={t(c.writeOffs)}>
          <h3 className="font-semibold text-slate-900">{t(c.writeOffs)}</h3>
          <ul className="mt-1 list-disc pl-5 text-slate-700">
            {claim.write_offs.map((writeOff) => (
              <li key={writeOff.id}>
                {t(c.writeOffLine, {
                  amount: formatNairaAmount(writeOff.amount),
                  reason: writeOff.reason,
                  name: writeOff.requested_by.name,
                  status: writeOff.status,
                })}
              </li>
            ))}
          </ul>
        </section>
      )}
      {/* Drawn anew after each remittance: the next starts from what is then outstanding, with no reference typed. */}
      <div className="space-y-5 print:hidden">
        {open && <RemittanceForm key={claim.remitted} claim={claim} onDone={onDone} />}
        {open && (
          <RejectionForm key={claim.claim_lines.filter((line) => line.rejected_reason).length} claim={claim} onDone={onDone} />
        )}
        {open && !pending && <WriteOffForm claim={claim} onDone={onDone} />}
        {pending && <WriteOffDecision writeOffId={pending.id} requestedBy={pending.requested_by.id} onDone={onDone} />}
      </div>
    </div>
  );
}

/** A small form of a claim action: the contract's checks first, then the server's refusals beside their fields. */
function useActionForm(schema: Parameters<typeof checkWith>[0], onDone: (detail: string) => void) {
  const action = useClaimAction();
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const box = useRef<HTMLDivElement>(null);
  const send = (path: string, body: Record<string, unknown>) => {
    const fields = checkWith(schema, body);
    setErrors({ fields, general: null });
    if (Object.keys(fields).length > 0) return focusFirstInvalid(box.current);
    action.mutate(
      { path, body },
      {
        onSuccess: (answer) => {
          setErrors(NO_ERRORS);
          onDone(answer.detail);
        },
        onError: (error) => {
          setErrors(saveFailure(error));
          focusFirstInvalid(box.current);
        },
      },
    );
  };
  return { send, errors, box, busy: action.isPending };
}

function RemittanceForm({ claim, onDone }: { claim: Claim; onDone: (detail: string) => void }) {
  const [draft, setDraft] = useState({ amount: claim.outstanding, bank_reference: "", received_on: "" });
  const form = useActionForm(remittanceInputSchema, onDone);
  const set = (field: keyof typeof draft) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));
  return (
    <section aria-labelledby="remit-heading" ref={form.box} className="rounded-xl border border-slate-200 p-3">
      <h3 id="remit-heading" className="font-semibold text-slate-900">
        {t(c.remitHeading)}
      </h3>
      <Form
        onSubmit={() => form.send(API_PATHS.staffHmoClaimRemittances(claim.id), draft)}
        aria-labelledby="remit-heading"
        className="mt-2 grid gap-3 sm:grid-cols-3"
      >
        {form.errors.general && (
          <Alert tone="error" className="sm:col-span-3">
            {form.errors.general}
          </Alert>
        )}
        <TextField
          label={t(c.amount)}
          inputMode="decimal"
          value={draft.amount}
          onValueChange={set("amount")}
          error={form.errors.fields.amount}
        />
        <TextField
          label={t(c.bankReference)}
          maxLength={60}
          autoComplete="off"
          value={draft.bank_reference}
          onValueChange={set("bank_reference")}
          error={form.errors.fields.bank_reference}
        />
        <TextField
          label={t(c.receivedOn)}
          type="date"
          value={draft.received_on}
          onValueChange={set("received_on")}
          error={form.errors.fields.received_on}
        />
        <div className="sm:col-span-3">
          <Button type="submit" busy={form.busy}>
            {t(c.remit)}
          </Button>
        </div>
      </Form>
    </section>
  );
}

/** A line the HMO rejected (one it has paid nothing of), with the reason it gave. */
function RejectionForm({ claim, onDone }: { claim: Claim; onDone: (detail: string) => void }) {
  const candidates = claim.claim_lines.filter(
    (line) => line.rejected_reason === null && Number(line.paid) === 0 && Number(line.written_off) === 0,
  );
  const [chosen, setChosen] = useState("");
  const [reason, setReason] = useState("");
  const form = useActionForm(claimRejectionInputSchema, onDone);
  if (candidates.length === 0) return null;
  const submit = () => {
    const [token = "", position = ""] = chosen.split(":");
    form.send(API_PATHS.staffHmoClaimRejections(claim.id), {
      bill_token: token,
      position: position ? Number(position) : undefined,
      reason,
    });
  };
  return (
    <section aria-labelledby="reject-heading" ref={form.box} className="rounded-xl border border-slate-200 p-3">
      <h3 id="reject-heading" className="font-semibold text-slate-900">
        {t(c.rejectHeading)}
      </h3>
      <Form onSubmit={submit} aria-labelledby="reject-heading" className="mt-2 space-y-3">
        {form.errors.general && <Alert tone="error">{form.errors.general}</Alert>}
        <Field label={t(c.chooseLine)} error={form.errors.fields.position ?? form.errors.fields.bill_token}>
          {(control) => (
            <select {...control} value={chosen} onChange={(event) => setChosen(event.target.value)} className={inputClasses}>
              <option value="">{t(c.chooseLine)}</option>
              {candidates.map((line) => (
                <option key={`${line.bill_token}:${line.position}`} value={`${line.bill_token}:${line.position}`}>
                  {t(c.lineOption, {
                    patient: line.patient_name,
                    service: line.service_name,
                    amount: formatNairaAmount(line.amount),
                  })}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField
          label={t(c.rejectReason)}
          maxLength={500}
          value={reason}
          onValueChange={setReason}
          error={form.errors.fields.reason}
        />
        <Button type="submit" variant="secondary" busy={form.busy}>
          {t(c.rejectLine)}
        </Button>
      </Form>
    </section>
  );
}

function WriteOffForm({ claim, onDone }: { claim: Claim; onDone: (detail: string) => void }) {
  const [reason, setReason] = useState("");
  const form = useActionForm(claimWriteOffInputSchema, onDone);
  return (
    <section aria-labelledby="write-off-heading" ref={form.box} className="rounded-xl border border-slate-200 p-3">
      <h3 id="write-off-heading" className="font-semibold text-slate-900">
        {t(c.writeOffHeading)}
      </h3>
      <Form
        onSubmit={() => form.send(API_PATHS.staffHmoClaimWriteOffs(claim.id), { reason })}
        aria-labelledby="write-off-heading"
        className="mt-2 space-y-3"
      >
        {form.errors.general && <Alert tone="error">{form.errors.general}</Alert>}
        <TextField
          label={t(c.reason)}
          maxLength={500}
          value={reason}
          onValueChange={setReason}
          error={form.errors.fields.reason}
        />
        <Button type="submit" variant="secondary" busy={form.busy}>
          {t(c.askWriteOff, { amount: formatNairaAmount(claim.outstanding) })}
        </Button>
      </Form>
    </section>
  );
}

function WriteOffDecision({
  writeOffId,
  requestedBy,
  onDone,
}: {
  writeOffId: number;
  requestedBy: number;
  onDone: (detail: string) => void;
}) {
  const user = useCurrentUser();
  const [note, setNote] = useState("");
  const form = useActionForm(claimWriteOffDecisionSchema, onDone);
  if (user?.id === requestedBy) return <p className="text-slate-700">{t(c.ownWriteOff)}</p>;
  const decide = (decision: "approve" | "reject") => form.send(API_PATHS.decideHmoClaimWriteOff(writeOffId), { decision, note });
  return (
    <div ref={form.box} className="space-y-3 rounded-xl border border-slate-200 p-3">
      {form.errors.general && <Alert tone="error">{form.errors.general}</Alert>}
      <TextField label={t(c.note)} maxLength={500} value={note} onValueChange={setNote} error={form.errors.fields.note} />
      <div className="flex flex-wrap gap-2">
        <Button busy={form.busy} onClick={() => decide("approve")}>
          {t(c.approve)}
        </Button>
        <Button variant="ghost" onClick={() => decide("reject")}>
          {t(c.reject)}
        </Button>
      </div>
    </div>
  );
}
