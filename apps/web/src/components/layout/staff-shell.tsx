import type { ReactNode } from "react";
import { useDeferredValue, useState } from "react";
import { NavLink } from "react-router";
import { Brand } from "./brand";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { useCurrentUser } from "../../lib/session/get-profile";
import { useLogout } from "../../lib/session/logout";

/** Each staff role's screens beyond SPEC's one dashboard, and the name of its navigation. */
const STAFF_NAV: Record<string, { label: string; links: ReadonlyArray<{ to: string; label: string }> }> = {
  SUPERADMIN: {
    label: "Super admin",
    links: [
      { to: "/superdashboard", label: "Transactions" },
      { to: "/superdashboard/staff", label: "Staff accounts" },
      { to: "/superdashboard/audit-log", label: "Audit log" },
      { to: "/superdashboard/bills", label: "Bills" },
      { to: "/superdashboard/search", label: "Search" },
      { to: "/superdashboard/shift", label: "My shift" },
      { to: "/superdashboard/shifts", label: "Shifts" },
    ],
  },
  ADMIN: {
    label: "Staff",
    links: [
      { to: "/admindashboard", label: "Transactions" },
      { to: "/admindashboard/bills", label: "Bills" },
      { to: "/admindashboard/search", label: "Search" },
      { to: "/admindashboard/shift", label: "My shift" },
      { to: "/admindashboard/shifts", label: "Shifts" },
    ],
  },
  AGENT: {
    label: "Staff",
    links: [
      { to: "/agentdashboard", label: "Transactions" },
      { to: "/agentdashboard/bills", label: "Bills" },
      { to: "/agentdashboard/search", label: "Search" },
      { to: "/agentdashboard/shift", label: "My shift" },
    ],
  },
};

/**
 * The frame of every staff screen: header with brand, panel label, badge, the user's name and Logout;
 * a sub-nav to the role's other screens; then the page's heading and content.
 */
export function StaffShell({
  label,
  badge,
  title,
  children,
}: {
  label: string;
  badge: string;
  title: string;
  children: ReactNode;
}) {
  const user = useCurrentUser();
  const logout = useLogout();
  const [loggingOut, setLoggingOut] = useState(false);
  // The frame and heading show first; the page's content (tables, chart, their requests) renders right
  // after, in the background, so that the heading is not held back by it and no long task blocks input.
  const contentShown = useDeferredValue(true, false);
  const nav = user ? STAFF_NAV[user.role] : undefined;

  return (
    <div className="min-h-dvh bg-slate-50">
      {/* A printed staff screen (a shift's report) is its content alone: no header, no navigation. */}
      <header className="border-b border-slate-200 bg-white print:hidden">
        <div className="mx-auto flex max-w-[96rem] flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="flex items-center gap-3">
            <Brand />
            <span className="hidden h-6 w-px bg-slate-200 sm:block" aria-hidden="true" />
            <span className="hidden text-sm font-semibold text-slate-700 sm:inline">{label}</span>
          </div>
          <div className="flex items-center gap-3">
            {/* Beyond SPEC (issue 21): every staff member checks and gives receipts at the point of care. */}
            <NavLink
              to="/verify-receipt"
              className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-700"
            >
              Verify receipt
            </NavLink>
            <span
              aria-hidden="true"
              className="flex size-9 items-center justify-center rounded-full bg-teal-700 text-sm font-bold text-white"
            >
              {badge}
            </span>
            <span className="text-sm font-medium text-slate-900">{user ? `${user.first_name} ${user.last_name}` : ""}</span>
            <Button
              variant="ghost"
              busy={loggingOut}
              onClick={() => {
                setLoggingOut(true);
                void logout();
              }}
            >
              Logout
            </Button>
          </div>
        </div>
        {nav && (
          <nav aria-label={nav.label} className="mx-auto max-w-[96rem] overflow-x-auto px-2 sm:px-4">
            <ul className="flex sm:gap-1">
              {nav.links.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end
                    className={({ isActive }) =>
                      cn(
                        "inline-flex min-h-11 items-center border-b-2 px-2 text-[0.8125rem] font-semibold whitespace-nowrap sm:px-3 sm:text-sm focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-700",
                        isActive ? "border-teal-700 text-teal-800" : "border-transparent text-slate-600 hover:text-teal-800",
                      )
                    }
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      {/* As wide as a 1440 px screen allows: the transactions table's ten columns need the room. */}
      <main id="main" className="mx-auto max-w-[96rem] px-4 py-8">
        <p className="text-sm font-semibold text-teal-800 sm:hidden">{label}</p>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {contentShown && children}
      </main>
    </div>
  );
}

/** The super admin's own screens show this to anyone else (the route guard already keeps them out). */
export const SUPER_ADMIN_DENIED = "Access Denied: Super admin privileges required.";
