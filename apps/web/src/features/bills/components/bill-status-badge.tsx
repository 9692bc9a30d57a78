import { cn } from "../../../components/ui/cn";
import { billStatusLabel } from "../utils/bill-format";

const TONES: Record<string, string> = {
  open: "bg-amber-50 text-amber-900 ring-amber-300",
  paid: "bg-emerald-50 text-emerald-800 ring-emerald-300",
  cancelled: "bg-slate-100 text-slate-700 ring-slate-300",
};

/** A bill's status as a pill. */
export function BillStatusBadge({ status }: { status: string }) {
  return (
    <span
      className={cn(
        "inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1",
        TONES[status] ?? "bg-slate-100 text-slate-700 ring-slate-300",
      )}
    >
      {billStatusLabel(status)}
    </span>
  );
}
