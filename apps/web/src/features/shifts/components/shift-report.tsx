import { formatNaira, nairaToKobo, type ShiftReport } from "@hospipay/contract";
import type { ReactNode } from "react";
import { cn } from "../../../components/ui/cn";
import { breakAnywhere, cellClasses, DataTable } from "../../../components/ui/data-table";
import { formatNairaAmount } from "../../../lib/money";
import { departmentName } from "../utils/shift-format";
import { formatWatDateTime } from "../../../lib/wat-time";

const amountCell = cn(cellClasses, "whitespace-nowrap tabular-nums");
const countCell = cn(cellClasses, "tabular-nums");

/** One "label: value" pair of a report's figures. */
export function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-1">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900 tabular-nums wrap-anywhere">{children}</dd>
    </div>
  );
}

function Section({ id, title, scope, children }: { id: string; title: string; scope: string | undefined; children: ReactNode }) {
  return (
    <section
      aria-labelledby={scope ? undefined : id}
      aria-label={scope ? `${title} (${scope})` : undefined}
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
  const tableLabel = (caption: string) => `${caption}${scope ? ` (${scope})` : ""}, table`;
  const { bills, received, transfers, items_given: given, totals } = report;
  return (
    // A container query: two columns only where the report itself is wide (a page, not a dialog).
    <div className="@container space-y-4 text-sm">
      <p className="text-slate-600">
        From <time dateTime={report.from}>{formatWatDateTime(report.from)}</time> to{" "}
        <time dateTime={report.to}>{formatWatDateTime(report.to)}</time>
      </p>

      <Section id={id("totals")} scope={scope} title="Totals">
        <dl className="divide-y divide-slate-100">
          <Figure label="Money in">{formatNairaAmount(totals.amount)}</Figure>
          <Figure label="Payments and transfers">{totals.count}</Figure>
        </dl>
        <p className="text-slate-600">Bill payments received plus bank transfers confirmed and settled.</p>
      </Section>

      <div className="grid gap-4 @3xl:grid-cols-2">
        <Section id={id("bills")} scope={scope} title="Bills raised">
          <dl className="divide-y divide-slate-100">
            <Figure label="Raised">{bills.count}</Figure>
            <Figure label="Open">{bills.open}</Figure>
            <Figure label="Paid">{bills.paid}</Figure>
            <Figure label="Cancelled">{bills.cancelled}</Figure>
            <Figure label="Total asked">{formatNairaAmount(bills.total)}</Figure>
            <Figure label="Paid so far">{formatNairaAmount(bills.paid_amount)}</Figure>
          </dl>
          {bills.by_department.length === 0 ? (
            <p className="text-slate-600">No bill lines.</p>
          ) : (
            <DataTable
              label={tableLabel("Bill lines by department")}
              caption="Bill lines by department"
              columns={["Department", "Lines", "Quantity", "Amount"]}
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

        <Section id={id("received")} scope={scope} title="Money received">
          {received.by_method.length === 0 ? (
            <p className="text-slate-600">No payments against bills.</p>
          ) : (
            <DataTable
              label={tableLabel("Money received by method")}
              caption="Money received by method"
              columns={["Method", "Payments", "Amount", "Fees", "Total"]}
            >
              {received.by_method.map((row) => (
                <tr key={row.method}>
                  <td className={cn(cellClasses, breakAnywhere)}>{row.method_name}</td>
                  <td className={countCell}>{row.count}</td>
                  <td className={amountCell}>{formatNairaAmount(row.amount)}</td>
                  <td className={amountCell}>{formatNairaAmount(row.fees)}</td>
                  <td className={amountCell}>{formatNairaAmount(row.total)}</td>
                </tr>
              ))}
              <tr className="font-semibold">
                <th scope="row" className={cn(cellClasses, "text-left")}>
                  All methods
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

        <Section id={id("transfers")} scope={scope} title="Bank transfers confirmed">
          <dl className="divide-y divide-slate-100">
            <Figure label="Settled">{transfers.count}</Figure>
            <Figure label="Amount received">{formatNairaAmount(transfers.amount)}</Figure>
            <Figure label="Awaiting an admin's approval">{transfers.awaiting_approval}</Figure>
          </dl>
        </Section>

        <Section id={id("items")} scope={scope} title="Items given">
          {given.by_department.length === 0 ? (
            <p className="text-slate-600">No items given.</p>
          ) : (
            <DataTable
              label={tableLabel("Items given by department")}
              caption="Items given by department"
              columns={["Department", "Lines", "Quantity"]}
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
                  All departments
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
        <Figure label="In the ledger">{formatNairaAmount(ledger)}</Figure>
      </dl>
      {difference === 0 ? (
        <p className="font-medium text-emerald-800">Matches the ledger.</p>
      ) : (
        <p role="alert" className="font-medium text-red-700">
          The ledger differs from the payments by {formatNaira(Math.abs(difference))}: tell an admin before closing.
        </p>
      )}
    </>
  );
}
