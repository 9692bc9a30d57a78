import { CASH_DESK_MESSAGES, posSettlementSchema } from "@hospipay/contract";
import { useEffect, useId, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Form, TextField } from "../../../components/ui/form";
import { t, type MessageDescriptor } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { specText } from "../../../lib/messages";
import { formatNairaAmount } from "../../../lib/money";
import { failureText } from "../api/day-book-error";
import { useRecordPosSettlement, type PosSettlementAnswer, type PosSettlementBody } from "../api/record-pos-settlement";
import { dayBookMessages as m } from "../messages";
import { watToday } from "../../../lib/wat-time";

/** The form's fields in their order on screen: the first with an error gets the focus. */
const FIELDS = ["reference", "settled_on", "amount", "fee"] as const;
type SettlementField = (typeof FIELDS)[number];
type Draft = Record<SettlementField, string>;
type Errors = Partial<Record<SettlementField, string>>;

/** The contract's settlement texts (the server's too), in the current language; any other as SPEC text or as it came. */
const SETTLEMENT_TEXTS = new Map<string, MessageDescriptor>([
  [CASH_DESK_MESSAGES.posSettled, m.posRecorded],
  [CASH_DESK_MESSAGES.posSettlementUsed, m.posUsed],
  [CASH_DESK_MESSAGES.feeTooLarge, m.posFeeTooLarge],
]);
// CASH_DESK_MESSAGES.posSettlementTooLarge(left), whatever amount it names.
const TOO_LARGE = /^Only (.+) of POS payments awaits settlement\.$/;

function settlementText(text: string): string {
  const descriptor = SETTLEMENT_TEXTS.get(text);
  if (descriptor) return t(descriptor);
  const tooLarge = TOO_LARGE.exec(text);
  return tooLarge ? t(m.posTooLarge, { left: tooLarge[1] }) : specText(text);
}

/**
 * Recording a POS settlement (admins): what the acquirer paid into the bank for the card terminals. Opened by a
 * button, hidden in print; the answer says what still awaits settlement, and the day book is fetched again.
 */
export function PosSettlementForm() {
  const headingId = useId();
  const formId = useId();
  const [open, setOpen] = useState(false);
  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 print:hidden"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {t(m.posHeading)}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t(m.posLead)}</p>
        </div>
        <Button variant="secondary" aria-expanded={open} aria-controls={formId} onClick={() => setOpen((value) => !value)}>
          {t(m.posOpen)}
        </Button>
      </div>
      <div id={formId} hidden={!open}>
        {open && <SettlementFields />}
      </div>
    </section>
  );
}

function SettlementFields() {
  const [draft, setDraft] = useState<Draft>(() => ({ reference: "", settled_on: watToday(), amount: "", fee: "" }));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [recorded, setRecorded] = useState<PosSettlementAnswer | null>(null);
  const record = useRecordPosSettlement();
  const box = useRef<HTMLDivElement>(null);
  // Bumped by a submission with errors: the first invalid control then takes the focus (after the render).
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt > 0) box.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [attempt]);

  const set = (field: SettlementField) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));

  const report = (found: Errors) => {
    setErrors(found);
    if (Object.keys(found).length > 0) setAttempt((value) => value + 1);
  };

  const submit = () => {
    // Enter in a field submits too: never a second settlement while one is on its way.
    if (record.isPending) return;
    setFailure(null);
    setRecorded(null);
    const fee = draft.fee.trim();
    // A fee left empty is left out: the server counts it as 0.
    const body: PosSettlementBody = {
      reference: draft.reference.trim(),
      settled_on: draft.settled_on,
      amount: draft.amount.trim(),
      ...(fee ? { fee } : {}),
    };
    const parsed = posSettlementSchema.safeParse(body);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as SettlementField;
        if (FIELDS.includes(field) && !found[field]) found[field] = settlementText(issue.message);
      }
      report(found);
      return;
    }
    setErrors({});
    record.mutate(body, {
      onSuccess: (answer) => {
        setRecorded(answer);
        setDraft((current) => ({ ...current, reference: "", amount: "", fee: "" }));
      },
      onError: (error) => {
        const found: Errors = {};
        if (error instanceof ApiError && error.status === 400) {
          for (const field of FIELDS) {
            const message = error.fieldError(field);
            if (message) found[field] = settlementText(message);
          }
        }
        if (Object.keys(found).length > 0) report(found);
        else
          setFailure(
            error instanceof ApiError && error.detail ? settlementText(error.detail) : failureText(error, t(m.posFailed)),
          );
      },
    });
  };

  return (
    <div ref={box} className="mt-4 space-y-4">
      {recorded && (
        <Alert tone="success">
          <p className="font-medium">{settlementText(recorded.detail)}</p>
          <p>{t(m.posAwaiting, { amount: formatNairaAmount(recorded.settlement.awaiting) })}</p>
        </Alert>
      )}
      {failure && <Alert tone="error">{failure}</Alert>}
      <Form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t(m.posReference)}
          autoComplete="off"
          maxLength={64}
          value={draft.reference}
          onValueChange={set("reference")}
          error={errors.reference}
        />
        <TextField
          label={t(m.posSettledOn)}
          type="date"
          max={watToday()}
          value={draft.settled_on}
          onValueChange={set("settled_on")}
          error={errors.settled_on}
        />
        <TextField
          label={t(m.posAmount)}
          inputMode="decimal"
          autoComplete="off"
          value={draft.amount}
          onValueChange={set("amount")}
          error={errors.amount}
        />
        <TextField
          label={t(m.posFee)}
          inputMode="decimal"
          autoComplete="off"
          value={draft.fee}
          onValueChange={set("fee")}
          error={errors.fee}
        />
        <div className="sm:col-span-2">
          <Button type="submit" busy={record.isPending}>
            {t(m.posSubmit)}
          </Button>
        </div>
      </Form>
    </div>
  );
}
