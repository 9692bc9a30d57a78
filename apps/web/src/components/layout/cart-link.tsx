import { Link } from "react-router";
import { totalQuantity, useCart } from "../../lib/cart-store";
import { t } from "../../i18n";
import { layoutMessages as m } from "../messages";
import { cn } from "../ui/cn";
import { CartIcon } from "../ui/icons";

/** "Cart, 1 item" / "Cart, 3 items": the badge counts total quantity. */
export function cartLabel(count: number): string {
  return t(m.cartLabel, { count });
}

/** The cart badge: total quantity of the cart's lines, hidden from assistive tech (the link's name says it). */
export function CartBadge({ className }: { className?: string }) {
  const count = totalQuantity(useCart());
  if (count === 0) return null;
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex min-w-5 items-center justify-center rounded-full bg-amber-500 px-1.5 text-xs font-bold leading-5 text-slate-950",
        className,
      )}
    >
      {count > 99 ? "99+" : count}
    </span>
  );
}

/** The header's cart icon linking to `to`, with its item-count badge. */
export function CartLink({ to, className, onClick }: { to: string; className?: string; onClick?: () => void }) {
  const count = totalQuantity(useCart());
  return (
    <Link
      to={to}
      onClick={onClick}
      aria-label={cartLabel(count)}
      className={cn(
        "relative inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-teal-50 hover:text-teal-800 focus-visible:outline-2 focus-visible:outline-teal-700",
        className,
      )}
    >
      <CartIcon />
      <CartBadge className="absolute -top-0.5 -right-0.5" />
    </Link>
  );
}
