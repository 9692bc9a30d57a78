import {
  CHARGE_FEE_KOBO,
  invoicesToRows,
  koboToDecimal,
  nairaToKobo,
  watDay,
  type FilterState,
  type Invoice,
} from "@hospipay/contract";
import { t } from "../../../i18n";
import { downloadBlob } from "../../../lib/download";
import { formatNairaAmount } from "../../../lib/money";
import { commonMessages } from "../messages";

// The rows and the CSV text are shared with the server's export, so both write the same file.
export { csvField, invoicesToRows, transactionsCsv } from "@hospipay/contract";

/** An invoice as the filter endpoint lists it: the contract's staff row (SPEC §3 Invoice). */
export type StaffInvoice = Invoice;

/** An item row's amount as the transactions table shows it (the dialogs show the same text). */
export function rowAmountText(amount: number): string {
  return formatNairaAmount(amount.toFixed(2));
}

/** The lines that make up what an invoice's payer owes: its items as the table shows them, and the charge fee. */
export interface AmountDue {
  items: { key: string; label: string; amount: string }[];
  /** Null when the server sent no total and the items cannot tell it. */
  fee: string | null;
  due: string | null;
}

/**
 * What a payer owes, from the table's own rows: the table lists item amounts (SPEC), while the server
 * compares an amount received with the total, which adds the charge fee; showing both, from one source
 * and with one formatter, keeps the dialog's figures the table's.
 */
export function amountDue(invoice: StaffInvoice): AmountDue {
  const rows = invoicesToRows([invoice]);
  const items = rows.map((row) => ({ key: row.id, label: row.revenueHead, amount: rowAmountText(row.amount) }));
  const itemsKobo = invoice.items.reduce<number | null>((sum, item) => {
    const kobo = nairaToKobo(item.amount);
    return sum === null || kobo === null ? null : sum + kobo;
  }, 0);
  const totalKobo = invoice.total_amount
    ? nairaToKobo(invoice.total_amount)
    : itemsKobo === null
      ? null
      : itemsKobo + CHARGE_FEE_KOBO;
  const feeKobo = totalKobo !== null && itemsKobo !== null && totalKobo >= itemsKobo ? totalKobo - itemsKobo : null;
  return {
    items,
    fee: feeKobo === null ? null : formatNairaAmount(koboToDecimal(feeKobo)),
    due: totalKobo === null ? null : formatNairaAmount(koboToDecimal(totalKobo)),
  };
}

/**
 * SPEC §4/§9: on first load the range is one month ago through today; nothing else is set. "Today" is the
 * hospital's day in West Africa Time, as the server reads the dates, whatever the browser's time zone: a
 * browser's own day trails Lagos by an hour or more each night. The month steps back as a calendar's does
 * (31 March → "31 February" → 3 March).
 */
export function defaultFilters(now: Date = new Date()): FilterState {
  const today = watDay(now.toISOString());
  const from = new Date(`${today}T00:00:00Z`);
  from.setUTCMonth(from.getUTCMonth() - 1);
  return { dateFrom: from.toISOString().slice(0, 10), dateTo: today, status: "", method: "", department: "" };
}

/**
 * The staff screens' message for a range whose start is after its end, when both days are set and Date From
 * is after Date To (YYYY-MM-DD sorts as text).
 */
export function dateOrderError(dateFrom: string, dateTo: string): string | undefined {
  return dateFrom && dateTo && dateFrom > dateTo ? t(commonMessages.dateOrder) : undefined;
}

/** SPEC §5: the queries run only when date from, date to, status or method is set. */
export function isFilterActive(filters: FilterState): boolean {
  return [filters.dateFrom, filters.dateTo, filters.status, filters.method].some((value) => value.trim() !== "");
}

/** Whether the dashboard's queries run: an active filter (SPEC §5) whose range is in order. */
export function canQuery(filters: FilterState): boolean {
  return isFilterActive(filters) && !dateOrderError(filters.dateFrom, filters.dateTo);
}

/** The query string of both staff endpoints; empty values and "all" are left out. */
export function filterQuery(filters: FilterState): Record<string, string | undefined> {
  const value = (text: string) => {
    const trimmed = text.trim();
    return trimmed === "" || trimmed.toLowerCase() === "all" ? undefined : trimmed;
  };
  return {
    start_date: value(filters.dateFrom),
    end_date: value(filters.dateTo),
    status: value(filters.status),
    method: value(filters.method),
    department: value(filters.department),
  };
}

/** Green completed, yellow pending, red failed, grey anything else (SPEC §2). */
export function statusBadgeClasses(status: string): string {
  if (status === "completed") return "bg-green-100 text-green-800 ring-green-300";
  if (status === "pending") return "bg-yellow-100 text-yellow-800 ring-yellow-300";
  if (status === "failed") return "bg-red-100 text-red-800 ring-red-300";
  return "bg-gray-100 text-gray-700 ring-gray-300";
}

/** Saves text as a file through an object URL (a BOM first, so that spreadsheets read ₦ as UTF-8). */
export function downloadTextFile(text: string, fileName: string, type = "text/csv;charset=utf-8"): void {
  downloadBlob(new Blob(["\uFEFF", text], { type }), fileName);
}

/** What the Actions column offers for an invoice. */
export interface InvoiceActionSet {
  /** A pending bank transfer: any staff role may confirm that the money arrived. */
  confirmTransfer: boolean;
  /** A completed payment: admins and super admins may refund it (never agents). */
  refund: boolean;
}

const STAFF = new Set(["AGENT", "ADMIN", "SUPERADMIN"]);
const REFUNDERS = new Set(["ADMIN", "SUPERADMIN"]);

/** The operations a role may start on an invoice in its current state. */
export function invoiceActions(invoice: Pick<StaffInvoice, "status" | "payment_method">, role: string): InvoiceActionSet {
  return {
    confirmTransfer: STAFF.has(role) && invoice.status === "pending" && invoice.payment_method === "bank_transfer",
    refund: REFUNDERS.has(role) && invoice.status === "completed",
  };
}
