import type { DeskPaymentResponse, Patient } from "@hospipay/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { CartLines, CartTotals } from "../../../components/cart-lines";
import { StaffAreaShell } from "../../../components/layout/staff-area-shell";
import { PatientPicker, patientName } from "../../../components/patients/patient-picker";
import { ReceiptCodeBlock } from "../../../components/receipt-code-qr";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FieldError, Form, TextField } from "../../../components/ui/form";
import { t } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { addLine, removeLine, updateLineQuantity, type CartItem } from "../../../lib/cart-store";
import { cartTotals } from "../../../lib/cart-totals";
import { buildCheckoutItems } from "../../../lib/checkout-items";
import { specText } from "../../../lib/messages";
import { formatNairaAmount } from "../../../lib/money";
import { useQuickPay } from "../../../lib/quick-pay";
import { myDeskQueryOptions } from "../../../lib/staff-desk/my-desk";
import { failureText } from "../api/bills-error";
import { useTakeDeskPayment, type DeskSaleBody } from "../api/take-desk-payment";
import { deskPaymentMessages as m } from "../desk-payment.messages";
import { deskSaleMessages as s } from "../desk-sale.messages";
import { useFocusFirstInvalid } from "../hooks/use-focus-first-invalid";
import { billsCommonMessages as c, billsScreenMessages as b } from "../messages";
import { deskRefusal, methodBody, methodFieldErrors, schemaFieldErrors, type DeskMethodDraft } from "../utils/desk-payment";
import { DeskMethodFields } from "./desk-method-fields";
import { DeskShiftGate } from "./desk-shift-gate";

/** The form's fields in their order on screen: the cart, the payer, then the payment. */
const FIELDS = ["items", "payer_name", "payer_phone", "hospital_number", "method", "tendered", "terminal_reference"] as const;
type SaleField = (typeof FIELDS)[number];
type SaleErrors = Partial<Record<SaleField, string>>;

/** A sale recorded: the server's answer, the payer's name as typed and the lines sold. */
interface Sold {
  answer: DeskPaymentResponse;
  payer: string;
  lines: CartItem[];
}

/**
 * /agentdashboard/desk-sale, /admindashboard/desk-sale and /superdashboard/desk-sale (issue 36): services sold over
 * the counter with no bill. The cashier picks them with the Quick Pay service dialog (its lines kept in this
 * screen's own cart, not the guest cart), names the payer (a registered patient optionally, for the hospital
 * number), and takes cash (the change shown live) or POS (the slip's reference) in their open shift; no charge fee.
 * Only a member who collects money may sell: anyone else is told why.
 */
export function DeskSaleScreen() {
  return (
    <StaffAreaShell panels={c} title={t(s.screenTitle)} denied={t(b.denied)}>
      <DeskSale />
    </StaffAreaShell>
  );
}

function DeskSale() {
  const desk = useQuery(myDeskQueryOptions());
  const [sold, setSold] = useState<Sold | null>(null);
  // Each new sale is a new form (an empty cart), which then takes the focus.
  const [saleNumber, setSaleNumber] = useState(0);

  let content: ReactNode;
  if (desk.isPending)
    content = (
      <p role="status" className="text-slate-600">
        {t(s.checkingDesk)}
      </p>
    );
  else if (desk.isError)
    content = (
      <div role="alert" className="space-y-2">
        <p className="font-medium text-red-700">{t(c.error, { message: failureText(desk.error, t(s.deskFailed)) })}</p>
        <Button variant="secondary" busy={desk.isFetching} onClick={() => void desk.refetch()}>
          {t(c.tryAgain)}
        </Button>
      </div>
    );
  else if (!desk.data.collects_money) content = <Alert tone="info">{t(s.noRight)}</Alert>;
  else if (sold)
    content = (
      <SaleResult
        sold={sold}
        onNewSale={() => {
          setSold(null);
          setSaleNumber((value) => value + 1);
        }}
      />
    );
  else
    content = (
      <DeskShiftGate>
        <SaleForm key={saleNumber} focusOnMount={saleNumber > 0} onSold={setSold} />
      </DeskShiftGate>
    );

  return (
    <>
      <p className="mt-2 max-w-prose text-slate-700">{t(s.screenLead)}</p>
      <div className="mt-6">{content}</div>
    </>
  );
}

