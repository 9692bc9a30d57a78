import { formatNaira, nairaToKobo, type ShiftReport } from "@hospipay/contract";
import type { ReactNode } from "react";
import { cn } from "../../../components/ui/cn";
import { breakAnywhere, cellClasses, DataTable } from "../../../components/ui/data-table";
import { Figure } from "../../../components/ui/figure";
import { formatNairaAmount } from "../../../lib/money";
import { paymentMethodText } from "../../../lib/payment-methods";
import { departmentName } from "../utils/shift-format";
import { formatWatDateTime } from "../../../lib/wat-time";
import { t } from "../../../i18n";
import { shiftReportMessages as m, shiftsCommonMessages as c } from "../messages";

const amountCell = cn(cellClasses, "whitespace-nowrap tabular-nums");
const countCell = cn(cellClasses, "tabular-nums");

function Section({ id, title, scope, children }: { id: string; title: string; scope: string | undefined; children: ReactNode }) {
  return (
    <section
      aria-labelledby={scope ? undefined : id}
      aria-label={scope ? t(m.regionLabel, { title, scope }) : undefined}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 break-inside-avoid sm:p-4"
    >
      <h3 id={id} className="font-semibold text-slate-900">
        {title}
      </h3>
      <div className="mt-2 space-y-3">{children}</div>
    </section>
  );
}

/**
 * A shift's (or a day's) report: bills raised and where they stand, money received against them by method,
 * bank transfers confirmed, items given by department, and the totals. Each part is a region named by its
 * heading, each breakdown a table with a caption. `idPrefix` keeps the headings' ids apart when two reports
 * are on one page (the screen's and a dialog's), and `scope` (e.g. "shift of Ada Obi") names the second one's
 * regions apart from the first's: "Totals (shift of Ada Obi)".
 */
