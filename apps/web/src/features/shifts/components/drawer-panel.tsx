import {
  formatNaira,
  koboToDecimal,
  NAIRA_DENOMINATIONS_KOBO,
  nairaToKobo,
  type Drawer,
  type DrawerCount,
} from "@hospipay/contract";
import { useId } from "react";
import { cn } from "../../../components/ui/cn";
import { inputClasses } from "../../../components/ui/form";
import { formatNairaAmount } from "../../../lib/money";
import { formatWatDateTime } from "../../../lib/wat-time";
import { t } from "../../../i18n";
import { drawerMessages as m } from "../messages";
import { Figure } from "../../../components/ui/figure";

/** "₦200.00 short", "₦50.00 over", "Exact": a variance in words. */
export function varianceText(variance: string): string {
  const kobo = nairaToKobo(variance.replace(/^-/, "")) ?? 0;
  if (kobo === 0) return t(m.exact);
  return t(variance.startsWith("-") ? m.short : m.over, { amount: formatNaira(kobo) });
}

/**
 * A shift's cash drawer: its float, what the desk took in cash and by POS, the cash it should hold, and once
 * counted the count, its variance and its sign-off.
 */
export function DrawerSummary({ drawer, idPrefix }: { drawer: Drawer; idPrefix: string }) {
  const headingId = `${idPrefix}-drawer`;
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 text-sm break-inside-avoid sm:p-4"
    >
      <h3 id={headingId} className="font-semibold text-slate-900">
        {t(m.heading)}
      </h3>
      <dl className="mt-2 max-w-xl divide-y divide-slate-100">
        <Figure label={t(m.float)}>{formatNairaAmount(drawer.float)}</Figure>
        <Figure label={t(m.cashTaken, { count: drawer.cash.count })}>{formatNairaAmount(drawer.cash.amount)}</Figure>
        <Figure label={t(m.posTaken, { count: drawer.pos.count })}>{formatNairaAmount(drawer.pos.amount)}</Figure>
        <Figure label={t(m.expected)}>{formatNairaAmount(drawer.expected)}</Figure>
        {drawer.counted !== null && (
          <>
            <Figure label={t(m.counted)}>{formatNairaAmount(drawer.counted)}</Figure>
            <Figure label={t(m.variance)}>
              <span className={cn(drawer.variance?.startsWith("-") && "text-red-700")}>
                {varianceText(drawer.variance ?? "0")}
              </span>
            </Figure>
            {drawer.counted_at && (
              <Figure label={t(m.countedAt)}>
                <time dateTime={drawer.counted_at}>{formatWatDateTime(drawer.counted_at)}</time>
              </Figure>
            )}
          </>
        )}
        {drawer.signed_off_by && (
          <Figure label={t(m.signedOffBy)}>
            {drawer.signed_off_by.name}
            {drawer.signoff_note ? ` — ${drawer.signoff_note}` : ""}
          </Figure>
        )}
      </dl>
      {drawer.denominations && drawer.denominations.length > 0 && (
        <p className="mt-2 text-slate-600">
          {drawer.denominations.map((d) => `${formatNairaAmount(d.value)} × ${d.pieces}`).join(" · ")}
        </p>
      )}
      {drawer.awaiting_signoff && (
        <p role="status" className="mt-2 font-medium text-amber-800">
          {t(m.awaiting, { limit: formatNairaAmount(drawer.variance_limit) })}
        </p>
      )}
    </section>
  );
}

/** The kobo a count adds up to. */
export const countTotal = (count: DrawerCount) =>
  Object.entries(count).reduce((sum, [value, pieces]) => sum + Number(value) * (Number.isFinite(pieces) ? pieces : 0), 0);

/**
 * The drawer's count by note and coin: one number field per denomination, with the total and the variance
 * against what the drawer should hold, live.
 */
export function DrawerCountFields({
  count,
  onChange,
  expected,
  error,
}: {
  count: DrawerCount;
  onChange: (count: DrawerCount) => void;
  expected: string;
  error?: string;
}) {
  const id = useId();
  const total = countTotal(count);
  const variance = total - (nairaToKobo(expected) ?? 0);
  return (
    <fieldset className="min-w-0 rounded-xl border border-slate-200 p-3" aria-describedby={error ? `${id}-error` : `${id}-total`}>
      <legend className="px-1 text-sm font-medium text-slate-900">{t(m.countLegend)}</legend>
      <p className="text-sm text-slate-600">{t(m.countHint, { expected: formatNairaAmount(expected) })}</p>
      <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
        {NAIRA_DENOMINATIONS_KOBO.map((value) => {
          const inputId = `${id}-${value}`;
          return (
            <div key={value} className="min-w-0">
              <label htmlFor={inputId} className="block text-sm text-slate-700">
                {formatNaira(value)}
              </label>
              <input
                id={inputId}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={count[String(value)] ?? ""}
                onChange={(event) => {
                  const pieces = event.target.value === "" ? undefined : Math.max(0, Math.trunc(Number(event.target.value)));
                  const next = { ...count };
                  if (pieces === undefined || Number.isNaN(pieces)) delete next[String(value)];
                  else next[String(value)] = pieces;
                  onChange(next);
                }}
                className={cn(inputClasses, "tabular-nums")}
              />
            </div>
          );
        })}
      </div>
      <p id={`${id}-total`} aria-live="polite" className="mt-3 text-sm font-medium text-slate-900">
        {t(m.countTotal, { total: formatNaira(total), variance: varianceText(koboToDecimal(variance)) })}
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
