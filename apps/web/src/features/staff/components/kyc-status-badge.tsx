import { KYC_STATUSES, type KycStatus } from "@hospipay/contract";
import { cn } from "../../../components/ui/cn";
import { t } from "../../../i18n";
import { commonMessages, kycStatusMessages } from "../messages";

/** Verified green, PENDING amber, anything else red (the customer's KYC tab uses the same colours). */
export function kycStatusBadgeClasses(status: string): string {
  if (status === "verified") return "bg-emerald-100 text-emerald-800 ring-emerald-300";
  if (status === "PENDING") return "bg-amber-100 text-amber-900 ring-amber-300";
  return "bg-red-100 text-red-800 ring-red-300";
}

/** A KYC status in the current language; one the app does not know as it came. */
export function kycStatusText(status: string): string {
  if (!status) return t(commonMessages.unknown);
  return (KYC_STATUSES as readonly string[]).includes(status) ? t(kycStatusMessages[status as KycStatus]) : status;
}

export function KycStatusBadge({ status }: { status: string }) {
  return (
    <span className={cn("inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1", kycStatusBadgeClasses(status))}>
      {kycStatusText(status)}
    </span>
  );
}
