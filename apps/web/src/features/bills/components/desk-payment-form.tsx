import {
  CASH_DESK_MESSAGES,
  deskPaymentSchema,
  formatNaira,
  nairaToKobo,
  type DeskMethodKey,
  type DeskPaymentResponse,
  type StaffBill,
} from "@hospipay/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { ReceiptCodeBlock } from "../../../components/receipt-code-qr";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Form, TextField } from "../../../components/ui/form";
import { t, type MessageDescriptor } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { specFormats, specText } from "../../../lib/messages";
import { formatNairaAmount } from "../../../lib/money";
import { useCurrentShift } from "../../../lib/staff-desk/current-shift";
import { myDeskQueryOptions } from "../../../lib/staff-desk/my-desk";
import { failureText } from "../api/bills-error";
import { useTakeDeskPayment, type DeskPaymentBody } from "../api/take-desk-payment";
import { deskPaymentMessages as m } from "../desk-payment.messages";
import { useFocusFirstInvalid } from "../hooks/use-focus-first-invalid";
import { billsCommonMessages as c } from "../messages";

/** The form's fields in their order on screen: the first with an error gets the focus. */
const FIELDS = ["method", "amount", "tendered", "terminal_reference", "payer_name", "payer_phone"] as const;
type DeskField = (typeof FIELDS)[number];

/** The contract's (and so the server's) desk texts, in the current language; any other as SPEC text or as it came. */
const DESK_TEXTS = new Map<string, MessageDescriptor>([
  [CASH_DESK_MESSAGES.noOpenShift, m.noShiftPlain],
  [CASH_DESK_MESSAGES.awaitingSignoff, m.awaitingSignoff],
  [CASH_DESK_MESSAGES.collectsNoMoney, m.collectsNoMoney],
  [CASH_DESK_MESSAGES.terminalReferenceRequired, m.referenceRequired],
  [CASH_DESK_MESSAGES.terminalReferenceFormat, m.referenceFormat],
  [CASH_DESK_MESSAGES.terminalReferenceUsed, m.referenceUsed],
  [CASH_DESK_MESSAGES.tenderedTooLittle, m.tenderedTooLittle],
]);
function deskText(text: string): string {
  const descriptor = DESK_TEXTS.get(text);
  return descriptor ? t(descriptor) : specText(text);
}

/** What the last payment taken here answered, with the payer's name as typed. */
interface Taken {
  answer: DeskPaymentResponse;
  payer: string;
}

/**
 * Taking a bill's part at the desk (issue 36), below the bill in its staff dialog: only for a member who collects
 * money (nothing otherwise), inside their open shift (else a link to "My shift"), in cash (the change worked out
 * as the cash handed over is typed) or on the desk's card terminal (the slip's reference). The answer stays shown,
 * with the part's receipt code and the change, even once the part has paid the bill.
 */
export function DeskPaymentForm({ bill }: { bill: StaffBill }) {
  const headingId = useId();
  const desk = useQuery(myDeskQueryOptions());
  const [taken, setTaken] = useState<Taken | null>(null);
  if (!desk.data?.collects_money || (taken === null && bill.status !== "open")) return null;
  return (
    <section aria-labelledby={headingId} className="mt-6 space-y-3 border-t border-slate-200 pt-5 text-sm print:hidden">
      <div>
        <h3 id={headingId} className="font-semibold text-slate-900">
          {t(m.heading)}
        </h3>
        <p className="mt-1 text-slate-600">{t(m.lead)}</p>
      </div>
      {taken ? (
        <DeskPaymentResult taken={taken} onAnother={() => setTaken(null)} />
      ) : (
        <DeskShiftGate bill={bill} headingId={headingId} onTaken={setTaken} />
      )}
    </section>
  );
}

/** The staff area the screen is in ("/agentdashboard/bills" → "/agentdashboard"), whose "My shift" is linked. */
function useAreaPath(): string {
  const area = useLocation().pathname.split("/")[1] ?? "";
  return area.endsWith("dashboard") ? `/${area}` : "/agentdashboard";
}

