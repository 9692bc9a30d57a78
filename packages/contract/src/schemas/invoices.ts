import { z } from "zod";
import { invoiceStatusSchema } from "./enums";

/** SPEC §3 Invoice item. */
export const invoiceItemSchema = z.object({
  /** Decimal naira string. */
  amount: z.string(),
  qty: z.number().int().optional(),
  service: z.object({
    name: z.string(),
    description: z.string().nullable().optional(),
    department: z.object({ name: z.string() }).nullable().optional(),
  }),
});

/**
 * SPEC §3 Invoice (staff dashboards), the one definition of the staff row: the database writes it (the API's
 * migration 0002, whose JSON keys a test holds to this schema) for the filter endpoint and the CSV export
 * alike, and the web parses the filter's answer with it.
 */
export const invoiceSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  status: z.string(),
  payment_method: z.string(),
  customer_email: z.string(),
  customer_meta: z.object({ name: z.string().optional() }).nullable(),
  items: z.array(invoiceItemSchema),
  /** Beyond SPEC: what the payer owes in all (items plus the charge fee), as a decimal naira string. */
  total_amount: z.string().optional(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** SPEC §3 Transaction row, one per invoice item. */
export const transactionRowSchema = z.object({
  id: z.string(),
  invoiceId: z.number().int(),
  reference: z.string(),
  date: z.string(),
  amount: z.number(),
  revenueHead: z.string(),
  department: z.string(),
  description: z.string(),
  status: z.string(),
  paymentMethod: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  paidAt: z.string().nullable(),
});
export type TransactionRow = z.infer<typeof transactionRowSchema>;

/** Query of both staff endpoints: dates are days in West Africa Time, end inclusive. */
export const invoiceFilterQuerySchema = z.object({
  start_date: z.iso.date().optional(),
  end_date: z.iso.date().optional(),
  status: invoiceStatusSchema.optional(),
  method: z.string().trim().max(32).optional(),
  department: z.string().trim().max(100).optional(),
});
export type InvoiceFilterQuery = z.infer<typeof invoiceFilterQuerySchema>;

/** The one invoice status whose money counts as revenue: a pending payment was never received, a refunded one was given back. */
export const REVENUE_STATUS = "completed";

/**
 * Answer of GET invoices/invoices/statistics/: the summary cards and revenue per method, computed in SQL
 * over the transaction rows (invoice items, SPEC §3) the filter selects. Money fields are decimal naira
 * strings of completed payments only (REVENUE_STATUS); the counts say which rows they count.
 */
export const statisticsResponseSchema = z.object({
  /** Per payment method: the revenue (sum_amount) and the completed rows behind it; methods with none are absent. */
  method_counts: z.record(z.string(), z.object({ sum_amount: z.string(), count: z.number().int() })),
  /** Rows of every status the filter selects. */
  total_transactions: z.number().int(),
  /** Beyond SPEC: the completed rows, over which the revenue and its average are taken. */
  completed_transactions: z.number().int(),
  total_revenue: z.string(),
  /** total_revenue per completed row, kobo rounded half up. */
  average_transaction: z.string(),
  /** Beyond SPEC: the refunded rows and their amount, given back and so not revenue. */
  refunded_transactions: z.number().int(),
  total_refunded: z.string(),
  /** Rows of every status the filter selects created today or in the six days before (West Africa Time). */
  recent_transactions: z.number().int(),
});
export type StatisticsResponse = z.infer<typeof statisticsResponseSchema>;

/** Query of GET invoices/invoices/filter/: the filter plus a cursor page. */
export const invoicePageQuerySchema = invoiceFilterQuerySchema.extend({
  cursor: z.string().max(200).optional(),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
});

/** Answer of GET invoices/invoices/filter/: `results` as SPEC says, plus the total and the next page. */
export const invoiceFilterResponseSchema = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  results: z.array(invoiceSchema),
});
export type InvoiceFilterResponse = z.infer<typeof invoiceFilterResponseSchema>;

/** SPEC §3 Filter state of the staff dashboards. */
export const filterStateSchema = z.object({
  dateFrom: z.string(),
  dateTo: z.string(),
  status: z.string(),
  method: z.string(),
  department: z.string(),
});
export type FilterState = z.infer<typeof filterStateSchema>;
