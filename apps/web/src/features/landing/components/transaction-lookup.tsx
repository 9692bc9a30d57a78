import { LOOKUP_DIGIT_LENGTH, MESSAGES } from "@hospipay/contract";
import { lazy, Suspense, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Field, Form, inputClasses, TextField } from "../../../components/ui/form";
import { Spinner } from "../../../components/ui/spinner";
import { useTransactions, type TransactionLookup as Lookup } from "../api/fetch-transactions";
import { t } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { lookupMessages as m } from "../messages";

const DIGITS_RE = new RegExp(`^\\d{${LOOKUP_DIGIT_LENGTH}}$`);

// The found payments' cards (with the date, status and method formatting they need) load with the first
// search, not with the landing page.
const loadCards = () => import("./transaction-cards");
const TransactionCards = lazy(loadCards);

/** The 'Transaction Invoices' section (anchor #transaction): look up past payments by e-mail and phone digits. */
export function TransactionLookup() {
  const [email, setEmail] = useState("");
  const [digit, setDigit] = useState("");
  const [validation, setValidation] = useState<string>();
  const [lookup, setLookup] = useState<Lookup | null>(null);
  const transactions = useTransactions(lookup);

  const submit = () => {
    const trimmedEmail = email.trim();
    const trimmedDigit = digit.trim();
    if (!trimmedEmail || !trimmedDigit) {
      setValidation(MESSAGES.lookup.required);
      return;
    }
    if (!DIGITS_RE.test(trimmedDigit)) {
      setValidation(MESSAGES.lookup.sixDigits);
      return;
    }
    setValidation(undefined);
    // The cards' code arrives while the server looks the payments up.
    void loadCards();
    const next = { email: trimmedEmail, digit: trimmedDigit };
    if (lookup && lookup.email === next.email && lookup.digit === next.digit) void transactions.refetch();
    else setLookup(next);
  };

  return (
    <section id="transaction" aria-labelledby="transaction-heading" className="scroll-mt-20 bg-white py-16">
      <div className="mx-auto max-w-6xl px-4">
        <div className="max-w-2xl">
          <h2 id="transaction-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {t(m.heading)}
          </h2>
          <p className="mt-2 text-slate-600">{t(m.lead)}</p>
        </div>
        <Form
          onSubmit={submit}
          aria-label={t(m.find)}
          className="mt-8 grid gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-5 sm:grid-cols-[2fr_1fr_auto] sm:items-start"
        >
          <TextField
            label={t(m.email)}
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onValueChange={setEmail}
          />
          <Field label={t(m.digits)}>
            {(control) => (
              <input
                {...control}
                value={digit}
                onChange={(event) => setDigit(event.target.value)}
                inputMode="numeric"
                maxLength={LOOKUP_DIGIT_LENGTH}
                autoComplete="off"
                className={inputClasses}
              />
            )}
          </Field>
          <Button type="submit" busy={transactions.isFetching} className="sm:mt-7">
            {t(m.find)}
          </Button>
          {validation && (
            <Alert tone="error" className="sm:col-span-3">
              {specText(validation)}
            </Alert>
          )}
        </Form>
        <div className="mt-8">
          <LookupResults lookup={lookup} query={transactions} />
        </div>
      </div>
    </section>
  );
}

function LookupResults({ lookup, query }: { lookup: Lookup | null; query: ReturnType<typeof useTransactions> }) {
  if (lookup === null) return null;
  if (query.isFetching && !query.data) return <Searching />;
  if (query.isError) return <Alert tone="error">{specText(MESSAGES.lookup.fetchFailed)}</Alert>;
  if (!query.data) return null;
  if (query.data.length === 0) {
    return (
      <p role="status" className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-slate-600">
        {specText(MESSAGES.lookup.empty)}
      </p>
    );
  }
  return (
    <Suspense fallback={<Searching />}>
      <TransactionCards records={query.data} />
    </Suspense>
  );
}

function Searching() {
  return (
    <p role="status" className="flex items-center gap-2 text-slate-600">
      <Spinner /> {t(m.searching)}
    </p>
  );
}
