import { formatNaira } from "@hospipay/contract";
import type { ReactNode } from "react";
import type { CartItem } from "../lib/cart-store";
import { cartTotals, lineTotalKobo, unitPriceKobo } from "../lib/cart-totals";
import { t } from "../i18n";
import { paymentMessages as m } from "./payment.messages";
import { cn } from "./ui/cn";
import { QuantityControl } from "./ui/quantity-control";

/** A message's `<hidden>` part: read by screen readers only. */
function srOnly(chunks: ReactNode[]) {
  return <span className="sr-only">{chunks}</span>;
}

function departmentName(line: CartItem): string | undefined {
  const department = line.department;
  if (!department) return undefined;
  return typeof department === "string" ? department : department.name;
}

/**
 * The cart's lines: name, department, unit price, quantity and line total. With `onQuantityChange`
 * each line gets a quantity control that may go down to 0, which removes the line (SPEC §5); with
 * `onRemove` a remove button.
 */
export function CartLines({
  lines,
  onQuantityChange,
  onRemove,
  label,
}: {
  lines: readonly CartItem[];
  onQuantityChange?: (id: CartItem["id"], quantity: number) => void;
  onRemove?: (id: CartItem["id"]) => void;
  label?: string;
}) {
  return (
    <ul
      aria-label={label ?? t(m.cartItems)}
      className="@container divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      {lines.map((line) => {
        const department = departmentName(line);
        return (
          <li
            key={String(line.id)}
            aria-label={line.name}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3 px-4 py-4 sm:px-5"
          >
            <div className="min-w-0 flex-1 basis-48">
              <p className="font-medium break-words text-slate-900">{line.name}</p>
              {department && <p className="text-sm text-slate-600">{department}</p>}
              <p className="text-sm text-slate-600">
                {t(m.unitPriceEach, { price: formatNaira(unitPriceKobo(line)), hidden: srOnly })}
              </p>
            </div>
            <div className="flex w-full items-center justify-between gap-3 @md:w-auto @md:justify-end">
              {onQuantityChange ? (
                <QuantityControl
                  name={line.name}
                  value={line.quantity}
                  min={0}
                  onChange={(next) => onQuantityChange(line.id, next)}
                />
              ) : (
                <p className="text-sm text-slate-700">{t(m.quantity, { quantity: line.quantity })}</p>
              )}
              <p className="ml-auto text-right font-semibold tabular-nums text-slate-900 @md:ml-0 @md:w-32">
                {t(m.lineTotal, { amount: formatNaira(lineTotalKobo(line)), hidden: srOnly })}
              </p>
              {onRemove && (
                <button
                  type="button"
                  onClick={() => onRemove(line.id)}
                  aria-label={t(m.removeItem, { name: line.name })}
                  className="min-h-10 rounded-lg px-2 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-700"
                >
                  {t(m.remove)}
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Subtotal, the fixed 'Charge fee' and the total (SPEC §9), computed in kobo; with `chargeFee={false}` (a sale at
 * the desk, which adds none) the total alone.
 */
export function CartTotals({
  lines,
  className,
  chargeFee = true,
}: {
  lines: readonly CartItem[];
  className?: string;
  chargeFee?: boolean;
}) {
  const totals = cartTotals(lines, { chargeFee });
  return (
    <dl
      aria-label={t(m.cartTotals)}
      className={className ?? "mt-4 space-y-2 rounded-2xl border border-slate-200 bg-white px-4 py-4 shadow-sm sm:px-5"}
    >
      {chargeFee && (
        <>
          <div className="flex items-center justify-between gap-4 text-slate-700">
            <dt>{t(m.subtotal)}</dt>
            <dd className="tabular-nums">{formatNaira(totals.subtotalKobo)}</dd>
          </div>
          <div className="flex items-center justify-between gap-4 text-slate-700">
            <dt>{t(m.chargeFee)}</dt>
            <dd className="tabular-nums">{formatNaira(totals.chargeFeeKobo)}</dd>
          </div>
        </>
      )}
      <div
        className={cn(
          "flex items-center justify-between gap-4 text-lg font-bold text-slate-900",
          chargeFee && "border-t border-slate-200 pt-2",
        )}
      >
        <dt>{t(m.total)}</dt>
        <dd className="tabular-nums">{formatNaira(totals.totalKobo)}</dd>
      </div>
    </dl>
  );
}
