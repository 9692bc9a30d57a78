import { CartLines, CartTotals } from "../../../components/cart-lines";
import { ButtonLink } from "../../../components/ui/button";
import { useCart } from "../../../lib/cart-store";
import { formatNairaAmount } from "../../../lib/money";
import { useCurrentUser } from "../../../lib/session/get-profile";

/** /wallet-pay: pay the cart from the wallet. The payment flow arrives with its own issue. */
export function WalletPayScreen() {
  const user = useCurrentUser();
  const lines = useCart();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Wallet Payment</h1>
      <p className="mt-1 text-slate-600">
        Wallet balance: <span className="font-semibold text-slate-900">{formatNairaAmount(user?.wallet_balance)}</span>
      </p>
      {lines.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <p className="text-slate-700">Your cart is empty.</p>
          <ButtonLink to="/dashboard" variant="secondary" className="mt-5">
            Back to dashboard
          </ButtonLink>
        </div>
      ) : (
        <div className="mt-6">
          <CartLines lines={lines} />
          <CartTotals lines={lines} />
        </div>
      )}
    </div>
  );
}
