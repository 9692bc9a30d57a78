import type { ReactNode } from "react";
import { t, type MessageDescriptor } from "../../i18n";
import { useCurrentUser } from "../../lib/session/get-profile";
import { Alert } from "../ui/alert";
import { StaffShell } from "./staff-shell";

const STAFF_ROLES = new Set(["AGENT", "ADMIN", "SUPERADMIN"]);

/**
 * A screen every staff role may use: its content for an agent, an admin or a super admin, and to anyone
 * else the denial as an alert. The panel's name and badge follow the role: an agent's, or an admin's.
 */
export function StaffAreaShell({
  panels,
  title,
  denied,
  children,
}: {
  panels: { agentPanel: MessageDescriptor; adminPanel: MessageDescriptor };
  title: string;
  denied: ReactNode;
  children: ReactNode;
}) {
  const user = useCurrentUser();
  const agent = user?.role === "AGENT";
  return (
    <StaffShell label={t(agent ? panels.agentPanel : panels.adminPanel)} badge={agent ? "AG" : "AD"} title={title}>
      {user && STAFF_ROLES.has(user.role) ? (
        children
      ) : (
        <Alert tone="error" className="mt-6">
          {denied}
        </Alert>
      )}
    </StaffShell>
  );
}
