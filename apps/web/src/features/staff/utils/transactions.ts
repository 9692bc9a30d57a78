import { koboToDecimal, nairaToKobo, type FilterState, type TransactionRow } from "@hospipay/contract";

/** An invoice as the filter endpoint lists it, read leniently (SPEC §3 Invoice). */
export interface StaffInvoice {
  id: number;
  reference: string;
  created_at: string;
  paid_at: string | null;
  status: string;
  payment_method: string;
  customer_email: string;
  customer_meta: { name?: string | undefined } | null;
  items: { amount: string; service: { name: string; description?: string | null; department?: { name: string } | null } }[];
}

/** A day as the API and date inputs spell it (local calendar day): 2025-03-15. */
export function isoDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, "0");
  const day = String(date.getDate()).padStart(2, "0");
  return `${date.getFullYear()}-${month}-${day}`;
}

/** SPEC §4/§9: on first load the range is one month ago through today; nothing else is set. */
export function defaultFilters(now: Date = new Date()): FilterState {
  const from = new Date(now);
  from.setMonth(from.getMonth() - 1);
  return { dateFrom: isoDay(from), dateTo: isoDay(now), status: "", method: "", department: "" };
}

/** SPEC §5: the queries run only when date from, date to, status or method is set. */
export function isFilterActive(filters: FilterState): boolean {
  return [filters.dateFrom, filters.dateTo, filters.status, filters.method].some((value) => value.trim() !== "");
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

/** SPEC §3 Transaction row: one per invoice item. */
export function invoicesToRows(invoices: readonly StaffInvoice[]): TransactionRow[] {
  return invoices.flatMap((invoice) =>
    invoice.items.map((item, index) => {
      const amount = Number.parseFloat(item.amount);
      const name = invoice.customer_meta?.name?.trim();
      return {
        id: `${invoice.id}-${index}`,
        invoiceId: invoice.id,
        reference: invoice.reference,
        date: invoice.created_at.split("T")[0] ?? invoice.created_at,
        amount: Number.isFinite(amount) ? amount : 0,
        revenueHead: item.service.name,
        department: item.service.department?.name ?? "",
        description: item.service.description?.trim() || `Payment for ${item.service.name}`,
        status: invoice.status,
        paymentMethod: invoice.payment_method,
        customerName: name || "Unknown",
        customerEmail: invoice.customer_email,
        paidAt: invoice.paid_at || null,
      };
    }),
  );
}

/** Green completed, yellow pending, red failed, grey anything else (SPEC §2). */
export function statusBadgeClasses(status: string): string {
  if (status === "completed") return "bg-green-100 text-green-800 ring-green-300";
  if (status === "pending") return "bg-yellow-100 text-yellow-800 ring-yellow-300";
  if (status === "failed") return "bg-red-100 text-red-800 ring-red-300";
  return "bg-gray-100 text-gray-700 ring-gray-300";
}

export const CSV_COLUMNS = [
  "ID",
  "Invoice ID",
  "Reference",
  "Date",
  "Amount",
  "Revenue Head",
  "Department",
  "Description",
  "Status",
  "Payment Method",
  "Customer Name",
  "Customer Email",
  "Paid At",
] as const;

/** One CSV field, quoted when it holds a comma, a quote or a line break. */
export function csvField(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** "₦4000.00": the naira sign and two decimals, no grouping. */
export function csvAmount(amount: number): string {
  const kobo = nairaToKobo(Math.abs(amount));
  const decimal = kobo === null ? amount.toFixed(2) : koboToDecimal(amount < 0 ? -kobo : kobo);
  return `₦${decimal}`;
}

/** The transactions.csv text (SPEC §7): header and one line per row, CRLF line ends. */
export function transactionsCsv(rows: readonly TransactionRow[]): string {
  const lines = rows.map((row) =>
    [
      row.id,
      row.invoiceId,
      row.reference,
      row.date,
      csvAmount(row.amount),
      row.revenueHead,
      row.department,
      row.description,
      row.status,
      row.paymentMethod,
      row.customerName,
      row.customerEmail,
      row.paidAt ?? "",
    ]
      .map(csvField)
      .join(","),
  );
  return [CSV_COLUMNS.join(","), ...lines].join("\r\n");
}

/** Saves text as a file through an object URL (a BOM first, so that spreadsheets read ₦ as UTF-8). */
export function downloadTextFile(text: string, fileName: string, type = "text/csv;charset=utf-8"): void {
  const url = URL.createObjectURL(new Blob(["\uFEFF", text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
