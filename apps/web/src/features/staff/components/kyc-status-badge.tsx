import { cn } from "../../../components/ui/cn";

/** Verified green, PENDING amber, anything else red (the customer's KYC tab uses the same colours). */
export function kycStatusBadgeClasses(status: string): string {
  if (status === "verified") return "bg-emerald-100 text-emerald-800 ring-emerald-300";
  if (status === "PENDING") return "bg-amber-100 text-amber-900 ring-amber-300";
  return "bg-red-100 text-red-800 ring-red-300";
}

export function KycStatusBadge({ status }: { status: string }) {
  return (
    <span className={cn("inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1", kycStatusBadgeClasses(status))}>
      {status || "Unknown"}
    </span>
  );
}
