import { API_PATHS, BILL_MAX_ITEMS, nairaToKobo, type Admission, type AdmissionDetail, type Patient } from "@hospipay/contract";
import { useId, useState } from "react";
import { StaffAreaShell } from "../../../components/layout/staff-area-shell";
import { PatientPicker } from "../../../components/patients/patient-picker";
import { ReceiptCodeBlock } from "../../../components/receipt-code-qr";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { CheckboxRow } from "../../../components/ui/checkbox-row";
import { cellClasses, DataTable } from "../../../components/ui/data-table";
import { Dialog } from "../../../components/ui/dialog";
import { Form, TextField } from "../../../components/ui/form";
import { ListFailure, ListNote } from "../../../components/ui/list-states";
import { t } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { useDepartments } from "../../../lib/catalogue/departments";
import { catalogueErrorText } from "../../../lib/catalogue/catalogue-request";
import { specText } from "../../../lib/messages";
import { formatNairaAmount } from "../../../lib/money";
import { useCurrentEnrolment } from "../../../lib/patients/enrolments-api";
import { useCurrentUser } from "../../../lib/session/get-profile";
import { formatWatDateTime } from "../../../lib/wat-time";
import { admissionsMessages as m } from "../admissions.messages";
import { useAdmission, useAdmissionAction, useAdmissions } from "../api/admissions-api";
import { failureText } from "../api/bills-error";
import { useFocusFirstInvalid } from "../hooks/use-focus-first-invalid";
import { billsCommonMessages as c, billsScreenMessages as b } from "../messages";
import { emptyLine, lineBodies, validateLines, type BillFieldErrors, type LineDraft } from "../utils/bill-form";
import { BillDetailDialog } from "./bill-detail-dialog";
import { BillLine } from "./bill-line";

const OFFICERS = new Set(["ADMIN", "SUPERADMIN"]);

/** The server's field errors by field, in the current language; the rest as one message. */
function refusal(error: unknown): { fields: BillFieldErrors; general: string | null } {
  if (!(error instanceof ApiError) || Object.keys(error.fieldErrors).length === 0)
    return { fields: {}, general: failureText(error, t(m.failed)) };
  const fields: BillFieldErrors = {};
  for (const [key, messages] of Object.entries(error.fieldErrors)) if (messages[0]) fields[key] = specText(messages[0]);
  const general = fields.items ?? null;
  delete fields.items;
  return { fields, general };
}

/**
 * A stay form's state: its field errors and general failure, the check before sending (the first invalid field
 * focused), and a refusal of the server shown the same way.
 */
function useStayForm() {
  const [errors, setErrors] = useState<BillFieldErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const action = useAdmissionAction();
  const invalid = useFocusFirstInvalid<HTMLElement>();
  const checked = (found: BillFieldErrors) => {
    setGeneral(null);
    setErrors(found);
    if (Object.keys(found).length > 0) invalid.report();
    return Object.keys(found).length === 0;
  };
  const refused = (error: unknown) => {
    const shown = refusal(error);
    setErrors(shown.fields);
    setGeneral(shown.general);
    invalid.report();
  };
  return { errors, general, action, invalid, checked, refused };
}

/**
 * /agentdashboard/admissions, /admindashboard/admissions and /superdashboard/admissions (issue 37): the patients
 * in the wards with their charges and deposits (a deposit running low is flagged), admitting a register patient,
 * and each stay in a dialog: its lines added as they are given, its bill (the link deposits are paid through, the
 * desk's cash and POS), and discharge by an officer with the clearance code once the bill is paid.
 */
export function AdmissionsScreen() {
  const [opened, setOpened] = useState<number | null>(null);
  const [admittedNote, setAdmittedNote] = useState<string | null>(null);
  const [shown, setShown] = useState<"current" | "discharged">("current");
  return (
    <StaffAreaShell panels={c} title={t(m.title)} denied={t(b.denied)}>
      <p className="mt-2 max-w-3xl text-sm text-slate-600">{t(m.lead)}</p>
      {admittedNote && (
        <Alert tone="success" className="mt-4">
          {admittedNote}
        </Alert>
      )}
      <AdmitForm
        onAdmitted={(detail, id) => {
          setAdmittedNote(detail);
          setShown("current");
          setOpened(id);
        }}
      />
      <StayList shown={shown} onShow={setShown} onOpen={setOpened} />
      <StayDialog id={opened} onClose={() => setOpened(null)} />
    </StaffAreaShell>
  );
}

