import { INVOICE_STATUSES, MESSAGES, PAYMENT_METHOD_KEYS, type FilterState } from "@hospipay/contract";
import { lazy, memo, Suspense, useDeferredValue, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../components/ui/cn";
import { Field, inputClasses } from "../../../components/ui/form";
import { Breakable } from "../../../components/ui/breakable";
import { breakAnywhere, cellClasses, DataTable } from "../../../components/ui/data-table";
import { t } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { catalogueErrorText } from "../../../lib/catalogue/catalogue-request";
import { useDepartments } from "../../../lib/catalogue/departments";
import { useNearViewport } from "../../../lib/near-viewport";
import { exportInvoices } from "../api/export-invoices";
import { useInvoices } from "../api/get-invoices";
import { useStatistics } from "../api/get-statistics";
import { SummaryCards } from "./summary-cards";
import { commonMessages as c, transactionsMessages as m } from "../messages";
import { failureMessage } from "../utils/form-errors";
import { downloadBlob } from "../../../lib/download";
import { invoiceStatusText } from "../utils/staff-format";
import {
  dateOrderError,
  defaultFilters,
  downloadTextFile,
  invoiceActions,
  invoicesToRows,
  isFilterActive,
  rowAmountText,
  statusBadgeClasses,
  transactionsCsv,
  type StaffInvoice,
} from "../utils/transactions";
import { paymentMethodText } from "../../../lib/payment-methods";

const RevenueChart = lazy(async () => ({ default: (await import("./revenue-chart")).RevenueChart }));
// The operations' dialogs load when one is first opened.
const ConfirmTransferDialog = lazy(async () => ({ default: (await import("./invoice-action-dialogs")).ConfirmTransferDialog }));
const RefundDialog = lazy(async () => ({ default: (await import("./invoice-action-dialogs")).RefundDialog }));

/** SPEC §2's nine columns, then the operations beyond SPEC. */
const COLUMNS = [
  m.id,
  c.reference,
  c.date,
  c.amount,
  m.revenueHead,
  m.department,
  c.status,
  m.paymentMethod,
  c.customer,
  c.actions,
];

type OpenAction = { kind: "confirm-transfer" | "refund"; invoice: StaffInvoice };

/**
 * Summary, filters, chart and transactions of the staff dashboards (SPEC §2, §4, §5), with each
 * invoice's operations (confirm a bank transfer, refund) for the roles that may start them.
 */
export function TransactionsDashboard({ role }: { role: string }) {
  const [filters, setFilters] = useState<FilterState>(() => defaultFilters());
  const [action, setAction] = useState<OpenAction | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const statistics = useStatistics(filters);
  const invoices = useInvoices(filters);
  const loadedInvoices = useMemo(() => invoices.data?.pages.flatMap((page) => page.results) ?? [], [invoices.data]);
  const rows = useMemo(() => invoicesToRows(loadedInvoices), [loadedInvoices]);
  const invoicesById = useMemo(() => new Map(loadedInvoices.map((invoice) => [invoice.id, invoice])), [loadedInvoices]);
  // The table (up to a page of rows, each with its badges and actions) is rendered in the background once
  // the answer is in: React renders a deferred value in slices between which the browser paints and answers
  // input, where rendering it with the answer would be one long task on a phone.
  const table = useDeferredValue(
    useMemo(() => ({ rows, invoicesById }), [rows, invoicesById]),
    NO_TABLE,
  );
  const set = (key: keyof FilterState) => (value: string) => setFilters((current) => ({ ...current, [key]: value }));
  const active = isFilterActive(filters);
  const loading = statistics.isLoading || invoices.isLoading;
  const failure: unknown = statistics.error ?? invoices.error;
  const errorMessage = failure instanceof Error ? specText(failure.message) : failure ? String(failure) : null;
  const stats = statistics.data;
  const departments = useDepartments();
  // While Date From is after Date To no query runs (canQuery); both fields point to the one message.
  const rangeError = dateOrderError(filters.dateFrom, filters.dateTo);
  const rangeErrorId = useId();

  const exportCsv = () => {
    setExportError(null);
    if (rows.length === 0) {
      window.alert(specText(MESSAGES.staff.noExport));
      return;
    }
    // Every matching row is on screen: the browser builds the file (SPEC §7).
    if (!invoices.hasNextPage) {
      downloadTextFile(transactionsCsv(rows), "transactions.csv");
      return;
    }
    // Only some pages are loaded: the server streams the whole filtered list instead.
    setExporting(true);
    exportInvoices(filters)
      .then((blob) => downloadBlob(blob, "transactions.csv"))
      .catch((error: unknown) => setExportError(t(m.exportFailed, { message: failureMessage(error, t(m.pleaseTryAgain)) })))
      .finally(() => setExporting(false));
  };

  return (
    <>
      <SummaryCards stats={stats} status={filters.status} />

      <section aria-label={t(m.filters)} className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-6 lg:items-end">
          <Field label={t(c.dateFrom)}>
            {(control) => (
              <input
                {...control}
                aria-invalid={rangeError ? true : undefined}
                aria-describedby={rangeError ? rangeErrorId : undefined}
                type="date"
                value={filters.dateFrom}
                onChange={(e) => set("dateFrom")(e.target.value)}
                className={inputClasses}
              />
            )}
          </Field>
          <Field label={t(c.dateTo)} error={rangeError} errorId={rangeErrorId}>
            {(control) => (
              <input
                {...control}
                type="date"
                value={filters.dateTo}
                onChange={(e) => set("dateTo")(e.target.value)}
                className={inputClasses}
              />
            )}
          </Field>
          <Field label={t(c.status)}>
            {(control) => (
              <select
                {...control}
                value={filters.status}
                onChange={(e) => set("status")(e.target.value)}
                className={inputClasses}
              >
                <option value="">{t(c.all)}</option>
                {INVOICE_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {invoiceStatusText(status)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t(m.paymentMethod)}>
            {(control) => (
              <select
                {...control}
                value={filters.method}
                onChange={(e) => set("method")(e.target.value)}
                className={inputClasses}
              >
                <option value="">{t(c.all)}</option>
                {PAYMENT_METHOD_KEYS.map((method) => (
                  <option key={method} value={method}>
                    {paymentMethodText(method)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            label={t(m.department)}
            hint={departments.isError && <span className="text-red-700">{catalogueErrorText(departments.error)}</span>}
          >
            {(control) => (
              <select
                {...control}
                value={filters.department}
                onChange={(e) => set("department")(e.target.value)}
                className={inputClasses}
              >
                {/* Empty is "all": no department is sent. The filter matches a department by its catalogue name. */}
                <option value="">{t(c.all)}</option>
                {departments.isPending && <option disabled>{t(m.loadingDepartments)}</option>}
                {departments.data?.map((department) => (
                  <option key={department.id} value={department.name}>
                    {department.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Button variant="secondary" onClick={exportCsv} busy={exporting}>
            {t(m.exportCsv)}
          </Button>
        </div>
        {exportError && (
          <Alert tone="error" className="mt-4">
            {exportError}
          </Alert>
        )}
      </section>

      <div className="mt-6" aria-busy={loading || undefined}>
        {loading && (
          <p role="status" className="text-sm text-slate-600">
            {t(m.loading)}
          </p>
        )}
        {errorMessage !== null && <p className="text-sm font-medium text-red-700">{t(c.error, { message: errorMessage })}</p>}
      </div>

      {stats && (
        <section
          aria-labelledby="revenue-chart-heading"
          className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <h2 id="revenue-chart-heading" className="text-xl font-semibold text-slate-900">
            {t(m.chartHeading)}
          </h2>
          <ChartArea>
            <RevenueChart methodCounts={stats.method_counts} />
          </ChartArea>
        </section>
      )}

      <section
        aria-labelledby="transactions-heading"
        className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id="transactions-heading" className="text-xl font-semibold text-slate-900">
          {t(m.heading)}
        </h2>
        {rangeError && <p className="mt-4 text-sm text-slate-600">{t(m.chooseRange)}</p>}
        {active && invoices.isSuccess && rows.length === 0 && (
          <p className="mt-4 text-sm text-slate-600">{specText(MESSAGES.staff.noTransactions)}</p>
        )}
        {table.rows.length > 0 && <TransactionsTable table={table} role={role} onOpen={setAction} />}
        {invoices.hasNextPage && (
          <Button
            variant="secondary"
            className="mt-4"
            busy={invoices.isFetchingNextPage}
            onClick={() => void invoices.fetchNextPage()}
          >
            {t(c.loadMore)}
          </Button>
        )}
      </section>

      <Suspense fallback={null}>
        {action?.kind === "confirm-transfer" && (
          <ConfirmTransferDialog invoice={action.invoice} onClose={() => setAction(null)} />
        )}
        {action?.kind === "refund" && <RefundDialog invoice={action.invoice} onClose={() => setAction(null)} />}
      </Suspense>
    </>
  );
}

interface Table {
  rows: ReturnType<typeof invoicesToRows>;
  invoicesById: Map<number, StaffInvoice>;
}
const NO_TABLE: Table = { rows: [], invoicesById: new Map() };

/** The transactions' rows: re-rendered only when the (deferred) table changes. */
const TransactionsTable = memo(function TransactionsTable({
  table: { rows, invoicesById },
  role,
  onOpen,
}: {
  table: Table;
  role: string;
  onOpen: (action: OpenAction) => void;
}) {
  return (
    <DataTable label={t(m.tableLabel)} caption={t(m.tableCaption)} columns={COLUMNS.map((column) => t(column))} className="mt-4">
      {rows.map((row, index) => (
        <tr key={row.id} title={row.description}>
          <td className={cellClasses}>{row.invoiceId}</td>
          <td className={cn(cellClasses, "min-w-28 font-mono", breakAnywhere)}>
            <Breakable text={row.reference} />
          </td>
          <td className={cn(cellClasses, "whitespace-nowrap")}>{row.date}</td>
          <td className={cn(cellClasses, "whitespace-nowrap")}>{rowAmountText(row.amount)}</td>
          <td className={cellClasses}>{row.revenueHead}</td>
          <td className={cellClasses}>{row.department}</td>
          <td className={cellClasses}>
            <span
              className={cn(
                "inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1",
                statusBadgeClasses(row.status),
              )}
            >
              {invoiceStatusText(row.status)}
            </span>
          </td>
          <td className={cellClasses}>{paymentMethodText(row.paymentMethod)}</td>
          <td className={cn(cellClasses, "min-w-40", breakAnywhere)}>
            {row.customerName}{" "}
            <span className="text-slate-600">
              (<Breakable text={row.customerEmail} />)
            </span>
          </td>
          <td className={cellClasses}>
            {/* An invoice's actions show once, on its first item's row. */}
            {rows[index - 1]?.invoiceId !== row.invoiceId && (
              <InvoiceActionButtons invoice={invoicesById.get(row.invoiceId)} role={role} onOpen={onOpen} />
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
});

/**
 * The chart's place, its height kept: chart.js is loaded and the chart drawn once the place comes near the
 * visible part of the page (below the summary and filters, a phone's first screen does not show it).
 */
function ChartArea({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  const placeholder = <div className="h-64" />;
  return (
    <div ref={ref} className="mt-4">
      {near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  );
}

/** The Actions cell of one invoice; each button's name carries the reference, so every row's is unique. */
function InvoiceActionButtons({
  invoice,
  role,
  onOpen,
}: {
  invoice: StaffInvoice | undefined;
  role: string;
  onOpen: (action: OpenAction) => void;
}) {
  if (!invoice) return null;
  const allowed = invoiceActions(invoice, role);
  if (!allowed.confirmTransfer && !allowed.refund) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {allowed.confirmTransfer && (
        <Button
          variant="secondary"
          className="whitespace-nowrap"
          aria-label={t(m.confirmTransferOf, { reference: invoice.reference })}
          onClick={() => onOpen({ kind: "confirm-transfer", invoice })}
        >
          {t(m.confirmTransfer)}
        </Button>
      )}
      {allowed.refund && (
        <Button
          variant="secondary"
          className="whitespace-nowrap"
          aria-label={t(m.refundOf, { reference: invoice.reference })}
          onClick={() => onOpen({ kind: "refund", invoice })}
        >
          {t(c.refund)}
        </Button>
      )}
    </div>
  );
}