/** The server's refusal of the cart (a price changed, a service gone, the total too large), in one line. */
function cartRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const messages = Object.entries(error.fieldErrors)
    .filter(([key]) => key === "items" || key.startsWith("items.") || key === "amount")
    .map(([, texts]) => t(s.itemsRefused, { message: specText(texts[0] ?? "") }));
  return messages.length > 0 ? messages.join(" ") : null;
}

function SaleForm({ focusOnMount, onSold }: { focusOnMount: boolean; onSold: (sold: Sold) => void }) {
  const quickPay = useQuickPay();
  const [lines, setLines] = useState<CartItem[]>([]);
  const [patient, setPatient] = useState<Patient | null>(null);
  const [name, setName] = useState("");
  const [phone, setPhone] = useState("");
  const [draft, setDraft] = useState<DeskMethodDraft>({ method: "cash", tendered: "", reference: "" });
  const [errors, setErrors] = useState<SaleErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const invalid = useFocusFirstInvalid<HTMLDivElement>();
  // The cart has no field of its own: when it is what is wrong, "Add services" (described by the error) gets the focus.
  const addRef = useRef<HTMLButtonElement>(null);
  const [cartAttempt, setCartAttempt] = useState(focusOnMount ? 1 : 0);
  useEffect(() => {
    if (cartAttempt > 0) addRef.current?.focus();
  }, [cartAttempt]);
  const take = useTakeDeskPayment();
  const cartHeadingId = useId();
  const payerHeadingId = useId();
  const paymentHeadingId = useId();
  const cartErrorId = useId();

  const dueKobo = cartTotals(lines, { chargeFee: false }).totalKobo;

  const report = (found: SaleErrors) => {
    if (found.items) setCartAttempt((value) => value + 1);
    else invalid.report();
  };

  const addServices = () =>
    quickPay.open({
      proceedLabel: t(s.addToSale),
      onProceed: (chosen) => {
        setLines((current) => chosen.reduce(addLine, current));
        setErrors(({ items: _cart, ...rest }) => rest);
      },
    });

  const choosePatient = (chosen: Patient | null) => {
    setPatient(chosen);
    // The payer is often the patient: their name and phone fill the fields still empty, and stay editable.
    if (chosen) {
      if (!name.trim()) setName(patientName(chosen));
      if (!phone.trim() && chosen.phone) setPhone(chosen.phone);
    }
  };

  const body = (): DeskSaleBody => ({
    items: buildCheckoutItems(lines),
    method: draft.method,
    payer_name: name.trim(),
    ...(phone.trim() ? { payer_phone: phone.trim() } : {}),
    ...(patient ? { hospital_number: patient.hospital_number } : {}),
    ...methodBody(draft),
  });

  /** The form's own checks first, in its words; then whatever else the contract refuses. */
  const check = (sent: DeskSaleBody): SaleErrors => {
    const found: SaleErrors = {};
    if (lines.length === 0) found.items = t(s.addOne);
    if (!name.trim()) found.payer_name = t(m.enterName);
    Object.assign(found, methodFieldErrors(draft, lines.length > 0 ? dueKobo : null));
    for (const [field, message] of Object.entries(schemaFieldErrors(sent, FIELDS))) found[field as SaleField] ??= message;
    return found;
  };

  const refused = (error: unknown) => {
    const cart = cartRefusal(error);
    if (cart !== null) {
      setErrors({ items: cart });
      report({ items: cart });
      return;
    }
    const shown = deskRefusal(error, FIELDS, t(m.failed));
    if (shown.failure !== null) setFailure(shown.failure);
    else {
      setErrors(shown.fields);
      report(shown.fields);
    }
  };

  const submit = () => {
    if (take.isPending) return;
    setFailure(null);
    const sent = body();
    const found = check(sent);
    setErrors(found);
    if (FIELDS.some((field) => found[field])) {
      report(found);
      return;
    }
    // The promise, not mutate()'s callbacks: those are dropped if the form is gone by then.
    take.mutateAsync(sent).then((answer) => onSold({ answer, payer: sent.payer_name, lines }), refused);
  };

  const errorCount = FIELDS.filter((field) => errors[field]).length;
  const section = "rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6";

  return (
    <div ref={invalid.ref}>
      <Form onSubmit={submit} aria-label={t(s.screenTitle)} className="space-y-6">
        {errorCount > 0 && <Alert tone="error">{t(c.checkFields, { count: errorCount })}</Alert>}
        {failure && <Alert tone="error">{failure}</Alert>}

        <section aria-labelledby={cartHeadingId} className={section}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id={cartHeadingId} className="text-xl font-semibold text-slate-900">
              {t(s.cartHeading)}
            </h2>
            <Button
              ref={addRef}
              variant="secondary"
              onClick={addServices}
              aria-describedby={errors.items ? cartErrorId : undefined}
            >
              {t(s.addServices)}
            </Button>
          </div>
          {errors.items && (
            <FieldError id={cartErrorId} className="mt-3">
              {errors.items}
            </FieldError>
          )}
          {lines.length === 0 ? (
            <p className="mt-4 rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-slate-600">
              {t(s.emptyCart)}
            </p>
          ) : (
            <div className="mt-4">
              <CartLines
                lines={lines}
                label={t(s.cartLines)}
                onQuantityChange={(id, quantity) => setLines((current) => updateLineQuantity(current, id, quantity))}
                onRemove={(id) => setLines((current) => removeLine(current, id))}
              />
              <CartTotals lines={lines} chargeFee={false} />
            </div>
          )}
        </section>

        <section aria-labelledby={payerHeadingId} className={section}>
          <h2 id={payerHeadingId} className="text-xl font-semibold text-slate-900">
            {t(s.payerHeading)}
          </h2>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <TextField label={t(m.payerName)} autoComplete="off" value={name} onValueChange={setName} error={errors.payer_name} />
            <TextField
              label={t(m.payerPhone)}
              type="tel"
              autoComplete="off"
              value={phone}
              onValueChange={setPhone}
              error={errors.payer_phone}
            />
            <p className="text-sm text-slate-600 sm:col-span-2">{t(s.patientHint)}</p>
            <PatientPicker chosen={patient} onChoose={choosePatient} error={errors.hospital_number} />
          </div>
        </section>

        <section aria-labelledby={paymentHeadingId} className={`${section} space-y-4`}>
          <h2 id={paymentHeadingId} className="text-xl font-semibold text-slate-900">
            {t(s.paymentHeading)}
          </h2>
          <DeskMethodFields
            draft={draft}
            onChange={(next) => {
              // Another method has other fields: the errors of the one left go.
              if (next.method !== draft.method)
                setErrors(({ tendered: _cash, terminal_reference: _slip, method: _method, ...rest }) => rest);
              setDraft(next);
            }}
            dueKobo={lines.length > 0 ? dueKobo : null}
            errors={errors}
          />
          <Button type="submit" className="w-full sm:w-auto" busy={take.isPending}>
            {t(s.submit)}
          </Button>
        </section>
      </Form>
    </div>
  );
}

/** The sale recorded: what was paid and by whom, the change to hand back, the lines, and the receipt code. */
function SaleResult({ sold, onNewSale }: { sold: Sold; onNewSale: () => void }) {
  const { answer, payer, lines } = sold;
  const ref = useRef<HTMLDivElement>(null);
  // The form the focus was in is gone: the focus goes to what replaced it.
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm outline-none sm:p-6"
    >
      <Alert tone="success">
        <p className="font-semibold">{t(m.paid)}</p>
        <p>{t(m.paidSummary, { method: answer.method, amount: formatNairaAmount(answer.amount), name: payer })}</p>
      </Alert>
      {answer.change !== null && (
        <p className="text-lg font-semibold text-slate-900">{t(m.changeDue, { change: formatNairaAmount(answer.change) })}</p>
      )}
      <CartLines lines={lines} label={t(s.soldLines)} />
      <CartTotals lines={lines} chargeFee={false} />
      <ReceiptCodeBlock code={answer.receipt_code} />
      <Button onClick={onNewSale} className="w-full sm:w-auto">
        {t(s.newSale)}
      </Button>
    </div>
  );
}
