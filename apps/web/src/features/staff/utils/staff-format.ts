import { AUDIT_ACTIONS, INVOICE_STATUSES, type AuditAction, type InvoiceStatus, type Role } from "@hospipay/contract";
import { t } from "../../../i18n";
import { auditActionMessages, invoiceStatusMessages, roleMessages } from "../messages";

/** A role's label, or the role as sent when the app does not know it. */
export function roleLabel(role: string): string {
  return Object.hasOwn(roleMessages, role) ? t(roleMessages[role as Role]) : role;
}

/** "transfer.confirmed" → "Transfer confirmed" (in the current language); an action the app does not know, spelled out. */
export function auditActionLabel(action: string): string {
  if ((AUDIT_ACTIONS as readonly string[]).includes(action)) return t(auditActionMessages[action as AuditAction]);
  const text = action.replace(/[._]/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** An invoice status in the current language; one the app does not know as it came. */
export function invoiceStatusText(status: string): string {
  return (INVOICE_STATUSES as readonly string[]).includes(status) ? t(invoiceStatusMessages[status as InvoiceStatus]) : status;
}
