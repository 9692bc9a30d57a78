import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from "react";
import { t } from "../../i18n";
import { uiMessages } from "../messages";

/** Whether the element's content is wider than the element, kept up to date as either resizes. */
function useOverflowsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    // jsdom (unit tests) has neither layout nor ResizeObserver: nothing ever overflows there.
    if (!element || typeof ResizeObserver === "undefined") return;
    // The observer reports each element once when it starts observing it, after the browser's own layout,
    // so the first measurement reads sizes already laid out instead of forcing a layout of its own (a wide
    // table's took 50 ms of the staff dashboard's first render).
    const observer = new ResizeObserver(() => setOverflows(element.scrollWidth > element.clientWidth + 1));
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

/**
 * A box that scrolls sideways when its content (a wide table) is wider than the screen. It is a named,
 * focusable region so that keyboard users can scroll it with the arrow keys even when nothing inside
 * it takes the focus (WCAG 2.1.1). While its content does not fit, a line above it says so and a shadow
 * on either edge shows on which side more is hidden, so a phone user knows there are more columns.
 */
export function ScrollRegion({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const overflows = useOverflowsSideways(ref);
  const hintId = useId();
  return (
    <div className={className}>
      {overflows && (
        <p id={hintId} className="mb-2 text-xs text-slate-600">
          {t(uiMessages.scrollSideways)}
        </p>
      )}
      <div
        ref={ref}
        role="region"
        aria-label={label}
        aria-describedby={overflows ? hintId : undefined}
        tabIndex={0}
        className="scroll-shadows overflow-x-auto rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
      >
        {children}
      </div>
    </div>
  );
}
