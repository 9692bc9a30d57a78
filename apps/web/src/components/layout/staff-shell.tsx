import type { ReactNode } from "react";
import { useContext, useDeferredValue, useState } from "react";
import { NavLink } from "react-router";
import { Brand } from "./brand";
import { FrameContent, hasPrerenderedContent } from "./frame-content";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { useCurrentUser } from "../../lib/session/get-profile";
import { useLogout } from "../../lib/session/logout";
import { t, type MessageDescriptor } from "../../i18n";
import { staffShellMessages as m } from "../staff-shell.messages";
import { LanguageSwitcher } from "./language-switcher";

/** Each staff role's screens beyond SPEC's one dashboard, and the name of its navigation. */
const STAFF_NAV: Record<string, { label: MessageDescriptor; links: ReadonlyArray<{ to: string; label: MessageDescriptor }> }> = {
  SUPERADMIN: {
    label: m.superAdminNav,
    links: [
      { to: "/superdashboard", label: m.transactions },
      { to: "/superdashboard/staff", label: m.staffAccounts },
      { to: "/superdashboard/audit-log", label: m.auditLog },
      { to: "/superdashboard/bills", label: m.bills },
      { to: "/superdashboard/waivers", label: m.waivers },
      { to: "/superdashboard/desk-sale", label: m.deskSale },
      { to: "/superdashboard/admissions", label: m.admissions },
      { to: "/superdashboard/search", label: m.search },
      { to: "/superdashboard/patients", label: m.patients },
      { to: "/superdashboard/shift", label: m.myShift },
      { to: "/superdashboard/shifts", label: m.shifts },
      { to: "/superdashboard/daybook", label: m.dayBook },
      { to: "/superdashboard/hmos", label: m.hmos },
      { to: "/superdashboard/settlements", label: m.settlements },
    ],
  },
  ADMIN: {
    label: m.staffNav,
    links: [
      { to: "/admindashboard", label: m.transactions },
      { to: "/admindashboard/bills", label: m.bills },
      { to: "/admindashboard/waivers", label: m.waivers },
      { to: "/admindashboard/desk-sale", label: m.deskSale },
      { to: "/admindashboard/admissions", label: m.admissions },
      { to: "/admindashboard/search", label: m.search },
      { to: "/admindashboard/patients", label: m.patients },
      { to: "/admindashboard/shift", label: m.myShift },
      { to: "/admindashboard/shifts", label: m.shifts },
      { to: "/admindashboard/daybook", label: m.dayBook },
      { to: "/admindashboard/hmos", label: m.hmos },
      { to: "/admindashboard/settlements", label: m.settlements },
    ],
  },
  AGENT: {
    label: m.staffNav,
    links: [
      { to: "/agentdashboard", label: m.transactions },
      { to: "/agentdashboard/bills", label: m.bills },
      { to: "/agentdashboard/waivers", label: m.waivers },
      { to: "/agentdashboard/desk-sale", label: m.deskSale },
      { to: "/agentdashboard/admissions", label: m.admissions },
      { to: "/agentdashboard/search", label: m.search },
      { to: "/agentdashboard/patients", label: m.patients },
      { to: "/agentdashboard/shift", label: m.myShift },
    ],
  },
};

/**
 * The frame of every staff screen: header with brand, panel label, the language choice, badge, the user's
 * name and Logout (wrapping onto a second line on a phone);
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
  // Where the build's frame already shows the content (frame-content.ts), it comes in the first pass.
  const framed = useContext(FrameContent) || hasPrerenderedContent();
  const contentShown = useDeferredValue(true, framed);
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
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <LanguageSwitcher />
            {/* Beyond SPEC (issue 21): every staff member checks and gives receipts at the point of care. */}
            <NavLink
              to="/verify-receipt"
              className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-700"
            >
              {t(m.verifyReceipt)}
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
              {t(m.logout)}
            </Button>
          </div>
        </div>
        {nav && (
          <nav aria-label={t(nav.label)} className="mx-auto max-w-[96rem] overflow-x-auto px-2 sm:px-4">
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
                    {t(link.label)}
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
