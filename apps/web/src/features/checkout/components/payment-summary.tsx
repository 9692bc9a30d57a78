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

/** Pay now pressed again for a cart whose payment is still pending: the server continued that payment. */
export const RESUMED_NOTE = "You already started this payment: it continues with the same reference, not a new charge.";
const NO_METHODS_HINT = "No payment methods are available right now. Please try again later.";

/** The server's first message for a customer field (`customer_meta.email`, …). */
function serverError(fieldErrors: Record<string, string[]>, field: string): string | undefined {
  return fieldErrors[`customer_meta.${field}`]?.[0];
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
        Payment Summary
      </h1>
      <p className="mt-1 text-slate-600">Check your order, tell us who is paying, and choose how to pay.</p>

      <div className="mt-6 grid gap-6 lg:grid-cols-[3fr_2fr] lg:items-start">
        <section aria-labelledby="order-heading" className="lg:order-last">
          <h2 id="order-heading" className="text-lg font-semibold text-slate-900">
            Order summary
          </h2>
          <div className="mt-3">
            <CartLines lines={lines} label="Items to pay for" />
            <CartTotals lines={lines} />
          </div>
          <Button variant="ghost" className="mt-3" onClick={onBack} disabled={busy}>
            Back to cart
          </Button>
        </section>

        <Form onSubmit={submit} aria-label="Payment details" className="space-y-6">
          <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
            <fieldset className="space-y-4">
              <legend className="mb-4 text-lg font-semibold text-slate-900">Customer details</legend>
              <TextField
                label="Full name"
                autoComplete="name"
                required
                value={customer.name}
                onValueChange={set("name")}
                error={serverError(checkout.fieldErrors, "name")}
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  label="Email"
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  required
                  value={customer.email}
                  onValueChange={set("email")}
                  error={serverError(checkout.fieldErrors, "email")}
                />
                <TextField
                  label="Phone number"
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
                label="Hospital number"
                autoComplete="off"
                required
                value={customer.hospitalNumber}
                onValueChange={set("hospitalNumber")}
                error={serverError(checkout.fieldErrors, "hospital_number")}
              />
              <TextField
                label="Transaction description (optional)"
                autoComplete="off"
                value={customer.transactionDescription}
                onValueChange={set("transactionDescription")}
                error={serverError(checkout.fieldErrors, "transaction_description")}
              />
              {errors.details && <Alert tone="error">{errors.details}</Alert>}
            </fieldset>
          </div>

          <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
            <fieldset className="space-y-3">
              <legend className="mb-3 text-lg font-semibold text-slate-900">Payment method</legend>
              {methods.isPending ? (
                <p role="status" className="flex items-center gap-2 text-slate-600">
                  <Spinner /> Loading payment methods…
                </p>
              ) : !methods.data || methods.data.length === 0 ? (
                <p className="text-slate-600">{NO_METHODS_HINT}</p>
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
                      <span className="font-medium">{option.name}</span>
                    </label>
                  ))}
                </div>
              )}
              {errors.method && <Alert tone="error">{errors.method}</Alert>}
            </fieldset>
          </div>

          {offline.refusal && <Alert tone="error">{offline.refusal}</Alert>}
          <CheckoutStatusMessage checkout={checkout} />

          <div className="flex flex-col gap-3 sm:flex-row-reverse sm:items-center sm:justify-between">
            <Button type="submit" size="lg" busy={busy} className="w-full sm:w-auto">
              Pay now
            </Button>
            <p className="text-center text-sm text-slate-600 sm:text-left">
              Total to pay: <span className="font-semibold tabular-nums text-slate-900">{formatNaira(totals.totalKobo)}</span>
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
        <p className="font-semibold">{MESSAGES.checkout.paymentFailedTitle}</p>
        {checkout.failureDetail && <p className="mt-1">{checkout.failureDetail}</p>}
        <p className="mt-1">{MESSAGES.checkout.paymentFailedBody}</p>
      </Alert>
    );
  }
  if (checkout.confirming) {
    return (
      <Alert tone="info">
        <span className="flex items-center gap-2">
          <Spinner /> Confirming your payment…
        </span>
      </Alert>
    );
  }
  if (checkout.closing) {
    return (
      <Alert tone="info">
        <span className="flex items-center gap-2">
          <Spinner /> Checking this payment with the gateway…
        </span>
      </Alert>
    );
  }
  if (checkout.status === "pending") {
    return (
      <Alert tone="info">
        {checkout.resumed && <p className="font-semibold">{RESUMED_NOTE}</p>}
        <p>Complete your payment in the payment window. Keep this page open.</p>
      </Alert>
    );
  }
  if (checkout.notice) return <Alert tone="info">{checkout.notice}</Alert>;
  return null;
}
