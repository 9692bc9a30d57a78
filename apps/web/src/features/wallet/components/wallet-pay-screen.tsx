import { MESSAGES, nairaToKobo } from "@hospipay/contract";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { CartLines, CartTotals } from "../../../components/cart-lines";
import { ConfirmPaymentDialog } from "../../../components/confirm-payment-dialog";
import { Alert } from "../../../components/ui/alert";
import { Button, ButtonLink } from "../../../components/ui/button";
import { Form } from "../../../components/ui/form";
import { cart, useCart } from "../../../lib/cart-store";
import { cartTotals } from "../../../lib/cart-totals";
import { formatNairaAmount } from "../../../lib/money";
import { useOfflineRefusal } from "../../../lib/offline";
import { useQuickPay } from "../../../lib/quick-pay";
import { useCurrentUser } from "../../../lib/session/get-profile";
import { t } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { useWalletPayment } from "../hooks/use-wallet-payment";
import { payScreenMessages as m } from "../messages";
import {
  buildWalletPaymentBody,
  CUSTOMER_FIELDS,
  emptyPerson,
  missingFields,
  PERSON_FIELDS,
  personFromUser,
  type WalletCustomer,
  type WalletPerson,
} from "../utils/wallet-customer";
import { CustomerDetails, customerFieldLabel, type CustomerMode } from "./customer-details";
import { PaymentStatusDialog } from "./payment-dialogs";

type FormProblem = "details" | "balance" | null;

function isCustomerField(field: string): field is keyof WalletCustomer {
  return (CUSTOMER_FIELDS as readonly string[]).includes(field);
}

/**
 * /wallet-pay (SPEC §2, §4, §5): the cart, who the payment is for, then a confirm dialog with the fee
 * and total, the payment from the wallet, and a status dialog. Every figure is computed in kobo.
 */
