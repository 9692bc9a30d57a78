import { formatNaira, nairaToKobo, type DayBook } from "@hospipay/contract";
import type { ReactNode } from "react";
import { cn } from "../../../components/ui/cn";
import { breakAnywhere, cellClasses, DataTable } from "../../../components/ui/data-table";
import { Figure } from "../../../components/ui/figure";
import { t } from "../../../i18n";
import { formatNairaAmount } from "../../../lib/money";
import { formatWatDateTime } from "../../../lib/wat-time";
import { dayBookMessages as m } from "../messages";
import { channelName, departmentName, sumKobo, varianceText } from "../utils/day-book-format";

const amountCell = cn(cellClasses, "whitespace-nowrap tabular-nums");
const countCell = cn(cellClasses, "tabular-nums");

function Part({ id, title, children, className }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section
      aria-labelledby={id}
      className={cn("min-w-0 rounded-xl border border-slate-200 bg-white p-3 break-inside-avoid sm:p-4", className)}
    >
      <h3 id={id} className="font-semibold text-slate-900">
        {title}
      </h3>
      <div className="mt-2 space-y-3">{children}</div>
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-slate-600">{children}</p>;
}

/**
 * A day's or a month's book: whether it matches the ledger, then the money by channel, by department and by
 * staff member (each a captioned table), and the refunds, waivers and drawers as figures.
 */
