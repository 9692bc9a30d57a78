import { formatNaira, MESSAGES, nairaToKobo, payBillSchema, type PublicBill } from "@hospipay/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useParams } from "react-router";
import { ConfirmPaymentDialog } from "../../../components/confirm-payment-dialog";
import { Alert } from "../../../components/ui/alert";
import { Button, ButtonLink } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { Form, TextField } from "../../../components/ui/form";
import { ApiError } from "../../../lib/api-client";
import { formatNairaAmount } from "../../../lib/money";
import { useOfflineRefusal } from "../../../lib/offline";
import { profileQueryOptions } from "../../../lib/session/get-profile";
import { useToken } from "../../../lib/session/session-store";
import type { SessionUser } from "../../../lib/session/session-user";
import { failureText } from "../api/bills-error";
import { usePartMethods } from "../api/get-part-methods";
import { usePublicBill } from "../api/get-public-bill";
import { useFocusFirstInvalid } from "../hooks/use-focus-first-invalid";
import { usePayPart } from "../hooks/use-pay-part";
import { BillStatusBadge } from "./bill-status-badge";
import { formatWatDateTime, formatWatDay } from "../../../lib/wat-time";
import { suggestLocale, t } from "../../../i18n";
import { specFormats, specText } from "../../../lib/messages";
import { billsCommonMessages as c, payBillMessages as m } from "../messages";
import { paymentMethodChoiceText, paymentMethodText } from "../../../lib/payment-methods";

/** A link that names no bill: a malformed token (400) or an unknown one (404). */
function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** /pay/:token (beyond SPEC, issue 21): a bill by its link, what is paid and left, and paying a part of it. */
export function PayBillScreen() {
  const { token = "" } = useParams();
  const bill = usePublicBill(token);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      {bill.isPending ? (
        <p role="status" className="text-slate-600">
          {t(c.loadingBill)}
        </p>
      ) : bill.isError ? (
        isNotFound(bill.error) ? (
          <div className="space-y-4">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t(m.linkInvalid)}</h1>
            <p className="text-slate-700">{t(m.linkInvalidHint)}</p>
            <ButtonLink to="/" variant="secondary">
              {t(m.home)}
            </ButtonLink>
          </div>
        ) : (
          <div className="space-y-4">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t(m.hospitalBill)}</h1>
            <Alert tone="error">{t(c.error, { message: failureText(bill.error, t(c.loadBillFailed)) })}</Alert>
            <Button variant="secondary" busy={bill.isFetching} onClick={() => void bill.refetch()}>
              {t(c.tryAgain)}
            </Button>
          </div>
        )
      ) : (
        <BillPage bill={bill.data} />
      )}
    </div>
  );
}

function Figure({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className={strong ? "text-lg font-bold text-teal-800" : "text-lg font-semibold text-slate-900"}>{value}</dd>
    </div>
  );
}

/**
 * Where a paid bill's receipt code went (the patient's phone and e-mail, masked): the code is what items
 * are given against, so a payer holding the link is told where it is, never shown it.
 */
function CodeSentTo({ sentTo }: { sentTo: NonNullable<PublicBill["code_sent_to"]> }) {
  if (!sentTo.phone && !sentTo.email) return <p className="text-slate-700">{t(m.codeWithStaff)}</p>;
  return (
    <div className="text-slate-700">
      <p>{t(m.codeSent)}</p>
      <ul className="mt-1 list-disc pl-5">
        {sentTo.phone && <li>{t(m.codeSentSms, { phone: sentTo.phone })}</li>}
        {sentTo.email && <li>{t(m.codeSentEmail, { email: sentTo.email })}</li>}
      </ul>
    </div>
  );
}

