import type { ReactNode } from "react";
import { cn } from "./cn";

/**
 * A message box. Errors use role="alert" (announced at once); success, information and warnings use
 * role="status" (announced politely).
 */
export function Alert({
  tone,
  children,
  className,
}: {
  tone: "error" | "success" | "info" | "warning";
  children: ReactNode;
  className?: string;
}) {
  const styles = {
    error: "border-red-300 bg-red-50 text-red-800",
    success: "border-emerald-300 bg-emerald-50 text-emerald-900",
    info: "border-sky-300 bg-sky-50 text-sky-900",
    warning: "border-amber-300 bg-amber-50 text-amber-950",
  }[tone];
  return (
    <div role={tone === "error" ? "alert" : "status"} className={cn("rounded-lg border px-4 py-3 text-sm", styles, className)}>
      {children}
    </div>
  );
}
