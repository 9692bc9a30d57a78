import { useSearchParams } from "react-router";
import { CartLines, CartTotals } from "../../../components/cart-lines";
import { Button, ButtonLink } from "../../../components/ui/button";
import { cart, useCart } from "../../../lib/cart-store";
import { useQuickPay } from "../../../lib/quick-pay";
import { PaymentSummary } from "./payment-summary";
import { t } from "../../../i18n";
import { cartMessages as m } from "../messages";

/**
 * /receipt: the guest cart, then the payment summary. The summary is a step of this screen
 * (`?step=summary`, so the browser's Back returns to the cart) because SPEC §2 gives it no route.
 */
export function ReceiptScreen() {
  const lines = useCart();
  const quickPay = useQuickPay();
  const [params, setParams] = useSearchParams();

  if (params.get("step") === "summary" && lines.length > 0) {
    return <PaymentSummary lines={lines} onBack={() => setParams({})} />;
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t(m.title)}</h1>
      {lines.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <p className="font-medium text-slate-800">{t(m.empty)}</p>
          <p className="mt-1 text-sm text-slate-600">{t(m.emptyHint)}</p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Button onClick={() => quickPay.open()}>{t(m.quickPay)}</Button>
            <ButtonLink to="/" variant="secondary">
              {t(m.backHome)}
            </ButtonLink>
          </div>
        </div>
      ) : (
        <>
          <p className="mt-1 text-slate-600">{t(m.lead)}</p>
          <div className="mt-6">
            <CartLines lines={lines} onQuantityChange={cart.updateQuantity} onRemove={cart.remove} />
            <CartTotals lines={lines} />
          </div>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button variant="ghost" onClick={cart.clear}>
                {t(m.clear)}
              </Button>
              <Button variant="secondary" onClick={() => quickPay.open()}>
                {t(m.addMore)}
              </Button>
            </div>
            <Button size="lg" onClick={() => setParams({ step: "summary" })}>
              {t(m.proceed)}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
