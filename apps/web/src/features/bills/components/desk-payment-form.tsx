import { formatNaira, nairaToKobo, type DeskPaymentResponse, type StaffBill } from "@hospipay/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { ReceiptCodeBlock } from "../../../components/receipt-code-qr";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Form, TextField } from "../../../components/ui/form";
import { t } from "../../../i18n";
import { specFormats } from "../../../lib/messages";
import { formatNairaAmount } from "../../../lib/money";
import { myDeskQueryOptions } from "../../../lib/staff-desk/my-desk";
import { useTakeDeskPayment, type DeskPaymentBody } from "../api/take-desk-payment";
import { deskPaymentMessages as m } from "../desk-payment.messages";
import { useFocusFirstInvalid } from "../hooks/use-focus-first-invalid";
import { billsCommonMessages as c } from "../messages";
import { deskRefusal, methodBody, methodFieldErrors, schemaFieldErrors, type DeskMethodDraft } from "../utils/desk-payment";
import { DeskMethodFields } from "./desk-method-fields";
import { DeskShiftGate } from "./desk-shift-gate";

/** The form's fields in their order on screen: the first with an error gets the focus. */
const FIELDS = ["method", "amount", "tendered", "terminal_reference", "payer_name", "payer_phone"] as const;
type DeskField = (typeof FIELDS)[number];

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
        <DeskShiftGate>
          <DeskPaymentFields bill={bill} headingId={headingId} onTaken={setTaken} />
        </DeskShiftGate>
      )}
    </section>
  );
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
  const [draft, setDraft] = useState<DeskMethodDraft>({ method: "cash", tendered: "", reference: "" });
  // Until it is typed in, the amount follows what is left (the bill is read again after every payment).
  const [typedAmount, setTypedAmount] = useState<string | null>(null);
  const amount = typedAmount ?? (bill.running ? "" : bill.left);
  const [name, setName] = useState("");
  const [phone, setPhone] = useState("");
  const [errors, setErrors] = useState<Partial<Record<DeskField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const invalid = useFocusFirstInvalid<HTMLDivElement>();
  const take = useTakeDeskPayment();

  const leftKobo = nairaToKobo(bill.left) ?? 0;
  const amountKobo = nairaToKobo(amount.trim());

  const body = (): DeskPaymentBody => ({
    bill_token: bill.token,
    method: draft.method,
    amount: amount.trim(),
    payer_name: name.trim(),
    ...(phone.trim() ? { payer_phone: phone.trim() } : {}),
    ...methodBody(draft),
  });

  /** The form's own checks first, in its words; then whatever else the contract refuses. */
  const check = (sent: DeskPaymentBody): Partial<Record<DeskField, string>> => {
    const found: Partial<Record<DeskField, string>> = {};
    if (amountKobo === null || amountKobo <= 0) found.amount = t(m.enterAmount);
    else if (!bill.running && amountKobo > leftKobo) found.amount = t(specFormats.partTooLarge, { rest: formatNaira(leftKobo) });
    Object.assign(found, methodFieldErrors(draft, amountKobo));
    if (!name.trim()) found.payer_name = t(m.enterName);
    for (const [field, message] of Object.entries(schemaFieldErrors(sent, FIELDS))) found[field as DeskField] ??= message;
    return found;
  };

  const refused = (error: unknown) => {
    const shown = deskRefusal(error, FIELDS, t(m.failed));
    if (shown.failure !== null) setFailure(shown.failure);
    else {
      setErrors(shown.fields);
      invalid.report();
    }
  };

  const submit = () => {
    if (take.isPending) return;
    setFailure(null);
    const sent = body();
    const found = check(sent);
    setErrors(found);
    if (FIELDS.some((field) => found[field])) {
      invalid.report();
      return;
    }
    // The promise, not mutate()'s callbacks: those are dropped if the form is gone by then (the bill it paid).
    take.mutateAsync(sent).then((answer) => onTaken({ answer, payer: sent.payer_name }), refused);
  };

  const errorCount = FIELDS.filter((field) => errors[field]).length;

  return (
    <div ref={invalid.ref}>
      <Form onSubmit={submit} aria-labelledby={headingId} className="space-y-4">
        {errorCount > 0 && <Alert tone="error">{t(c.checkFields, { count: errorCount })}</Alert>}
        {failure && <Alert tone="error">{failure}</Alert>}
        <DeskMethodFields
          draft={draft}
          onChange={(next) => {
            // Another method has other fields: the errors of the one left go.
            if (next.method !== draft.method) setErrors({});
            setDraft(next);
          }}
          dueKobo={amountKobo}
          errors={errors}
          amountField={
            <TextField
              label={t(m.amount)}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onValueChange={setTypedAmount}
              error={errors.amount}
              hint={
                bill.running
                  ? t(m.depositHint, { total: formatNairaAmount(bill.total) })
                  : t(m.amountHint, { left: formatNairaAmount(bill.left) })
              }
            />
          }
        />
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
