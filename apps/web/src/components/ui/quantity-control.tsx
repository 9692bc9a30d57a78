import { cn } from "./cn";
import { t } from "../../i18n";
import { uiMessages } from "../messages";

/** The most of one service a single line may hold (the checkout contract's limit). */
export const MAX_QUANTITY = 1000;

/**
 * Minus / count / plus for one line. The minus button is disabled at `min` (1 in the selection
 * dialog, where quantity never goes below 1; 0 in the cart, where reaching 0 removes the line).
 */
export function QuantityControl({
  name,
  value,
  min,
  onChange,
  className,
}: {
  /** The service's name, used in the buttons' names ("Decrease quantity of X"). */
  name: string;
  value: number;
  min: number;
  onChange: (next: number) => void;
  className?: string;
}) {
  const buttonClass =
    "flex size-10 items-center justify-center text-lg font-semibold text-teal-800 hover:bg-teal-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-700 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent";
  return (
    <div
      role="group"
      aria-label={t(uiMessages.quantityOf, { name })}
      className={cn("inline-flex items-center overflow-hidden rounded-lg border border-slate-300 bg-white", className)}
    >
      <button
        type="button"
        aria-label={t(uiMessages.decreaseQuantity, { name })}
        disabled={value <= min}
        onClick={() => onChange(Math.max(min, value - 1))}
        className={buttonClass}
      >
        <span aria-hidden="true">−</span>
      </button>
      <output aria-live="polite" className="min-w-8 px-1 text-center font-semibold tabular-nums text-slate-900">
        {value}
      </output>
      <button
        type="button"
        aria-label={t(uiMessages.increaseQuantity, { name })}
        disabled={value >= MAX_QUANTITY}
        onClick={() => onChange(Math.min(MAX_QUANTITY, value + 1))}
        className={buttonClass}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
