import { MESSAGES } from "@hospipay/contract";
import { lazy, Suspense } from "react";
import { Alert } from "../../../components/ui/alert";
import { t, type MessageDescriptor } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { useCurrentUser } from "../../../lib/session/get-profile";
import { KycReviews } from "./kyc-reviews";
import { PaymentReviews } from "./payment-reviews";
import { KycHolds } from "./kyc-holds";
import { StaffShell } from "../../../components/layout/staff-shell";
import { TransactionsDashboard } from "./transactions-dashboard";
import { commonMessages, dashboardMessages as m } from "../messages";

// Only super admins decide refunds, so only they download the queue.
const RefundApprovals = lazy(async () => ({ default: (await import("./refund-approvals")).RefundApprovals }));
// Admins and super admins approve agents' transfer confirmations that carry a large excess.
const TransferApprovals = lazy(async () => ({ default: (await import("./transfer-approvals")).TransferApprovals }));

type StaffVariant = "admin" | "agent";

const VARIANTS: Record<
  StaffVariant,
  { title: MessageDescriptor; badge: string; label: MessageDescriptor; roles: string[]; denied: string }
> = {
  admin: {
    title: m.adminTitle,
    badge: "AD",
    label: commonMessages.adminPanel,
    roles: ["ADMIN", "SUPERADMIN"],
    denied: MESSAGES.staff.adminDenied,
  },
  agent: {
    title: m.agentTitle,
    badge: "AG",
    label: m.agentPanel,
    roles: ["AGENT"],
    denied: MESSAGES.staff.agentDenied,
  },
};

/**
 * The staff dashboards (SPEC §2): heading, badge, panel label and the user's name. The route guard
 * already keeps other roles out; the screen checks the role again before showing anything.
 * Summary figures, filters, chart, transactions, their actions and CSV export come from TransactionsDashboard.
 */
function StaffDashboardScreen({ variant }: { variant: StaffVariant }) {
  const config = VARIANTS[variant];
  const user = useCurrentUser();
  const allowed = user !== undefined && config.roles.includes(user.role);

  return (
    <StaffShell label={t(config.label)} badge={config.badge} title={t(config.title)}>
      {allowed ? (
        <>
          <TransactionsDashboard role={user.role} />
          {/* Refund approvals are the super admin's alone. */}
          {user.role === "SUPERADMIN" && (
            <Suspense fallback={null}>
              <RefundApprovals />
            </Suspense>
          )}
          {variant === "admin" && (
            <Suspense fallback={null}>
              <TransferApprovals />
            </Suspense>
          )}
          {/* Payments paid short are resolved by ADMIN and SUPERADMIN (a refund or a settlement); agents never see them. */}
          {variant === "admin" && <PaymentReviews />}
          {/* KYC review is for ADMIN and SUPERADMIN only; agents never see it. */}
          {variant === "admin" && <KycReviews />}
          {/* Reserved-account transfers held over a KYC tier limit: released or refunded by ADMIN and SUPERADMIN. */}
          {variant === "admin" && <KycHolds />}
        </>
      ) : (
        <Alert tone="error" className="mt-6">
          {specText(config.denied)}
        </Alert>
      )}
    </StaffShell>
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
