import { t, type MessageDescriptor } from "../../../i18n";
import { shiftsCommonMessages as m } from "../messages";

/** A department as the reports name it: "" is lines no department gives (call during render). */
export function departmentName(department: string): string {
  return department || t(m.noDepartment);
}

const ROLE_NAMES: Record<string, MessageDescriptor> = { AGENT: m.roleAgent, ADMIN: m.roleAdmin, SUPERADMIN: m.roleSuperadmin };

/** A staff role as the shifts screens name it (call during render). */
export function roleName(role: string): string {
  const name = ROLE_NAMES[role];
  return name ? t(name) : role;
}
