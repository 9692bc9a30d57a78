import type { BillStatus } from "@hospipay/contract";

/** A bill's status as every bills screen names it. */
export const BILL_STATUS_LABELS: Record<BillStatus, string> = {
  open: "Open",
  paid: "Paid",
  cancelled: "Cancelled",
};

export function billStatusLabel(status: string): string {
  return BILL_STATUS_LABELS[status as BillStatus] ?? status;
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
