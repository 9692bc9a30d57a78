import { formatNaira, MESSAGES } from "@hospipay/contract";
import { useEffect, useRef, useState } from "react";
import { CartLines, CartTotals } from "../../../components/cart-lines";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { Form, TextField } from "../../../components/ui/form";
import { Spinner } from "../../../components/ui/spinner";
import type { CartItem } from "../../../lib/cart-store";
import { cartTotals } from "../../../lib/cart-totals";
import { useOfflineRefusal } from "../../../lib/offline";
import { useGuestPaymentMethods } from "../api/get-payment-methods";
import { useGuestCheckout } from "../hooks/use-guest-checkout";
import { readCheckoutDetails, saveCheckoutDetails } from "../../../lib/checkout-details";
import { hasRequiredDetails, type GuestCustomer } from "../utils/checkout-body";
import { t } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { paymentMethodChoiceText } from "../../../lib/payment-methods";
import { summaryMessages as m } from "../messages";

/** The server's first message for a customer field (`customer_meta.email`, …). */
function serverError(fieldErrors: Record<string, string[]>, field: string): string | undefined {
  const message = fieldErrors[`customer_meta.${field}`]?.[0];
  return message === undefined ? undefined : specText(message);
}

/**
 * The payment summary of guest checkout (SPEC §2, §4, §5): the cart, the customer's details and the
 * payment method, then "Pay now". Both SPEC §5 messages show at once when both are missing. The
 * details typed survive a reload (lib/checkout-details).
 */
