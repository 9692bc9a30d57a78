import { watDay } from "@hospipay/contract";
import { t, type MessageDescriptor } from "../../../i18n";
import { shiftsCommonMessages as m } from "../messages";

/** Today's West Africa Time day as YYYY-MM-DD, whatever the browser's time zone. */
export function watToday(now: Date = new Date()): string {
  return watDay(now.toISOString());
}

/** A department as the reports name it: "" is lines no department gives (call during render). */
export function departmentName(department: string): string {
  return department || t(m.noDepartment);
}

/** Saves a Blob (the server's CSV export) as a file through an object URL. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const ROLE_NAMES: Record<string, MessageDescriptor> = { AGENT: m.roleAgent, ADMIN: m.roleAdmin, SUPERADMIN: m.roleSuperadmin };

/** A staff role as the shifts screens name it (call during render). */
export function roleName(role: string): string {
  const name = ROLE_NAMES[role];
  return name ? t(name) : role;
}
