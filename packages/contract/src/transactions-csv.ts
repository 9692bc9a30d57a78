/**
 * transactions.csv (SPEC §7 "Other"), shared so that the web's export of the rows it shows and the
 * server's streamed export of a whole filter write the same bytes for the same invoices.
 */
import { watDay, watIsoTimestamp } from "./display";
import { koboToDecimal, nairaToKobo } from "./money";
import type { Invoice, TransactionRow } from "./schemas/invoices";

/** SPEC §3 Transaction row: one per invoice item. */
export function invoicesToRows(invoices: readonly Invoice[]): TransactionRow[] {
  return invoices.flatMap((invoice) =>
    invoice.items.map((item, index) => {
      const amount = Number.parseFloat(item.amount);
      const name = invoice.customer_meta?.name?.trim();
      return {
        id: `${invoice.id}-${index}`,
        invoiceId: invoice.id,
        reference: invoice.reference,
        date: watDay(invoice.created_at),
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

const CSV_COLUMNS = [
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

/** The first line of transactions.csv. */
export const TRANSACTIONS_CSV_HEADER = CSV_COLUMNS.join(",");

/** What separates the lines of transactions.csv (none follows the last one). */
export const CSV_LINE_END = "\r\n";

/** Quoted when it holds a comma, a quote or a line break, its quotes doubled (RFC 4180). */
function quoted(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The first characters with which a spreadsheet reads a cell as a formula (OWASP, CSV Injection): a guest's
 * name `=HYPERLINK("http://x","y")` would otherwise become a live link, or a command, on a staff member's screen.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One text cell of a CSV file: a single quote before a value that would start a formula, so that a spreadsheet
 * shows it as the text it is, then quoted when needed. Every cell a person typed or the catalogue named goes
 * through here; only numbers the code itself formatted (the amounts) do not.
 */
export function csvField(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? "" : String(value);
  return quoted(FORMULA_START.test(text) ? `'${text}` : text);
}

/** "₦4000.00": the naira sign and two decimals, no grouping; a number the code wrote, never a formula. */
function csvAmount(amount: number): string {
  const kobo = nairaToKobo(Math.abs(amount));
  const decimal = kobo === null ? amount.toFixed(2) : koboToDecimal(amount < 0 ? -kobo : kobo);
  return quoted(`₦${decimal}`);
}

/** One line of transactions.csv, without its line end. */
export function transactionCsvLine(row: TransactionRow): string {
  return [
    csvField(row.id),
    csvField(row.invoiceId),
    csvField(row.reference),
    csvField(row.date),
    csvAmount(row.amount),
    csvField(row.revenueHead),
    csvField(row.department),
    csvField(row.description),
    csvField(row.status),
    csvField(row.paymentMethod),
    csvField(row.customerName),
    csvField(row.customerEmail),
    csvField(watIsoTimestamp(row.paidAt)),
  ].join(",");
}

/** The transactions.csv text (SPEC §7): header and one line per row, CRLF line ends. */
export function transactionsCsv(rows: readonly TransactionRow[]): string {
  return [TRANSACTIONS_CSV_HEADER, ...rows.map(transactionCsvLine)].join(CSV_LINE_END);
}