function AdmitForm({ onAdmitted }: { onAdmitted: (detail: string, id: number) => void }) {
  const [patient, setPatient] = useState<Patient | null>(null);
  const [ward, setWard] = useState("");
  const [low, setLow] = useState("10000");
  const [chargeHmo, setChargeHmo] = useState(true);
  const enrolment = useCurrentEnrolment(patient?.id ?? null);
  const { errors, general, action, invalid, checked, refused } = useStayForm();

  const submit = () => {
    const found: BillFieldErrors = {};
    if (!patient) found.patient_id = t(m.choosePatient);
    if (!ward.trim()) found.ward = t(m.enterWard);
    const lowKobo = nairaToKobo(low.trim() || "0");
    if (lowKobo === null || lowKobo < 0) found.low_deposit = t(m.enterAmount);
    if (!checked(found)) return;
    const body = { patient_id: patient!.id, ward: ward.trim(), low_deposit: low.trim() || "0", charge_hmo: chargeHmo };
    action.mutateAsync({ path: API_PATHS.staffAdmissions, body }).then((answer) => {
      setPatient(null);
      setWard("");
      onAdmitted(specText(answer.detail), answer.admission.id);
    }, refused);
  };

  return (
    <section
      ref={invalid.ref}
      aria-labelledby="admit-heading"
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="admit-heading" className="text-xl font-semibold text-slate-900">
        {t(m.admitHeading)}
      </h2>
      <Form onSubmit={submit} aria-labelledby="admit-heading" className="mt-4 grid gap-4 sm:grid-cols-2">
        {general && (
          <Alert tone="error" className="sm:col-span-2">
            {general}
          </Alert>
        )}
        <PatientPicker chosen={patient} onChoose={setPatient} error={errors.patient_id} />
        <TextField label={t(m.ward)} maxLength={60} value={ward} onValueChange={setWard} error={errors.ward} />
        <TextField label={t(m.lowDeposit)} inputMode="decimal" value={low} onValueChange={setLow} error={errors.low_deposit} />
        {patient && enrolment.data && (
          <div className="rounded-xl border border-teal-200 bg-teal-50 p-3 text-sm sm:col-span-2">
            <CheckboxRow checked={chargeHmo} onChange={setChargeHmo}>
              {t(m.chargeHmo)} ({enrolment.data.hmo.name}, {enrolment.data.plan.name})
            </CheckboxRow>
          </div>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" busy={action.isPending}>
            {t(m.admit)}
          </Button>
        </div>
      </Form>
    </section>
  );
}

function StatusText({ admission }: { admission: Admission }) {
  return <>{t(m[`status_${admission.status}`])}</>;
}

/** Deposit left, or what is owed when the charges have run past the deposits. */
function balanceText(balance: string): string {
  return balance.startsWith("-") ? t(m.owed, { amount: formatNairaAmount(balance.slice(1)) }) : formatNairaAmount(balance);
}

function StayList({
  shown,
  onShow,
  onOpen,
}: {
  shown: "current" | "discharged";
  onShow: (shown: "current" | "discharged") => void;
  onOpen: (id: number) => void;
}) {
  const stays = useAdmissions(shown);
  const heading = t(shown === "current" ? m.currentHeading : m.dischargedHeading);
  return (
    <section aria-labelledby="stays-heading" className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="stays-heading" className="text-xl font-semibold text-slate-900">
          {heading}
        </h2>
        <Button variant="secondary" onClick={() => onShow(shown === "current" ? "discharged" : "current")}>
          {t(shown === "current" ? m.showDischarged : m.showCurrent)}
        </Button>
      </div>
      <div className="mt-3" aria-busy={stays.isFetching || undefined}>
        {stays.isPending ? (
          <ListNote>{t(m.loading)}</ListNote>
        ) : stays.isError ? (
          <ListFailure
            message={failureText(stays.error, t(m.loadFailed))}
            retryLabel={t(c.tryAgain)}
            busy={stays.isFetching}
            onRetry={() => void stays.refetch()}
          />
        ) : stays.data.length === 0 ? (
          <ListNote>{t(shown === "current" ? m.noneCurrent : m.noneDischarged)}</ListNote>
        ) : (
          <DataTable
            label={t(shown === "current" ? m.currentTable : m.dischargedTable)}
            caption={t(shown === "current" ? m.currentTable : m.dischargedTable)}
            columns={[t(m.patient), t(m.ward), t(m.admitted), t(m.charges), t(m.deposits), t(m.balance), t(m.stayColumn)]}
          >
            {stays.data.map((stay) => (
              <tr key={stay.id}>
                <td className={`${cellClasses} font-medium text-slate-900`}>
                  {stay.patient.name}
                  <span className="block text-slate-600">{stay.patient.hospital_number}</span>
                </td>
                <td className={cellClasses}>
                  {stay.ward}
                  <span className="block text-slate-600">
                    <StatusText admission={stay} />
                  </span>
                </td>
                <td className={cellClasses}>{formatWatDateTime(stay.admitted_at)}</td>
                <td className={`${cellClasses} text-right whitespace-nowrap`}>{formatNairaAmount(stay.charges)}</td>
                <td className={`${cellClasses} text-right whitespace-nowrap`}>{formatNairaAmount(stay.deposits)}</td>
                <td className={`${cellClasses} text-right whitespace-nowrap`}>
                  {balanceText(stay.balance)}
                  {stay.deposit_low && (
                    <span className="mt-1 block rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                      {t(m.depositLow)}
                    </span>
                  )}
                </td>
                <td className={cellClasses}>
                  <Button
                    variant="secondary"
                    aria-label={t(m.openLabel, { name: stay.patient.name })}
                    onClick={() => onOpen(stay.id)}
                  >
                    {t(m.open)}
                  </Button>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </div>
    </section>
  );
}

function StayDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const stay = useAdmission(id);
  const [billOpen, setBillOpen] = useState<string | null>(null);
  const data = stay.data;
  return (
    <>
      <Dialog
        open={id !== null && billOpen === null}
        onClose={onClose}
        title={data ? t(m.stayTitle, { name: data.admission.patient.name }) : t(m.stayLoading)}
        size="lg"
        footer={
          <div className="flex justify-end">
            <Button onClick={onClose}>{t(m.close)}</Button>
          </div>
        }
      >
        {stay.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            {t(m.stayLoading)}
          </p>
        ) : stay.isError ? (
          <div role="alert" className="space-y-3">
            <p className="text-sm font-medium text-red-700">
              {t(c.error, { message: failureText(stay.error, t(m.loadFailed)) })}
            </p>
            <Button variant="secondary" busy={stay.isFetching} onClick={() => void stay.refetch()}>
              {t(c.tryAgain)}
            </Button>
          </div>
        ) : (
          <Stay key={stay.data.admission.id} stay={stay.data} onOpenBill={() => setBillOpen(stay.data.bill.token)} />
        )}
      </Dialog>
      <BillDetailDialog
        token={billOpen}
        onClose={() => {
          setBillOpen(null);
          void stay.refetch();
        }}
      />
    </>
  );
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 py-1">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function Stay({ stay, onOpenBill }: { stay: AdmissionDetail; onOpenBill: () => void }) {
  const { admission, bill } = stay;
  const user = useCurrentUser();
  const [outcome, setOutcome] = useState<string | null>(null);
  const running = admission.status === "admitted";
  return (
    <div className="space-y-5 text-sm">
      {outcome && (
        <Alert tone="success" className="mb-2">
          {outcome}
        </Alert>
      )}
      <p className="text-slate-700">
        <span className="font-semibold">
          <StatusText admission={admission} />
        </span>{" "}
        ·{" "}
        {t(m.wardAndDate, { ward: admission.ward, date: formatWatDateTime(admission.admitted_at), name: admission.admitted_by })}
      </p>
      {admission.deposit_low && (
        <Alert tone="warning">
          {t(m.depositLowAlert, { balance: balanceText(admission.balance), low: formatNairaAmount(admission.low_deposit) })}
        </Alert>
      )}
      <dl className="divide-y divide-slate-100">
        <Figure label={t(m.charges)}>{formatNairaAmount(admission.charges)}</Figure>
        {Number(admission.hmo_part) > 0 && <Figure label={t(m.hmoPart)}>{formatNairaAmount(admission.hmo_part)}</Figure>}
        <Figure label={t(m.deposits)}>{formatNairaAmount(admission.deposits)}</Figure>
        {Number(admission.waived) > 0 && <Figure label={t(m.waived)}>{formatNairaAmount(admission.waived)}</Figure>}
        <Figure label={t(m.balance)}>{balanceText(admission.balance)}</Figure>
        {admission.discharged_at && (
          <Figure label={t(m.dischargeHeading)}>
            {formatWatDateTime(admission.discharged_at)} ·{" "}
            {t(m.returned, {
              wallets: formatNairaAmount(admission.returned_to_wallets),
              refund: formatNairaAmount(admission.owed_by_refund),
            })}
          </Figure>
        )}
      </dl>

      <section aria-label={t(m.linesSoFar)}>
        <h3 className="font-semibold text-slate-900">{t(m.linesSoFar)}</h3>
        {bill.items.length === 0 ? (
          <p className="mt-1 text-slate-600">{t(m.noLinesYet)}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {bill.items.map((item, index) => (
              <li key={`${item.service_id}-${index}`} className="flex flex-wrap justify-between gap-2 px-3 py-2">
                <span className="min-w-0 text-slate-900">
                  {item.service_name} × {item.quantity}
                </span>
                <span className="font-medium whitespace-nowrap text-slate-900">{formatNairaAmount(item.line_total)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-label={t(m.depositHeading)} className="space-y-2 rounded-lg bg-slate-50 p-3">
        <h3 className="font-semibold text-slate-900">{t(m.depositHeading)}</h3>
        <p className="text-slate-600">{t(m.depositHint)}</p>
        <Button variant="secondary" onClick={onOpenBill}>
          {t(m.openBill)}
        </Button>
      </section>

      {running && <AddLines stay={stay} onDone={setOutcome} />}
      {running &&
        (user && OFFICERS.has(user.role) ? (
          <Discharge stay={stay} onDone={setOutcome} />
        ) : (
          <p className="text-slate-600">{t(m.dischargeOfficer)}</p>
        ))}

      {Number(admission.owed_by_refund) > 0 &&
        (admission.refund_paid ? (
          <p className="text-slate-700">
            {t(m.refundPaidLine, {
              reference: admission.refund_paid.reference,
              date: formatWatDateTime(admission.refund_paid.at),
              name: admission.refund_paid.by,
            })}
          </p>
        ) : user && OFFICERS.has(user.role) ? (
          <RefundPaid stay={stay} onDone={setOutcome} />
        ) : null)}

      {admission.clearance_code && (
        <section aria-label={t(m.clearanceHeading)} className="space-y-2">
          <h3 className="font-semibold text-slate-900">{t(m.clearanceHeading)}</h3>
          <p className="text-slate-600">{t(m.clearanceHint)}</p>
          <ReceiptCodeBlock code={admission.clearance_code} />
        </section>
      )}
    </div>
  );
}

/** `onDone` hears the answer's detail, and null as a new request starts (the last answer no longer stands). */
function AddLines({ stay, onDone }: { stay: AdmissionDetail; onDone: (detail: string | null) => void }) {
  const headingId = useId();
  const [lines, setLines] = useState<LineDraft[]>(() => [emptyLine()]);
  const departments = useDepartments();
  const { errors, general, action, invalid, checked, refused } = useStayForm();
  const hmoName = stay.bill.coverage?.hmo_name ?? null;

  const submit = () => {
    onDone(null);
    if (!checked(validateLines(lines))) return;
    const body = { items: lineBodies(lines, hmoName !== null) };
    action.mutateAsync({ path: API_PATHS.staffAdmissionLines(stay.admission.id), body }).then((answer) => {
      setLines([emptyLine()]);
      onDone(specText(answer.detail));
    }, refused);
  };

  return (
    <section ref={invalid.ref} aria-labelledby={headingId} className="space-y-3 border-t border-slate-200 pt-4">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {t(m.linesHeading)}
      </h3>
      <Form onSubmit={submit} aria-labelledby={headingId} className="space-y-3">
        {(general || Object.keys(errors).length > 0) && <Alert tone="error">{general ?? t(m.checkFields)}</Alert>}
        <ol className="space-y-3">
          {lines.map((line, index) => (
            <BillLine
              key={line.key}
              line={line}
              index={index}
              errors={errors}
              departments={departments.data ?? []}
              departmentsError={departments.isError ? catalogueErrorText(departments.error) : null}
              hmoName={hmoName}
              onChange={(change) => setLines((all) => all.map((one, at) => (at === index ? { ...one, ...change } : one)))}
              onRemove={lines.length > 1 ? () => setLines((all) => all.filter((_, at) => at !== index)) : undefined}
            />
          ))}
        </ol>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={lines.length >= BILL_MAX_ITEMS}
            onClick={() => setLines((all) => [...all, emptyLine()])}
          >
            {t(m.addLine)}
          </Button>
          <Button type="submit" busy={action.isPending}>
            {t(m.addLines)}
          </Button>
        </div>
      </Form>
    </section>
  );
}

function Discharge({ stay, onDone }: { stay: AdmissionDetail; onDone: (detail: string | null) => void }) {
  const headingId = useId();
  const name = useId();
  const [excessTo, setExcessTo] = useState<"wallet" | "refund">("wallet");
  const [failure, setFailure] = useState<string | null>(null);
  const action = useAdmissionAction();
  const excess = stay.admission.balance.startsWith("-") ? null : stay.admission.balance;
  const submit = () => {
    setFailure(null);
    onDone(null);
    action.mutateAsync({ path: API_PATHS.dischargeAdmission(stay.admission.id), body: { excess_to: excessTo } }).then(
      (answer) => onDone(specText(answer.detail)),
      (error: unknown) => setFailure(refusal(error).general ?? Object.values(refusal(error).fields)[0] ?? t(m.failed)),
    );
  };
  return (
    <section aria-labelledby={headingId} className="space-y-3 border-t border-slate-200 pt-4">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {t(m.dischargeHeading)}
      </h3>
      <p className="text-slate-600">{t(m.dischargeLead)}</p>
      <Form onSubmit={submit} aria-labelledby={headingId} className="space-y-3">
        {failure && <Alert tone="error">{failure}</Alert>}
        {excess !== null && Number(excess) > 0 && (
          <fieldset className="space-y-2">
            <legend className="mb-1 font-medium text-slate-900">{t(m.excessTo, { amount: formatNairaAmount(excess) })}</legend>
            {(["wallet", "refund"] as const).map((option) => (
              <label
                key={option}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50"
              >
                <input
                  type="radio"
                  name={name}
                  value={option}
                  checked={excessTo === option}
                  onChange={() => setExcessTo(option)}
                  className="size-4 accent-teal-700"
                />
                <span className="text-slate-900">{t(option === "wallet" ? m.excessWallet : m.excessRefund)}</span>
              </label>
            ))}
          </fieldset>
        )}
        <Button type="submit" busy={action.isPending}>
          {t(m.discharge)}
        </Button>
      </Form>
    </section>
  );
}

function RefundPaid({ stay, onDone }: { stay: AdmissionDetail; onDone: (detail: string | null) => void }) {
  const headingId = useId();
  const [reference, setReference] = useState("");
  const { errors, general, action, invalid, checked, refused } = useStayForm();
  const submit = () => {
    onDone(null);
    if (!checked(reference.trim() ? {} : { bank_reference: t(m.enterReference) })) return;
    action
      .mutateAsync({ path: API_PATHS.admissionRefundPaid(stay.admission.id), body: { bank_reference: reference.trim() } })
      .then((answer) => onDone(specText(answer.detail)), refused);
  };
  return (
    <section ref={invalid.ref} aria-labelledby={headingId} className="space-y-3 border-t border-slate-200 pt-4">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {t(m.refundHeading)}
      </h3>
      <p className="text-slate-600">{t(m.refundHint, { amount: formatNairaAmount(stay.admission.owed_by_refund) })}</p>
      <Form onSubmit={submit} aria-labelledby={headingId} className="space-y-3">
        {general && <Alert tone="error">{general}</Alert>}
        <TextField
          label={t(m.bankReference)}
          maxLength={60}
          autoComplete="off"
          value={reference}
          onValueChange={setReference}
          error={errors.bank_reference}
        />
        <Button type="submit" busy={action.isPending}>
          {t(m.recordRefund)}
        </Button>
      </Form>
    </section>
  );
}
