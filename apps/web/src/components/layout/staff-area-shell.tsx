import type { ReactNode } from "react";
import { useCurrentUser } from "../../lib/session/get-profile";
import { Alert } from "../ui/alert";
import { StaffShell } from "./staff-shell";

/**
 * A staff screen's shell that shows its content only to the roles given and, to anyone else, the
 * denial as an alert. The panel label and badge follow the role: an agent's, or an admin's.
 */
export function StaffAreaShell({
  roles,
  agentLabel,
  adminLabel,
  title,
  denied,
  children,
}: {
  roles: ReadonlySet<string>;
  agentLabel: string;
  adminLabel: string;
  title: string;
  denied: ReactNode;
  children: ReactNode;
}) {
  const user = useCurrentUser();
  const agent = user?.role === "AGENT";
  return (
    <StaffShell label={agent ? agentLabel : adminLabel} badge={agent ? "AG" : "AD"} title={title}>
      {user && roles.has(user.role) ? (
        children
      ) : (
        <Alert tone="error" className="mt-6">
          {denied}
        </Alert>
      )}
    </StaffShell>
  );
}
