import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { totalQuantity, useCart } from "../../lib/cart-store";
import { formatNairaAmount } from "../../lib/money";
import { useCurrentUser } from "../../lib/session/get-profile";
import { useLogout } from "../../lib/session/logout";
import { displayName } from "../../lib/session/session-user";
import { ChevronDownIcon } from "../ui/icons";
import { Brand } from "./brand";
import { LanguageSwitcher } from "./language-switcher";
import { CartBadge, cartLabel } from "./cart-link";
import { t } from "../../i18n";
import { layoutMessages as m } from "../messages";

const itemClasses =
  "flex w-full items-center justify-between gap-3 rounded-lg px-3 py-2.5 text-left text-sm font-medium text-slate-800 hover:bg-teal-50 hover:text-teal-900 focus-visible:outline-2 focus-visible:outline-teal-700";

/**
 * The signed-in header (SPEC §2 "Customer header menu"): a button showing the profile name and wallet
 * balance opens Dashboard, Cart (with badge), Settings, the language choice and Logout. The language is in
 * the menu: the bar has no room for it beside a long name on a 360 px phone.
 */
export function CustomerHeader() {
  const user = useCurrentUser();
  const logout = useLogout();
  const count = totalQuantity(useCart());
  const [open, setOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const menuId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (containerRef.current && !containerRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  const close = () => setOpen(false);
  const onLogout = async () => {
    setLoggingOut(true);
    await logout();
  };

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white print:hidden">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4">
        <Brand />
        {/* The menu button gives way (its name truncates) so that a long name never widens a phone's page. */}
        <div ref={containerRef} className="relative min-w-0">
          <button
            ref={buttonRef}
            type="button"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((value) => !value)}
            className="flex min-h-11 max-w-full min-w-0 items-center gap-3 rounded-lg border border-slate-200 bg-white py-1.5 pr-2 pl-3 text-left hover:border-teal-300 focus-visible:outline-2 focus-visible:outline-teal-700"
          >
            {/* The name starts with what the button does and contains what it shows (name and balance). */}
            <span className="sr-only">{t(m.accountMenu)}</span>
            <span className="flex min-w-0 flex-col leading-tight">
              <span className="max-w-[9rem] truncate text-sm font-semibold text-slate-900 sm:max-w-[14rem]">
                {user ? displayName(user) : ""}
              </span>{" "}
              <span className="text-xs font-medium text-teal-800">{formatNairaAmount(user?.wallet_balance)}</span>
            </span>
            <ChevronDownIcon className="size-4 shrink-0 text-slate-600" />
          </button>
          <div
            id={menuId}
            hidden={!open}
            className="absolute right-0 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
          >
            <ul className="space-y-0.5">
              <li>
                <Link to="/dashboard" onClick={close} className={itemClasses}>
                  {t(m.dashboard)}
                </Link>
              </li>
              <li>
                <Link to="/wallet-pay" onClick={close} className={itemClasses} aria-label={cartLabel(count)}>
                  <span>{t(m.cart)}</span>
                  <CartBadge />
                </Link>
              </li>
              <li>
                <Link to="/profile/edit" onClick={close} className={itemClasses}>
                  {t(m.settings)}
                </Link>
              </li>
              <li className="mt-1 border-t border-slate-100 px-3 pt-2 pb-1">
                <LanguageSwitcher />
              </li>
              <li className="mt-1 border-t border-slate-100 pt-1">
                <button
                  type="button"
                  onClick={() => void onLogout()}
                  disabled={loggingOut}
                  aria-busy={loggingOut || undefined}
                  className={itemClasses}
                >
                  {t(m.logout)}
                </button>
              </li>
            </ul>
          </div>
        </div>
      </div>
    </header>
  );
}
