import type { ReactNode } from "react";
import { cn } from "./cn";

/**
 * A box that scrolls sideways when its content (a wide table) is wider than the screen. It is a named,
 * focusable region so that keyboard users can scroll it with the arrow keys even when nothing inside
 * it takes the focus (WCAG 2.1.1).
 */
export function ScrollRegion({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={cn(
        "overflow-x-auto rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700",
        className,
      )}
    >
      {children}
    </div>
  );
}
