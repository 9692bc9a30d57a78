import type { BillStatus } from "@hospipay/contract";
import { t, type MessageDescriptor } from "../../../i18n";
import { billStatusMessages } from "../messages";

/** A bill's status as every bills screen names it. */
export const BILL_STATUS_LABELS: Record<BillStatus, MessageDescriptor> = billStatusMessages;

/** The status's name in the current language (call during render). */
export function billStatusLabel(status: string): string {
  const label = BILL_STATUS_LABELS[status as BillStatus] as MessageDescriptor | undefined;
  return label ? t(label) : status;
}

/** The page a payer opens, on this site: `/pay/{token}`. */
export function payPath(token: string): string {
  return `/pay/${token}`;
}

/** The link as shared: the server's `pay_url`, else this site's address of the page. */
export function payLink(token: string, payUrl?: string): string {
  if (payUrl) return payUrl;
  return `${window.location.origin}${payPath(token)}`;
}
