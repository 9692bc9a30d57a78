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

const WAT = new Intl.DateTimeFormat("en-NG", {
  timeZone: "Africa/Lagos",
  day: "2-digit",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** A timestamp in West Africa Time ("12 Mar 2025, 11:04:00"), the hospital's clock whatever the browser's. */
export function formatWat(value: string): string {
  const date = new Date(value);
  if (value === "" || Number.isNaN(date.getTime())) return value || "—";
  return WAT.format(date);
}

/** "transfer.confirmed" → "Transfer confirmed". */
export function auditActionLabel(action: string): string {
  const text = action.replace(/[._]/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const WAT_DAY = new Intl.DateTimeFormat("en-NG", { timeZone: "Africa/Lagos", day: "2-digit", month: "short", year: "numeric" });

/** The WAT day of a timestamp ("12 Mar 2025"). */
export function formatWatDay(value: string): string {
  const date = new Date(value);
  if (value === "" || Number.isNaN(date.getTime())) return value || "—";
  return WAT_DAY.format(date);
}
