import type { ReactNode } from "react";

/** One "label: value" pair of a report's figures, inside a `<dl>`. */
export function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-1">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900 tabular-nums wrap-anywhere">{children}</dd>
    </div>
  );
}