export function WalletPayScreen() {
  const user = useCurrentUser();
  const lines = useCart();
  const quickPay = useQuickPay();
  const navigate = useNavigate();
  const payment = useWalletPayment();
  const [mode, setMode] = useState<CustomerMode>("self");
  const [other, setOther] = useState<WalletPerson>(emptyPerson);
  const [description, setDescription] = useState("");
  const [problem, setProblem] = useState<FormProblem>(null);
  const [showMissing, setShowMissing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const offline = useOfflineRefusal();

  const person = mode === "self" ? personFromUser(user) : other;
  const customer: WalletCustomer = { ...person, transaction_description: description };
  const totals = cartTotals(lines);
  const balanceKobo = nairaToKobo(user?.wallet_balance ?? "") ?? 0;
  const walletId = user?.wallet_id ?? null;
  const missing = missingFields(customer);
  const missingFromProfile = mode === "self" ? PERSON_FIELDS.filter((field) => person[field].trim() === "") : [];

  const errors: Partial<Record<keyof WalletCustomer, string>> = {};
  if (showMissing) for (const field of missing) errors[field] = t(m.fieldRequired, { field: customerFieldLabel(field) });
  for (const [key, messages] of Object.entries(payment.fieldErrors)) {
    const field = key.replace(/^customer_meta\./, "");
    if (isCustomerField(field) && !errors[field] && messages[0]) errors[field] = specText(messages[0]);
  }

  const changeMode = (next: CustomerMode) => {
    setMode(next);
    // 'Someone Else' starts from empty fields each time; 'Self' shows the profile again.
    if (next === "other") setOther(emptyPerson);
    setProblem(null);
    setShowMissing(false);
  };

  const changeField = (field: keyof WalletCustomer, value: string) => {
    if (field === "transaction_description") setDescription(value);
    else if (mode === "other") setOther((current) => ({ ...current, [field]: value }));
  };

  const review = () => {
    // Offline nothing is sent, nor kept to be sent later.
    if (offline.refuse()) return;
    if (missing.length > 0) {
      setProblem("details");
      setShowMissing(true);
      return;
    }
    setShowMissing(false);
    if (balanceKobo < totals.totalKobo) {
      setProblem("balance");
      return;
    }
    setProblem(null);
    setConfirming(true);
  };

  const confirm = async () => {
    if (walletId === null) return;
    if (offline.refuse()) {
      setConfirming(false);
      return;
    }
    await payment.pay(buildWalletPaymentBody(lines, customer, walletId));
    setConfirming(false);
  };

  const closeStatus = () => {
    const status = payment.outcome?.status;
    payment.dismiss();
    if (status === "completed" || status === "failed") void navigate("/dashboard");
  };

  const fieldLabel = (field: string) => {
    const name = field.replace(/^customer_meta\./, "");
    return isCustomerField(name) ? customerFieldLabel(name) : name;
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t(m.title)}</h1>
      <p className="mt-1 text-slate-600">
        {t(m.balance, {
          amount: formatNairaAmount(user?.wallet_balance),
          b: (chunks) => <span className="font-semibold text-slate-900 tabular-nums">{chunks}</span>,
        })}
      </p>

      {lines.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <p className="font-medium text-slate-800">{t(m.emptyCart)}</p>
          <p className="mt-1 text-sm text-slate-600">{t(m.emptyCartHint)}</p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Button onClick={() => quickPay.open("/wallet-pay")}>{t(m.payHospitalServices)}</Button>
            <ButtonLink to="/dashboard" variant="secondary">
              {t(m.backToDashboard)}
            </ButtonLink>
          </div>
        </div>
      ) : (
        <Form onSubmit={review} className="mt-6 space-y-6">
          <section aria-labelledby="cart-heading" className="space-y-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="cart-heading" className="text-lg font-semibold text-slate-900">
                {t(m.cart)}
              </h2>
              <Button variant="ghost" onClick={() => quickPay.open("/wallet-pay")}>
                {t(m.addMore)}
              </Button>
            </div>
            <CartLines lines={lines} onQuantityChange={cart.updateQuantity} onRemove={cart.remove} />
            <CartTotals
              lines={lines}
              className="space-y-2 rounded-2xl border border-slate-200 bg-white px-4 py-4 shadow-sm sm:px-5"
            />
          </section>

          <CustomerDetails mode={mode} onModeChange={changeMode} customer={customer} onChange={changeField} errors={errors} />
          {missingFromProfile.length > 0 && (
            <Alert tone="info">
              {t(m.profileMissing, {
                fields: missingFromProfile.map(customerFieldLabel).join(", ").toLocaleLowerCase(),
                count: missingFromProfile.length,
                link: (chunks) => (
                  <Link to="/profile/edit" className="font-semibold underline underline-offset-2">
                    {chunks}
                  </Link>
                ),
              })}
            </Alert>
          )}

          {walletId === null && <Alert tone="info">{t(m.customersOnly)}</Alert>}
          {offline.refusal && <Alert tone="error">{offline.refusal}</Alert>}
          {problem === "details" && <Alert tone="error">{specText(MESSAGES.wallet.customerDetails)}</Alert>}
          {problem === "balance" && (
            <Alert tone="error">
              {specText(MESSAGES.wallet.insufficient)}{" "}
              <Link to="/dashboard?fund=1" className="font-semibold underline underline-offset-2">
                {t(m.fundWallet)}
              </Link>
            </Alert>
          )}

          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
            <ButtonLink to="/dashboard" variant="ghost">
              {t(m.backToDashboard)}
            </ButtonLink>
            <Button type="submit" size="lg" disabled={walletId === null}>
              {t(m.payFromWallet)}
            </Button>
          </div>
        </Form>
      )}

      <ConfirmPaymentDialog
        open={confirming}
        figures={{ ...totals, balanceKobo }}
        payingFor={`${customer.first_name} ${customer.last_name}`.trim()}
        sending={payment.sending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
      <PaymentStatusDialog
        outcome={confirming ? null : payment.outcome}
        retrying={payment.sending}
        onRetry={() => void payment.retry()}
        onTryAgain={payment.dismiss}
        onClose={closeStatus}
        fieldLabel={fieldLabel}
        paidBy={mode === "other" && user ? t(m.paidBy, { name: `${user.first_name} ${user.last_name}`.trim() }) : undefined}
      />
    </div>
  );
}
