import { formatNaira, nairaToKobo, type CartLine } from "@hospipay/contract";
import { formatNairaAmount } from "../lib/money";

function lineTotalKobo(line: CartLine): number {
  return (nairaToKobo(String(line.price)) ?? 0) * line.quantity;
}

/** The cart's lines with quantities, line totals and the subtotal. */
export function CartLines({ lines, onRemove }: { lines: CartLine[]; onRemove?: (id: CartLine["id"]) => void }) {
  const subtotal = lines.reduce((sum, line) => sum + lineTotalKobo(line), 0);
  return (
    <div className="mt-6 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <ul className="divide-y divide-slate-100">
        {lines.map((line) => (
          <li key={String(line.id)} className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{line.name}</p>
              <p className="text-sm text-slate-600">
                {line.quantity} × {formatNairaAmount(line.price)}
              </p>
            </div>
            <div className="flex items-center gap-3">
              <p className="font-semibold tabular-nums text-slate-900">{formatNaira(lineTotalKobo(line))}</p>
              {onRemove && (
                <button
                  type="button"
                  onClick={() => onRemove(line.id)}
                  aria-label={`Remove ${line.name}`}
                  className="rounded-lg px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-700"
                >
                  Remove
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <div className="flex items-center justify-between border-t border-slate-200 bg-slate-50 px-5 py-4">
        <span className="font-medium text-slate-700">Subtotal</span>
        <span className="text-lg font-bold tabular-nums text-slate-900">{formatNaira(subtotal)}</span>
      </div>
    </div>
  );
}
