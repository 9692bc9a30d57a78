import { useEffect, useId, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { cn } from "./cn";
import { t } from "../../i18n";
import { uiMessages } from "../messages";

/**
 * A modal dialog: focus moves into it, Tab stays inside, Escape and the close button close it, and
 * focus returns to the element that opened it. The body scrolls when it is taller than the screen;
 * an optional footer stays in view below it. A `printable` dialog (a receipt) is what a print of the
 * page shows, alone and without its buttons; any other dialog is left out of a print.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  size = "md",
  printable = false,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  size?: "md" | "lg";
  printable?: boolean;
}) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const focusables = () =>
      panel
        ? Array.from(
            panel.querySelectorAll<HTMLElement>(
              "a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])",
            ),
          )
        : [];
    (focusables()[0] ?? panel)?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== "Tab") return;
      const items = focusables();
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      const outside = !(active instanceof Node) || !panel?.contains(active);
      if (event.shiftKey && (active === first || outside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || outside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      opener?.focus();
    };
  }, [open]);

  if (!open) return null;
  const overlay = (
    <div
      data-print-alone={printable ? "" : undefined}
      className={cn(
        "fixed inset-0 z-50 flex items-end justify-center bg-slate-900/50 p-2 sm:items-center sm:p-4",
        printable ? "print:static print:block print:bg-white print:p-0" : "print:hidden",
      )}
      onClick={onClose}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onClick={(event) => event.stopPropagation()}
        className={cn(
          "flex max-h-[calc(100dvh-1rem)] w-full flex-col rounded-2xl bg-white shadow-xl sm:max-h-[calc(100dvh-2rem)] print:max-h-none print:max-w-none print:shadow-none",
          size === "lg" ? "max-w-2xl" : "max-w-md",
        )}
      >
        <div className="flex items-start justify-between gap-4 px-4 pt-4 sm:px-6 sm:pt-6">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={t(uiMessages.close)}
            className="-m-2 flex print:hidden size-10 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-4 pt-4 pb-4 sm:px-6 sm:pb-6 print:overflow-visible">{children}</div>
        {footer && <div className="border-t border-slate-200 px-4 py-3 sm:px-6 sm:py-4 print:hidden">{footer}</div>}
      </div>
    </div>
  );
  // Printed alone, so it sits beside the page rather than inside it (index.css hides the rest).
  return printable ? createPortal(overlay, document.body) : overlay;
}
