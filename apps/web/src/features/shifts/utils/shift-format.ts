import { watDay } from "@hospipay/contract";

/** Today's West Africa Time day as YYYY-MM-DD, whatever the browser's time zone. */
export function watToday(now: Date = new Date()): string {
  return watDay(now.toISOString());
}

/** A department as the reports name it: "" is lines no department gives. */
export function departmentName(department: string): string {
  return department || "No department";
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

const ROLE_NAMES: Record<string, string> = { AGENT: "Agent", ADMIN: "Admin", SUPERADMIN: "Super admin" };

/** A staff role as the shifts screens name it. */
export function roleName(role: string): string {
  return ROLE_NAMES[role] ?? role;
}
