import { Button, ButtonLink } from "../../../components/ui/button";
import { cart, useCart } from "../../../lib/cart-store";
import { CartLines } from "../../../components/cart-lines";

/** /receipt: the guest cart. The payment summary arrives with guest checkout (issue 3). */
export function ReceiptScreen() {
  const lines = useCart();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Your Cart</h1>
      {lines.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <p className="text-slate-700">Your cart is empty.</p>
          <ButtonLink to="/" variant="secondary" className="mt-5">
            Back to home
          </ButtonLink>
        </div>
      ) : (
        <>
          <CartLines lines={lines} onRemove={cart.remove} />
          <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
            <Button variant="ghost" onClick={cart.clear}>
              Clear cart
            </Button>
            <p className="text-sm text-slate-600">The payment summary opens here once guest checkout is available.</p>
          </div>
        </>
      )}
    </div>
  );
}