function DeskShiftGate({ bill, headingId, onTaken }: { bill: StaffBill; headingId: string; onTaken: (taken: Taken) => void }) {
  const shift = useCurrentShift();
  const area = useAreaPath();
  if (shift.isPending)
    return (
      <p role="status" className="text-slate-600">
        {t(m.checkingShift)}
      </p>
    );
  if (shift.isError)
    return (
      <div role="alert" className="space-y-2">
        <p className="font-medium text-red-700">{t(c.error, { message: failureText(shift.error, t(m.shiftFailed)) })}</p>
        <Button variant="secondary" busy={shift.isFetching} onClick={() => void shift.refetch()}>
          {t(c.tryAgain)}
        </Button>
      </div>
    );
  if (!shift.data)
    return (
      <Alert tone="info">
        {t(m.noShift, {
          link: (chunks) => (
            <Link to={`${area}/shift`} className="font-medium text-teal-800 underline underline-offset-2">
              {chunks}
            </Link>
          ),
        })}
      </Alert>
    );
  if (shift.data.drawer?.awaiting_signoff) return <Alert tone="info">{t(m.awaitingSignoff)}</Alert>;
  return <DeskPaymentFields bill={bill} headingId={headingId} onTaken={onTaken} />;
}

function DeskPaymentFields({
  bill,
  headingId,
  onTaken,
}: {
  bill: StaffBill;
  headingId: string;
  onTaken: (taken: Taken) => void;
}) {
  const [method, setMethod] = useState<DeskMethodKey>("cash");
  // Until it is typed in, the amount follows what is left (the bill is read again after every payment).
  const [typedAmount, setTypedAmount] = useState<string | null>(null);
  const amount = typedAmount ?? bill.left;
  const [tendered, setTendered] = useState("");
  const [reference, setReference] = useState("");
  const [name, setName] = useState("");
  const [phone, setPhone] = useState("");
  const [errors, setErrors] = useState<Partial<Record<DeskField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const invalid = useFocusFirstInvalid<HTMLDivElement>();
  const take = useTakeDeskPayment();
  const methodGroupId = useId();

  const leftKobo = nairaToKobo(bill.left) ?? 0;
  const amountKobo = nairaToKobo(amount.trim());
  const tenderedKobo = tendered.trim() ? nairaToKobo(tendered.trim()) : null;
  const changeKobo =
    method === "cash" && amountKobo !== null && amountKobo > 0 && tenderedKobo !== null && tenderedKobo >= amountKobo
      ? tenderedKobo - amountKobo
      : null;

  const body = (): DeskPaymentBody => ({
    bill_token: bill.token,
    method,
    amount: amount.trim(),
    payer_name: name.trim(),
    ...(phone.trim() ? { payer_phone: phone.trim() } : {}),
    ...(method === "cash" && tendered.trim() ? { tendered: tendered.trim() } : {}),
    ...(method === "pos" ? { terminal_reference: reference.trim() } : {}),
  });

  /** The form's own checks first, in its words; then whatever else the contract refuses. */
  const check = (sent: DeskPaymentBody): Partial<Record<DeskField, string>> => {
    const found: Partial<Record<DeskField, string>> = {};
    if (amountKobo === null || amountKobo <= 0) found.amount = t(m.enterAmount);
    else if (amountKobo > leftKobo) found.amount = t(specFormats.partTooLarge, { rest: formatNaira(leftKobo) });
    if (method === "cash" && tendered.trim()) {
      if (tenderedKobo === null || tenderedKobo <= 0) found.tendered = t(m.enterAmount);
      else if (amountKobo !== null && tenderedKobo < amountKobo) found.tendered = t(m.tenderedTooLittle);
    }
    if (method === "pos" && !reference.trim()) found.terminal_reference = t(m.referenceRequired);
    if (!name.trim()) found.payer_name = t(m.enterName);
    const parsed = deskPaymentSchema.safeParse(sent);
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as DeskField;
        if (FIELDS.includes(field)) found[field] ??= deskText(issue.message);
      }
    return found;
  };

  const refused = (error: unknown) => {
    if (error instanceof ApiError && error.code === "terminal_reference_used") {
      setErrors({ terminal_reference: t(m.referenceUsed) });
      invalid.report();
      return;
    }
    const fields: Partial<Record<DeskField, string>> = {};
    if (error instanceof ApiError)
      for (const field of FIELDS) {
        const message = error.fieldError(field);
        if (message) fields[field] = deskText(message);
      }
    if (Object.keys(fields).length > 0) {
      setErrors(fields);
      invalid.report();
    } else if (error instanceof ApiError && error.detail && DESK_TEXTS.has(error.detail)) setFailure(deskText(error.detail));
    else setFailure(failureText(error, t(m.failed)));
  };

  const submit = () => {
    if (take.isPending) return;
    setFailure(null);
    const sent = body();
    const found = check(sent);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      invalid.report();
      return;
    }
    // The promise, not mutate()'s callbacks: those are dropped if the form is gone by then (the bill it paid).
    take.mutateAsync(sent).then((answer) => onTaken({ answer, payer: sent.payer_name }), refused);
  };

  const errorCount = FIELDS.filter((field) => errors[field]).length;
  const methods: Array<{ key: DeskMethodKey; label: string }> = [
    { key: "cash", label: t(m.cash) },
    { key: "pos", label: t(m.pos) },
  ];

  return (
    <div ref={invalid.ref}>
      <Form onSubmit={submit} aria-labelledby={headingId} className="space-y-4">
        {errorCount > 0 && <Alert tone="error">{t(c.checkFields, { count: errorCount })}</Alert>}
        {failure && <Alert tone="error">{failure}</Alert>}
        <fieldset>
          <legend id={methodGroupId} className="text-sm font-medium text-slate-800">
            {t(m.method)}
          </legend>
          <div className="mt-2 grid gap-2 min-[360px]:grid-cols-2">
            {methods.map((option) => (
              <label
                key={option.key}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50"
              >
                <input
                  type="radio"
                  name={`${methodGroupId}-method`}
                  value={option.key}
                  checked={method === option.key}
                  onChange={() => {
                    setMethod(option.key);
                    setErrors({});
                  }}
                  className="size-4 accent-teal-700"
                />
                <span className="text-sm text-slate-900">{option.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t(m.amount)}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onValueChange={setTypedAmount}
            error={errors.amount}
            hint={t(m.amountHint, { left: formatNairaAmount(bill.left) })}
          />
          {method === "cash" ? (
            <TextField
              label={t(m.tendered)}
              inputMode="decimal"
              autoComplete="off"
              value={tendered}
              onValueChange={setTendered}
              error={errors.tendered}
              hint={t(m.tenderedHint)}
            />
          ) : (
            <TextField
              label={t(m.reference)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              value={reference}
              onValueChange={setReference}
              error={errors.terminal_reference}
              hint={t(m.referenceHint)}
            />
          )}
        </div>
        {method === "cash" && (
          <p role="status" className="min-h-6 text-base text-slate-900">
            {changeKobo !== null &&
              t(m.changeLive, { change: formatNaira(changeKobo), strong: (chunks) => <strong>{chunks}</strong> })}
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t(m.payerName)} autoComplete="off" value={name} onValueChange={setName} error={errors.payer_name} />
          <TextField
            label={t(m.payerPhone)}
            type="tel"
            autoComplete="off"
            value={phone}
            onValueChange={setPhone}
            error={errors.payer_phone}
          />
        </div>
        <Button type="submit" className="w-full sm:w-auto" busy={take.isPending}>
          {t(m.submit)}
        </Button>
      </Form>
    </div>
  );
}

/** The payment taken: its receipt code, the change to hand back, what the bill still asks. */
function DeskPaymentResult({ taken, onAnother }: { taken: Taken; onAnother: () => void }) {
  const { answer, payer } = taken;
  const ref = useRef<HTMLDivElement>(null);
  // The form the focus was in is gone: the focus goes to what replaced it.
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="space-y-3 outline-none">
      <Alert tone="success">
        <p className="font-semibold">{t(m.paid)}</p>
        <p>{t(m.paidSummary, { method: answer.method, amount: formatNairaAmount(answer.amount), name: payer })}</p>
      </Alert>
      {answer.change !== null && (
        <p className="text-base font-semibold text-slate-900">{t(m.changeDue, { change: formatNairaAmount(answer.change) })}</p>
      )}
      {answer.bill && (
        <p className="text-slate-700">
          {answer.bill.status === "paid" ? t(m.paidInFull) : t(m.stillLeft, { left: formatNairaAmount(answer.bill.left) })}
        </p>
      )}
      <ReceiptCodeBlock code={answer.receipt_code} billPart />
      {answer.bill?.status === "open" && (
        <Button variant="secondary" onClick={onAnother}>
          {t(m.another)}
        </Button>
      )}
    </div>
  );
}