export function ShiftReportView({ report, idPrefix, scope }: { report: ShiftReport; idPrefix: string; scope?: string }) {
  const id = (part: string) => `${idPrefix}-${part}`;
  const tableLabel = (caption: string) => (scope ? t(m.tableLabelScoped, { caption, scope }) : t(m.tableLabel, { caption }));
  const { bills, received, transfers, items_given: given, totals } = report;
  return (
    // A container query: two columns only where the report itself is wide (a page, not a dialog).
    <div className="@container space-y-4 text-sm">
      <p className="text-slate-600">
        {t(m.fromTo, {
          from: formatWatDateTime(report.from),
          to: formatWatDateTime(report.to),
          fromTime: (chunks) => <time dateTime={report.from}>{chunks}</time>,
          toTime: (chunks) => <time dateTime={report.to}>{chunks}</time>,
        })}
      </p>

      <Section id={id("totals")} scope={scope} title={t(m.totals)}>
        <dl className="divide-y divide-slate-100">
          <Figure label={t(m.moneyIn)}>{formatNairaAmount(totals.amount)}</Figure>
          <Figure label={t(m.paymentsAndTransfers)}>{totals.count}</Figure>
        </dl>
        <p className="text-slate-600">{t(m.totalsNote)}</p>
      </Section>

      <div className="grid gap-4 @3xl:grid-cols-2">
        <Section id={id("bills")} scope={scope} title={t(m.billsRaised)}>
          <dl className="divide-y divide-slate-100">
            <Figure label={t(m.raised)}>{bills.count}</Figure>
            <Figure label={t(c.open)}>{bills.open}</Figure>
            <Figure label={t(m.paid)}>{bills.paid}</Figure>
            <Figure label={t(m.cancelled)}>{bills.cancelled}</Figure>
            <Figure label={t(m.totalAsked)}>{formatNairaAmount(bills.total)}</Figure>
            <Figure label={t(m.paidSoFar)}>{formatNairaAmount(bills.paid_amount)}</Figure>
          </dl>
          {bills.by_department.length === 0 ? (
            <p className="text-slate-600">{t(m.noBillLines)}</p>
          ) : (
            <DataTable
              label={tableLabel(t(m.billLinesByDepartment))}
              caption={t(m.billLinesByDepartment)}
              columns={[t(m.department), t(m.lines), t(m.quantity), t(m.amount)]}
            >
              {bills.by_department.map((row) => (
                <tr key={row.department}>
                  <td className={cn(cellClasses, breakAnywhere)}>{departmentName(row.department)}</td>
                  <td className={countCell}>{row.lines}</td>
                  <td className={countCell}>{row.quantity}</td>
                  <td className={amountCell}>{formatNairaAmount(row.amount)}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </Section>

        <Section id={id("received")} scope={scope} title={t(m.moneyReceived)}>
          {received.by_method.length === 0 ? (
            <p className="text-slate-600">{t(m.noPayments)}</p>
          ) : (
            <DataTable
              label={tableLabel(t(m.receivedByMethod))}
              caption={t(m.receivedByMethod)}
              columns={[t(m.method), t(m.payments), t(m.amount), t(m.fees), t(m.total)]}
            >
              {received.by_method.map((row) => (
                <tr key={row.method}>
                  <td className={cn(cellClasses, breakAnywhere)}>{paymentMethodText(row.method)}</td>
                  <td className={countCell}>{row.count}</td>
                  <td className={amountCell}>{formatNairaAmount(row.amount)}</td>
                  <td className={amountCell}>{formatNairaAmount(row.fees)}</td>
                  <td className={amountCell}>{formatNairaAmount(row.total)}</td>
                </tr>
              ))}
              <tr className="font-semibold">
                <th scope="row" className={cn(cellClasses, "text-left")}>
                  {t(m.allMethods)}
                </th>
                <td className={countCell}>{received.count}</td>
                <td className={amountCell}>{formatNairaAmount(received.amount)}</td>
                <td className={amountCell}>{formatNairaAmount(received.fees)}</td>
                <td className={amountCell}>{formatNairaAmount(received.total)}</td>
              </tr>
            </DataTable>
          )}
          <LedgerCheck total={received.total} ledger={received.ledger_total} />
        </Section>

        <Section id={id("transfers")} scope={scope} title={t(m.transfersConfirmed)}>
          <dl className="divide-y divide-slate-100">
            <Figure label={t(m.settled)}>{transfers.count}</Figure>
            <Figure label={t(m.amountReceived)}>{formatNairaAmount(transfers.amount)}</Figure>
            <Figure label={t(m.heldForRefund)}>{transfers.held}</Figure>
            <Figure label={t(m.amountHeld)}>{formatNairaAmount(transfers.held_amount)}</Figure>
            <Figure label={t(m.awaitingApproval)}>{transfers.awaiting_approval}</Figure>
          </dl>
        </Section>

        <Section id={id("items")} scope={scope} title={t(m.itemsGiven)}>
          {given.by_department.length === 0 ? (
            <p className="text-slate-600">{t(m.noItemsGiven)}</p>
          ) : (
            <DataTable
              label={tableLabel(t(m.itemsByDepartment))}
              caption={t(m.itemsByDepartment)}
              columns={[t(m.department), t(m.lines), t(m.quantity)]}
            >
              {given.by_department.map((row) => (
                <tr key={row.department}>
                  <td className={cn(cellClasses, breakAnywhere)}>{departmentName(row.department)}</td>
                  <td className={countCell}>{row.lines}</td>
                  <td className={countCell}>{row.quantity}</td>
                </tr>
              ))}
              <tr className="font-semibold">
                <th scope="row" className={cn(cellClasses, "text-left")}>
                  {t(m.allDepartments)}
                </th>
                <td className={countCell}>{given.lines}</td>
                <td className={countCell}>{given.quantity}</td>
              </tr>
            </DataTable>
          )}
        </Section>
      </div>
    </div>
  );
}

/**
 * The money received beside what the ledger's settlement entries of the same payments received: equal when
 * the books agree with the payments; a difference is said plainly, for an admin to look into.
 */
function LedgerCheck({ total, ledger }: { total: string; ledger: string }) {
  const difference = (nairaToKobo(ledger) ?? 0) - (nairaToKobo(total) ?? 0);
  return (
    <>
      <dl className="divide-y divide-slate-100">
        <Figure label={t(m.inLedger)}>{formatNairaAmount(ledger)}</Figure>
      </dl>
      {difference === 0 ? (
        <p className="font-medium text-emerald-800">{t(m.matchesLedger)}</p>
      ) : (
        <p role="alert" className="font-medium text-red-700">
          {t(m.ledgerDiffers, { amount: formatNaira(Math.abs(difference)) })}
        </p>
      )}
    </>
  );
}