export function PaymentSummary({ lines, onBack }: { lines: readonly CartItem[]; onBack: () => void }) {
  const [customer, setCustomer] = useState<GuestCustomer>(readCheckoutDetails);
  const [method, setMethod] = useState("");
  const [errors, setErrors] = useState<{ method?: string; details?: string }>({});
  const methods = useGuestPaymentMethods();
  const checkout = useGuestCheckout();
  const offline = useOfflineRefusal();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const totals = cartTotals(lines);
  const busy = checkout.creating || checkout.confirming || checkout.closing || checkout.status === "pending";

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const set = (field: keyof GuestCustomer) => (value: string) => {
    const next = { ...customer, [field]: value };
    setCustomer(next);
    // Kept while typed so that a reload of this step does not lose them; cleared with the cart.
    saveCheckoutDetails(next);
  };

  const submit = () => {
    // Offline nothing is sent, nor kept to be sent later.
    if (offline.refuse()) return;
    const next = {
      method: method ? undefined : MESSAGES.checkout.selectMethod,
      details: hasRequiredDetails(customer) ? undefined : MESSAGES.checkout.customerDetails,
    };
    setErrors(next);
    if (next.method || next.details) return;
    void checkout.pay(lines, customer, method);
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold tracking-tight text-slate-900 focus:outline-none">
        {t(m.title)}
      </h1>
      <p className="mt-1 text-slate-600">{t(m.lead)}</p>

      <div className="mt-6 grid gap-6 lg:grid-cols-[3fr_2fr] lg:items-start">
        <section aria-labelledby="order-heading" className="lg:order-last">
          <h2 id="order-heading" className="text-lg font-semibold text-slate-900">
            {t(m.order)}
          </h2>
          <div className="mt-3">
            <CartLines lines={lines} label={t(m.items)} />
            <CartTotals lines={lines} />
          </div>
          <Button variant="ghost" className="mt-3" onClick={onBack} disabled={busy}>
            {t(m.backToCart)}
          </Button>
        </section>

        <Form onSubmit={submit} aria-label={t(m.form)} className="space-y-6">
          <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
            <fieldset className="space-y-4">
              <legend className="mb-4 text-lg font-semibold text-slate-900">{t(m.customer)}</legend>
              <TextField
                label={t(m.name)}
                autoComplete="name"
                required
                value={customer.name}
                onValueChange={set("name")}
                error={serverError(checkout.fieldErrors, "name")}
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  label={t(m.email)}
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  required
                  value={customer.email}
                  onValueChange={set("email")}
                  error={serverError(checkout.fieldErrors, "email")}
                />
                <TextField
                  label={t(m.phone)}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  required
                  value={customer.phone}
                  onValueChange={set("phone")}
                  error={serverError(checkout.fieldErrors, "phone")}
                />
              </div>
              <TextField
                label={t(m.hospitalNumber)}
                autoComplete="off"
                required
                value={customer.hospitalNumber}
                onValueChange={set("hospitalNumber")}
                error={serverError(checkout.fieldErrors, "hospital_number")}
              />
              <TextField
                label={t(m.description)}
                autoComplete="off"
                value={customer.transactionDescription}
                onValueChange={set("transactionDescription")}
                error={serverError(checkout.fieldErrors, "transaction_description")}
              />
              {errors.details && <Alert tone="error">{specText(errors.details)}</Alert>}
            </fieldset>
          </div>

          <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
            <fieldset className="space-y-3">
              <legend className="mb-3 text-lg font-semibold text-slate-900">{t(m.method)}</legend>
              {methods.isPending ? (
                <p role="status" className="flex items-center gap-2 text-slate-600">
                  <Spinner /> {t(m.loadingMethods)}
                </p>
              ) : !methods.data || methods.data.length === 0 ? (
                <p className="text-slate-600">{t(m.noMethods)}</p>
              ) : (
                <div className="grid gap-2">
                  {methods.data.map((option) => (
                    <label
                      key={option.key}
                      className={cn(
                        "flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 text-slate-900",
                        method === option.key ? "border-teal-600 bg-teal-50" : "border-slate-200 hover:border-teal-300",
                      )}
                    >
                      <input
                        type="radio"
                        name="payment_method"
                        value={option.key}
                        checked={method === option.key}
                        onChange={() => setMethod(option.key)}
                        className="size-4 accent-teal-700"
                      />
                      <span className="font-medium">{paymentMethodChoiceText(option)}</span>
                    </label>
                  ))}
                </div>
              )}
              {errors.method && <Alert tone="error">{specText(errors.method)}</Alert>}
            </fieldset>
          </div>

          {offline.refusal && <Alert tone="error">{offline.refusal}</Alert>}
          <CheckoutStatusMessage checkout={checkout} />

          <div className="flex flex-col gap-3 sm:flex-row-reverse sm:items-center sm:justify-between">
            <Button type="submit" size="lg" busy={busy} className="w-full sm:w-auto">
              {t(m.payNow)}
            </Button>
            <p className="text-center text-sm text-slate-600 sm:text-left">
              {t(m.total, {
                amount: formatNaira(totals.totalKobo),
                b: (chunks) => <span className="font-semibold tabular-nums text-slate-900">{chunks}</span>,
              })}
            </p>
          </div>
        </Form>
      </div>
    </div>
  );
}

function CheckoutStatusMessage({ checkout }: { checkout: ReturnType<typeof useGuestCheckout> }) {
  if (checkout.status === "failed") {
    return (
      <Alert tone="error">
        <p className="font-semibold">{specText(MESSAGES.checkout.paymentFailedTitle)}</p>
        {checkout.failureDetail && <p className="mt-1">{specText(checkout.failureDetail)}</p>}
        <p className="mt-1">{specText(MESSAGES.checkout.paymentFailedBody)}</p>
      </Alert>
    );
  }
  if (checkout.confirming) {
    return (
      <Alert tone="info">
        <span className="flex items-center gap-2">
          <Spinner /> {t(m.confirming)}
        </span>
      </Alert>
    );
  }
  if (checkout.closing) {
    return (
      <Alert tone="info">
        <span className="flex items-center gap-2">
          <Spinner /> {t(m.closing)}
        </span>
      </Alert>
    );
  }
  if (checkout.status === "pending") {
    return (
      <Alert tone="info">
        {checkout.resumed && <p className="font-semibold">{t(m.resumed)}</p>}
        <p>{t(m.complete)}</p>
      </Alert>
    );
  }
  if (checkout.notice) return <Alert tone="info">{t(m[checkout.notice])}</Alert>;
  return null;
}