export function DayBookView({ book }: { book: DayBook }) {
  const { channels, staff, totals, drawers } = book;
  // The API may answer a "no department" row of no lines and no money: nothing to show.
  const departments = book.departments.filter((row) => row.lines > 0 || (nairaToKobo(row.amount) ?? 0) !== 0);
  const tableLabel = (caption: string) => t(m.tableLabel, { caption });
  return (
    <div className="@container space-y-4 text-sm">
      <p className="text-slate-600">
        {t(m.fromTo, {
          from: formatWatDateTime(book.from),
          to: formatWatDateTime(book.to),
          fromTime: (chunks) => <time dateTime={book.from}>{chunks}</time>,
          toTime: (chunks) => <time dateTime={book.to}>{chunks}</time>,
        })}
      </p>

      <LedgerLine totals={totals} />

      <div className="grid gap-4 @3xl:grid-cols-2">
        <Part id="day-book-channels" title={t(m.byChannel)} className="@3xl:col-span-2">
          {channels.length === 0 ? (
            <Empty>{t(m.noPayments)}</Empty>
          ) : (
            <DataTable
              label={tableLabel(t(m.byChannel))}
              caption={t(m.byChannel)}
              columns={[t(m.channel), t(m.payments), t(m.amount), t(m.fees), t(m.receivedColumn)]}
            >
              {channels.map((row) => (
                <tr key={row.channel}>
                  <td className={cn(cellClasses, breakAnywhere)}>{channelName(row.channel)}</td>
                  <td className={countCell}>{row.payments}</td>
                  <td className={amountCell}>{formatNairaAmount(row.amount)}</td>
                  <td className={amountCell}>{formatNairaAmount(row.fees)}</td>
                  <td className={amountCell}>{formatNairaAmount(row.received)}</td>
                </tr>
              ))}
              <tr className="font-semibold">
                <th scope="row" className={cn(cellClasses, "text-left")}>
                  {t(m.allChannels)}
                </th>
                <td className={countCell}>{totals.payments}</td>
                <td className={amountCell}>{formatNaira(sumKobo(channels.map((row) => row.amount)))}</td>
                <td className={amountCell}>{formatNaira(sumKobo(channels.map((row) => row.fees)))}</td>
                <td className={amountCell}>{formatNairaAmount(totals.received)}</td>
              </tr>
            </DataTable>
          )}
        </Part>

        <Part id="day-book-departments" title={t(m.byDepartment)}>
          {departments.length === 0 ? (
            <Empty>{t(m.noPayments)}</Empty>
          ) : (
            <DataTable
              label={tableLabel(t(m.byDepartment))}
              caption={t(m.byDepartment)}
              columns={[t(m.department), t(m.lines), t(m.amount)]}
            >
              {departments.map((row) => (
                <tr key={row.department}>
                  <td className={cn(cellClasses, breakAnywhere)}>{departmentName(row.department)}</td>
                  <td className={countCell}>{row.lines}</td>
                  <td className={amountCell}>{formatNairaAmount(row.amount)}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </Part>

        <Part id="day-book-figures" title={t(m.otherFigures)}>
          <dl className="divide-y divide-slate-100">
            <Figure label={t(m.refunds, { count: book.refunds.count })}>{formatNairaAmount(book.refunds.amount)}</Figure>
            <Figure label={t(m.waivers, { count: book.waivers.count })}>{formatNairaAmount(book.waivers.amount)}</Figure>
            <Figure label={t(m.floats)}>{formatNairaAmount(drawers.floats)}</Figure>
            <Figure label={t(m.handedOver)}>{formatNairaAmount(drawers.handed_over)}</Figure>
            <Figure label={t(m.shortages)}>{formatNairaAmount(drawers.shortages)}</Figure>
            <Figure label={t(m.overages)}>{formatNairaAmount(drawers.overages)}</Figure>
            <Figure label={t(m.posSettled)}>{formatNairaAmount(drawers.pos_settled)}</Figure>
            <Figure label={t(m.posFees)}>{formatNairaAmount(drawers.pos_fees)}</Figure>
          </dl>
        </Part>

        <Part id="day-book-staff" title={t(m.byStaff)} className="@3xl:col-span-2">
          {staff.length === 0 ? (
            <Empty>{t(m.noDeskPayments)}</Empty>
          ) : (
            <DataTable
              label={tableLabel(t(m.byStaff))}
              caption={t(m.byStaff)}
              columns={[t(m.staffMember), t(m.cashPayments), t(m.cash), t(m.posPayments), t(m.pos), t(m.variance)]}
            >
              {staff.map((row) => (
                <tr key={row.id}>
                  <td className={cn(cellClasses, "min-w-32", breakAnywhere)}>{row.name}</td>
                  <td className={countCell}>{row.cash_payments}</td>
                  <td className={amountCell}>{formatNairaAmount(row.cash)}</td>
                  <td className={countCell}>{row.pos_payments}</td>
                  <td className={amountCell}>{formatNairaAmount(row.pos)}</td>
                  <td className={cn(amountCell, row.variance.startsWith("-") && "font-medium text-red-700")}>
                    {varianceText(row.variance)}
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </Part>
      </div>
    </div>
  );
}

/** The book's total beside what the ledger's settlement entries of the same window received. */
function LedgerLine({ totals }: { totals: DayBook["totals"] }) {
  const difference = Math.abs(nairaToKobo(totals.difference.replace(/^-/, "")) ?? 0);
  const matches = totals.matches_ledger;
  return (
    <section
      aria-labelledby="day-book-ledger"
      className={cn(
        "rounded-xl border p-3 break-inside-avoid sm:p-4",
        matches ? "border-emerald-300 bg-emerald-50" : "border-red-300 bg-red-50",
      )}
    >
      <h3 id="day-book-ledger" className="sr-only">
        {t(m.ledger)}
      </h3>
      <p
        role={matches ? undefined : "alert"}
        className={cn("flex items-center gap-2 text-base font-semibold", matches ? "text-emerald-800" : "text-red-800")}
      >
        <span aria-hidden="true">{matches ? "✓" : "!"}</span>
        {matches ? t(m.matches) : t(m.differs, { amount: formatNaira(difference) })}
      </p>
      <dl className="mt-2 max-w-md divide-y divide-slate-200/70">
        <Figure label={t(m.received, { count: totals.payments })}>{formatNairaAmount(totals.received)}</Figure>
        <Figure label={t(m.inLedger)}>{formatNairaAmount(totals.ledger_received)}</Figure>
      </dl>
    </section>
  );
}
