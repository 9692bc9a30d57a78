import type { Role } from "@hospipay/contract";

/** How the staff screens name the roles. */
export const ROLE_LABELS: Record<Role, string> = {
  CUSTOMER: "Customer",
  AGENT: "Agent",
  ADMIN: "Admin",
  SUPERADMIN: "Super admin",
};

/** A role's label, or the role as sent when the app does not know it. */
export function roleLabel(role: string): string {
  return Object.hasOwn(ROLE_LABELS, role) ? ROLE_LABELS[role as Role] : role;
}

/** "transfer.confirmed" → "Transfer confirmed". */
export function auditActionLabel(action: string): string {
  const text = action.replace(/[._]/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
