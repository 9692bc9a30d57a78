import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "./cn";

/** One tab: its value and the label it shows (which is also its accessible name). */
export interface TabItem<T extends string> {
  value: T;
  label: string;
}

/**
 * Tabs in the WAI-ARIA pattern: a labelled tablist, the selected tab in the Tab order (the others
 * reached with the arrow keys, Home and End, which also select them), and one tabpanel labelled by
 * its tab. Only the selected panel is rendered, so a panel's data loads only while it is shown. The
 * tabs wrap onto a second line rather than scroll out of sight when the screen is narrow.
 */
export function Tabs<T extends string>({
  label,
  items,
  value,
  onChange,
  children,
  variant = "primary",
  className,
}: {
  /** Accessible name of the tablist. */
  label: string;
  items: ReadonlyArray<TabItem<T>>;
  value: T;
  onChange: (value: T) => void;
  /** The selected tab's panel. */
  children: ReactNode;
  /** `primary` for a page's sections, `secondary` (pills) for tabs inside a section. */
  variant?: "primary" | "secondary";
  className?: string;
}) {
  const baseId = useId();
  const tabRefs = useRef(new Map<T, HTMLButtonElement>());
  const tabId = (item: T) => `${baseId}-tab-${item}`;
  const panelId = `${baseId}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.value === value);
    const last = items.length - 1;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = items[(next + items.length) % items.length];
    if (!target) return;
    onChange(target.value);
    tabRefs.current.get(target.value)?.focus();
  };

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className={cn(
          // Tabs that do not fit on one line wrap to the next, so every tab stays in sight on a phone.
          "flex flex-wrap gap-x-1",
          variant === "primary" ? "border-b border-slate-200" : "w-fit max-w-full gap-y-1 rounded-xl bg-slate-100 p-1",
        )}
      >
        {items.map((item) => {
          const selected = item.value === value;
          return (
            <button
              key={item.value}
              ref={(element) => {
                if (element) tabRefs.current.set(item.value, element);
                else tabRefs.current.delete(item.value);
              }}
              type="button"
              role="tab"
              id={tabId(item.value)}
              aria-selected={selected}
              aria-controls={selected ? panelId : undefined}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(item.value)}
              className={cn(
                "min-h-11 min-w-0 px-2 text-[0.8125rem] font-semibold wrap-break-word transition-colors sm:px-4 sm:text-sm focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-700",
                variant === "primary"
                  ? cn(
                      "-mb-px border-b-2",
                      selected ? "border-teal-700 text-teal-800" : "border-transparent text-slate-600 hover:text-slate-900",
                    )
                  : cn("rounded-lg", selected ? "bg-white text-teal-800 shadow-sm" : "text-slate-600 hover:text-slate-900"),
              )}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(value)}
        tabIndex={0}
        className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-teal-700"
      >
        {children}
      </div>
    </div>
  );
}
