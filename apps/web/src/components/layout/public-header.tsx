import { useId, useState } from "react";
import { Link, NavLink } from "react-router";
import { useToken } from "../../lib/session/session-store";
import { buttonClasses } from "../ui/button";
import { cn } from "../ui/cn";
import { CloseIcon, MenuIcon } from "../ui/icons";
import { Brand } from "./brand";
import { CartLink } from "./cart-link";
import { LanguageSwitcher } from "./language-switcher";
import { t } from "../../i18n";
import { layoutMessages as m } from "../messages";

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-teal-700",
    isActive ? "text-teal-800" : "text-slate-700 hover:bg-teal-50 hover:text-teal-800",
  );

/**
 * The public header (SPEC §2): Home, Transactions (the landing page's #transaction section), the cart
 * icon with its badge, and Dashboard (signed in) or Login. Below the md breakpoint Home and
 * Transactions move into a menu opened by a toggle button; the menu repeats every entry, and the
 * cart and account button stay in the bar as the main actions.
 */
export function PublicHeader() {
  const signedIn = useToken() !== null;
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const close = () => setOpen(false);
  const account = signedIn ? { to: "/dashboard", label: t(m.dashboard) } : { to: "/login", label: t(m.login) };

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur print:hidden">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:px-4">
        <Brand />
        <nav aria-label={t(m.mainNav)} className="hidden items-center gap-1 md:flex">
          <NavLink to="/" end className={navLinkClasses}>
            {t(m.home)}
          </NavLink>
          <Link to="/#transaction" className={navLinkClasses({ isActive: false })}>
            {t(m.transactions)}
          </Link>
        </nav>
        {/* The account button gives way (its label truncates) so that a long translation never widens a phone's page. */}
        <div className="flex min-w-0 items-center gap-1 sm:gap-2">
          <LanguageSwitcher className="hidden md:inline-flex" />
          <CartLink to="/receipt" onClick={close} />
          <Link to={account.to} className={buttonClasses("primary", "min-w-0 shrink")}>
            <span className="truncate">{account.label}</span>
          </Link>
          <button
            type="button"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={t(m.menu)}
            onClick={() => setOpen((value) => !value)}
            className="inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-teal-700 md:hidden"
          >
            {open ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
      <nav
        id={menuId}
        aria-label={t(m.mobileNav)}
        hidden={!open}
        className="border-t border-slate-200 bg-white px-4 pt-2 pb-4 md:hidden"
      >
        <ul className="flex flex-col gap-1">
          <li>
            <NavLink to="/" end onClick={close} className={(state) => cn(navLinkClasses(state), "block py-3 text-base")}>
              {t(m.home)}
            </NavLink>
          </li>
          <li>
            <Link to="/#transaction" onClick={close} className={cn(navLinkClasses({ isActive: false }), "block py-3 text-base")}>
              {t(m.transactions)}
            </Link>
          </li>
          <li>
            <Link to="/receipt" onClick={close} className={cn(navLinkClasses({ isActive: false }), "block py-3 text-base")}>
              {t(m.cart)}
            </Link>
          </li>
          <li className="py-2">
            <LanguageSwitcher />
          </li>
          <li className="pt-2">
            <Link to={account.to} onClick={close} className={buttonClasses("primary", "w-full")}>
              {account.label}
            </Link>
          </li>
        </ul>
      </nav>
    </header>
  );
}