function BillPage({ bill }: { bill: PublicBill }) {
  // An HMO enrollee's bill: the HMO pays its part, and the payers the rest.
  const hmoPaysPart = bill.hmo_name !== null && Number(bill.hmo_part) > 0;
  // The page speaks the bill's language (its patient's) unless the visitor chose one.
  useEffect(() => suggestLocale(bill.locale), [bill.locale]);
  return (
    <article aria-labelledby="bill-heading" className="space-y-6">
      <header className="space-y-2">
        <p className="text-sm font-semibold text-teal-800">{t(m.hospitalBill)}</p>
        <h1 id="bill-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {t(m.billFor, { name: bill.patient_first_name })}
        </h1>
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <BillStatusBadge status={bill.status} />
          <span>{t(m.raised, { date: formatWatDateTime(bill.created_at) })}</span>
          {bill.due_date && <span>{t(m.due, { date: formatWatDay(`${bill.due_date}T12:00:00Z`) })}</span>}
        </div>
        {bill.note && <p className="text-slate-700">{bill.note}</p>}
      </header>

      {bill.status === "cancelled" && <Alert tone="info">{t(m.cancelled)}</Alert>}
      {bill.status === "paid" && <Alert tone="success">{specText(MESSAGES.bills.alreadyPaid)}</Alert>}
      {bill.status === "paid" && bill.code_sent_to && <CodeSentTo sentTo={bill.code_sent_to} />}

      <section aria-labelledby="lines-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="lines-heading" className="text-lg font-semibold text-slate-900">
          {t(m.services)}
        </h2>
        <ul className="mt-3 divide-y divide-slate-200">
          {bill.items.map((item, index) => (
            <li key={`${item.service_id}-${index}`} className="flex flex-wrap justify-between gap-2 py-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{item.service_name}</p>
                <p className="text-slate-600">
                  {item.department ? `${item.department} · ` : ""}
                  {item.quantity} × {formatNairaAmount(item.unit_price)}
                </p>
              </div>
              <p className="font-semibold whitespace-nowrap text-slate-900">{formatNairaAmount(item.line_total)}</p>
            </li>
          ))}
        </ul>
        <dl
          className={cn(
            "mt-4 grid grid-cols-1 gap-3",
            Number(bill.waived) > 0 || hmoPaysPart ? "min-[400px]:grid-cols-2 sm:grid-cols-4" : "min-[400px]:grid-cols-3",
          )}
        >
          <Figure label={t(c.total)} value={formatNairaAmount(bill.total)} />
          {hmoPaysPart && <Figure label={t(c.hmoPart, { hmo: bill.hmo_name })} value={formatNairaAmount(bill.hmo_part)} />}
          <Figure label={t(c.paid)} value={formatNairaAmount(bill.paid)} />
          {Number(bill.waived) > 0 && <Figure label={t(m.discount)} value={formatNairaAmount(bill.waived)} />}
          <Figure label={t(c.leftToPay)} value={formatNairaAmount(bill.left)} strong />
        </dl>
        {bill.running && <p className="mt-3 text-sm text-slate-600">{t(m.runningNote)}</p>}
      </section>

      <section aria-labelledby="parts-heading" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="parts-heading" className="text-lg font-semibold text-slate-900">
          {t(m.paidSoFar)}
        </h2>
        {bill.parts.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{t(m.nobodyPaid)}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 text-sm">
            {bill.parts.map((part, index) => (
              <li key={`${part.paid_at}-${index}`} className="flex flex-wrap justify-between gap-2 py-2">
                <span>
                  <span className="font-medium text-slate-900">{part.payer_first_name}</span>
                  <span className="text-slate-600">
                    {" "}
                    · {paymentMethodText(part.payment_method)} · {formatWatDateTime(part.paid_at)}
                  </span>
                </span>
                <span className="font-semibold text-slate-900">{formatNairaAmount(part.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {bill.status === "open" && <PayPart bill={bill} />}
    </article>
  );
}

const PAYER_FIELDS = ["amount", "payer_name", "payer_email", "payer_phone", "payment_method"] as const;
type PayerField = (typeof PAYER_FIELDS)[number];

/** The form, once the session (if any) is known: a signed-in payer's details fill it and the wallet is offered. */
function PayPart({ bill }: { bill: PublicBill }) {
  const token = useToken();
  const profile = useQuery({ ...profileQueryOptions(), enabled: token !== null });
  if (token !== null && profile.isPending)
    return (
      <p role="status" className="text-sm text-slate-600">
        {t(m.loadingAccount)}
      </p>
    );
  return <PayPartForm bill={bill} user={profile.data} />;
}

function PayPartForm({ bill, user }: { bill: PublicBill; user: SessionUser | undefined }) {
  const customer = user?.role === "CUSTOMER" ? user : undefined;
  const methods = usePartMethods(customer ? "customer" : "guest");
  const offered = [
    ...(customer
      ? [
          {
            key: "wallet",
            name: t(m.walletOption, {
              wallet: paymentMethodChoiceText({ key: "wallet", name: "Wallet" }),
              balance: formatNairaAmount(customer.wallet_balance),
            }),
          },
        ]
      : []),
    ...(methods.data ?? []).map((method) => ({
      key: method.key,
      name: paymentMethodChoiceText(method),
    })),
  ];
  // A stay's deposit has no "rest" to default to.
  const [amount, setAmount] = useState(bill.running ? "" : bill.left);
  const [name, setName] = useState(user ? `${user.first_name} ${user.last_name}`.trim() : "");
  const [email, setEmail] = useState(user?.email ?? "");
  const [phone, setPhone] = useState(user?.phone_number ?? "");
  const [chosen, setChosen] = useState("");
  const method = chosen || offered[0]?.key || "";
  const [errors, setErrors] = useState<Partial<Record<PayerField, string>>>({});
  const invalid = useFocusFirstInvalid<HTMLElement>();
  const part = usePayPart(bill.token);
  const offline = useOfflineRefusal();
  const shown = { ...errors, ...part.fieldErrors } as Partial<Record<PayerField, string>>;

  const amountKobo = nairaToKobo(amount.trim());
  const feeKobo = nairaToKobo(bill.charge_fee) ?? 0;
  const minKobo = nairaToKobo(bill.min_part) ?? 0;
  const leftKobo = nairaToKobo(bill.left) ?? 0;

  const [confirming, setConfirming] = useState(false);
  const balanceKobo = nairaToKobo(customer?.wallet_balance ?? "0") ?? 0;

  const send = () => {
    void part
      .submit(
        {
          amount: amount.trim(),
          payer_name: name.trim(),
          payer_email: email.trim(),
          payer_phone: phone.trim(),
          payment_method: method as "remita",
        },
        user !== undefined,
      )
      .then(() => {
        setConfirming(false);
        invalid.report();
      });
  };

  const submit = () => {
    // Offline nothing is sent, nor kept to be sent later.
    if (offline.refuse()) return;
    const found: Partial<Record<PayerField, string>> = {};
    if (amountKobo === null || amountKobo <= 0) found.amount = t(m.enterAmount);
    else if (!bill.running && amountKobo > leftKobo) found.amount = t(specFormats.partTooLarge, { rest: formatNaira(leftKobo) });
    else if (amountKobo < minKobo) found.amount = t(specFormats.partTooSmall, { minimum: formatNaira(minKobo) });
    if (!method) found.payment_method = t(m.chooseMethod);
    if (!name.trim()) found.payer_name = t(m.enterName);
    if (!email.trim()) found.payer_email = t(m.enterEmail);
    if (!phone.trim()) found.payer_phone = t(m.enterPhone);
    const parsed = payBillSchema.safeParse({
      amount: amount.trim(),
      payer_name: name,
      payer_email: email,
      payer_phone: phone,
      payment_method: method || "remita",
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as PayerField;
        found[field] ??= specText(issue.message);
      }
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      invalid.report();
      return;
    }
    // A wallet part is charged at once: like every wallet payment, it is confirmed first.
    if (method === "wallet") setConfirming(true);
    else send();
  };

  const errorCount = PAYER_FIELDS.filter((field) => shown[field]).length;

  return (
    <section
      ref={invalid.ref}
      aria-labelledby="pay-heading"
      className="[&_input]:scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="pay-heading" className="text-lg font-semibold text-slate-900">
        {t(m.heading)}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t(m.lead, { fee: formatNairaAmount(bill.charge_fee) })}</p>
      <p className="mt-1 text-sm text-slate-600">{t(m.codeRule)}</p>
      <Form onSubmit={submit} aria-labelledby="pay-heading" className="mt-4 space-y-4">
        {errorCount > 0 && <Alert tone="error">{t(c.checkFields, { count: errorCount })}</Alert>}
        {offline.refusal && <Alert tone="error">{offline.refusal}</Alert>}
        {part.failure && <Alert tone="error">{part.failure}</Alert>}
        {part.notice && <Alert tone="info">{part.notice}</Alert>}
        <TextField
          label={t(m.amount)}
          inputMode="decimal"
          value={amount}
          onValueChange={setAmount}
          error={shown.amount}
          hint={
            bill.running
              ? t(m.depositHint, { min: formatNaira(minKobo) })
              : minKobo < leftKobo
                ? t(m.amountRange, { min: formatNaira(minKobo), max: formatNaira(leftKobo) })
                : t(m.amountExact, { amount: formatNaira(leftKobo) })
          }
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t(m.name)}
            autoComplete="name"
            className="sm:col-span-2"
            value={name}
            onValueChange={setName}
            error={shown.payer_name}
          />
          <TextField
            label={t(m.email)}
            type="email"
            autoComplete="email"
            value={email}
            onValueChange={setEmail}
            error={shown.payer_email}
            hint={t(m.emailHint)}
          />
          <TextField
            label={t(m.phone)}
            type="tel"
            autoComplete="tel"
            value={phone}
            onValueChange={setPhone}
            error={shown.payer_phone}
          />
        </div>
        <fieldset aria-describedby={shown.payment_method ? "part-method-error" : undefined}>
          <legend className="text-sm font-medium text-slate-800">{t(m.method)}</legend>
          {methods.isError && (
            <div className="mt-2 space-y-2">
              <Alert tone="error">
                {t(customer ? m.methodsErrorWallet : c.error, { message: failureText(methods.error, t(m.methodsFailed)) })}
              </Alert>
              <Button variant="secondary" busy={methods.isFetching} onClick={() => void methods.refetch()}>
                {t(m.reloadMethods)}
              </Button>
            </div>
          )}
          {methods.isPending && (
            <p role="status" className="mt-2 text-sm text-slate-600">
              {t(m.loadingMethods)}
            </p>
          )}
          {methods.isPending && !customer ? null : offered.length === 0 ? (
            methods.isError ? null : (
              <p className="mt-2 text-sm text-slate-600">{t(m.noMethods)}</p>
            )
          ) : (
            <div className="mt-2 space-y-2">
              {offered.map((option) => (
                <label
                  key={option.key}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50"
                >
                  <input
                    type="radio"
                    name="part-method"
                    value={option.key}
                    checked={method === option.key}
                    onChange={() => setChosen(option.key)}
                    aria-invalid={shown.payment_method ? true : undefined}
                    className="size-4 accent-teal-700"
                  />
                  <span className="text-sm text-slate-900">{option.name}</span>
                </label>
              ))}
            </div>
          )}
          {shown.payment_method && (
            <p id="part-method-error" className="mt-1 text-sm font-medium text-red-700">
              {shown.payment_method}
            </p>
          )}
          {method === "bank_transfer" && (
            <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{t(m.bankTransfer)}</p>
          )}
        </fieldset>
        <p className="text-sm text-slate-700">
          {amountKobo !== null && amountKobo > 0
            ? t(m.youPay, {
                total: formatNaira(amountKobo + feeKobo),
                amount: formatNaira(amountKobo),
                fee: formatNaira(feeKobo),
                strong: (chunks) => <strong>{chunks}</strong>,
              })
            : t(m.youPayNothing, { strong: (chunks) => <strong>{chunks}</strong> })}
        </p>
        <Button type="submit" size="lg" className="w-full sm:w-auto" busy={part.busy} disabled={offered.length === 0}>
          {t(m.payNow)}
        </Button>
      </Form>
      <ConfirmPaymentDialog
        open={confirming}
        figures={{
          subtotalKobo: amountKobo ?? 0,
          chargeFeeKobo: feeKobo,
          totalKobo: (amountKobo ?? 0) + feeKobo,
          balanceKobo,
        }}
        payingFor={t(m.billFor, { name: bill.patient_first_name })}
        sending={part.busy}
        onConfirm={send}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
