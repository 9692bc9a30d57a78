import { MESSAGES } from "@hospipay/contract";
import { useState } from "react";
import { Brand } from "../../../components/layout/brand";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { useCurrentUser } from "../../../lib/session/get-profile";
import { useLogout } from "../../../lib/session/logout";
import { KycReviews } from "./kyc-reviews";
import { TransactionsDashboard } from "./transactions-dashboard";

type StaffVariant = "admin" | "agent";

const VARIANTS: Record<StaffVariant, { title: string; badge: string; label: string; roles: string[]; denied: string }> = {
  admin: {
    title: "Admin Transactions Dashboard",
    badge: "AD",
    label: "Admin Panel",
    roles: ["ADMIN", "SUPERADMIN"],
    denied: MESSAGES.staff.adminDenied,
  },
  agent: {
    title: "Agent Transactions Dashboard",
    badge: "AG",
    label: "Agent Panel",
    roles: ["AGENT"],
    denied: MESSAGES.staff.agentDenied,
  },
};

/**
 * The staff dashboards (SPEC §2): heading, badge, panel label and the user's name. The route guard
 * already keeps other roles out; the screen checks the role again before showing anything.
 * Summary figures, filters, chart, transactions and CSV export come from TransactionsDashboard.
 */
function StaffDashboardScreen({ variant }: { variant: StaffVariant }) {
  const config = VARIANTS[variant];
  const user = useCurrentUser();
  const logout = useLogout();
  const [loggingOut, setLoggingOut] = useState(false);
  const allowed = user !== undefined && config.roles.includes(user.role);

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <div className="flex items-center gap-3">
            <Brand />
            <span className="hidden h-6 w-px bg-slate-200 sm:block" aria-hidden="true" />
            <span className="hidden text-sm font-semibold text-slate-700 sm:inline">{config.label}</span>
          </div>
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="flex size-9 items-center justify-center rounded-full bg-teal-700 text-sm font-bold text-white"
            >
              {config.badge}
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
      </header>
      <main id="main" className="mx-auto max-w-7xl px-4 py-8">
        <p className="text-sm font-semibold text-teal-800 sm:hidden">{config.label}</p>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{config.title}</h1>
        {allowed ? (
          <>
            <TransactionsDashboard />
            {/* KYC review is for ADMIN and SUPERADMIN only; agents never see it. */}
            {variant === "admin" && <KycReviews />}
          </>
        ) : (
          <Alert tone="error" className="mt-6">
            {config.denied}
          </Alert>
        )}
      </main>
    </div>
  );
}

/** /admindashboard and /superdashboard. */
export function AdminDashboardScreen() {
  return <StaffDashboardScreen variant="admin" />;
}

/** /agentdashboard. */
export function AgentDashboardScreen() {
  return <StaffDashboardScreen variant="agent" />;
}
