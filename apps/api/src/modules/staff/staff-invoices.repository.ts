import type { InvoiceFilterQuery } from "@hospipay/contract";
import type { Database } from "../../db/database";
import { watDays } from "../../lib/paging";

/** The filter as SQL bounds: dates are West Africa Time days (UTC+1, no daylight saving), end inclusive. */
export interface InvoiceFilter {
  from: Date | null;
  to: Date | null;
  status: string | null;
  method: string | null;
  department: string | null;
}

export function toInvoiceFilter(query: InvoiceFilterQuery): InvoiceFilter {
  return {
    ...watDays(query.start_date, query.end_date),
    status: query.status || null,
    method: query.method && query.method !== "all" ? query.method : null,
    department: query.department && query.department !== "all" ? query.department : null,
  };
}

// Hospital service payments only (wallet top-ups are money held for customers, not revenue). Every column
// it reads is in invoices_checkout_idx (migration 0007), the department through the invoice's item totals.
const WHERE = `i.purpose = 'checkout'
  AND ($1::timestamptz IS NULL OR i.created_at >= $1) AND ($2::timestamptz IS NULL OR i.created_at < $2)
  AND ($3::text IS NULL OR i.status = $3) AND ($4::text IS NULL OR i.payment_method = $4)
  AND ($5::text IS NULL OR i.department_totals ? $5)`;
const params = (f: InvoiceFilter) => [f.from, f.to, f.status, f.method, f.department];
// An invoice's transaction rows (items) and their sum: all of them, or those of the chosen department.
const ROWS = `CASE WHEN $5::text IS NULL THEN i.item_count ELSE (i.department_totals -> $5 ->> 'n')::int END`;
const KOBO = `CASE WHEN $5::text IS NULL THEN i.items_kobo ELSE (i.department_totals -> $5 ->> 'kobo')::bigint END`;

export interface MethodTotals {
  method: string;
  rows: number;
  sumKobo: number;
  recent: number;
}

export interface InvoicePageRow {
  id: number;
  reference: string;
  createdAt: Date;
  paidAt: Date | null;
  status: string;
  paymentMethod: string;
  customerEmail: string;
  customerName: string;
  totalKobo: number;
}

export interface StaffItemRow {
  invoiceId: number;
  serviceName: string;
  description: string;
  departmentName: string | null;
  qty: number;
  lineTotalKobo: number;
}

/** SQL for the staff dashboards: aggregates and keyset pages, all computed in the database. */
export class StaffInvoicesRepository {
  constructor(private readonly db: Database) {}

  /**
   * Per payment method: transaction rows (invoice items), their sum, and those of the last 7 days, summed
   * from each invoice's item totals (kept by the database, migration 0007) rather than from the items.
   */
  async methodTotals(filter: InvoiceFilter): Promise<MethodTotals[]> {
    const { rows } = await this.db.query<MethodTotals>(
      `SELECT i.payment_method AS method, sum(${ROWS})::bigint AS rows, sum(${KOBO})::bigint AS "sumKobo",
         coalesce(sum(${ROWS}) FILTER (WHERE i.created_at >= now() - interval '7 days'), 0)::bigint AS recent
       FROM invoices i WHERE ${WHERE} AND ${ROWS} > 0
       GROUP BY i.payment_method ORDER BY i.payment_method`,
      params(filter),
    );
    return rows;
  }

  async count(filter: InvoiceFilter): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>(
      `SELECT count(*)::bigint AS n FROM invoices i WHERE ${WHERE}`,
      params(filter),
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * One page, newest first, after the (created_at, id) of the cursor. The invoices are chosen from index
   * entries alone (migration 0007), then only those rows are read.
   */
  async page(filter: InvoiceFilter, after: { createdAt: Date; id: number } | null, limit: number): Promise<InvoicePageRow[]> {
    const { rows } = await this.db.query<InvoicePageRow>(
      `SELECT p.id, p.reference, p.created_at AS "createdAt", p.paid_at AS "paidAt", p.status, p.payment_method AS "paymentMethod",
         p.customer_email AS "customerEmail", p.customer_name AS "customerName", p.total_kobo AS "totalKobo"
       FROM invoices p WHERE p.id IN (
         SELECT i.id FROM invoices i WHERE ${WHERE}
           AND ($6::timestamptz IS NULL OR (i.created_at, i.id) < ($6, $7))
         ORDER BY i.created_at DESC, i.id DESC LIMIT $8)
       ORDER BY p.created_at DESC, p.id DESC`,
      [...params(filter), after?.createdAt ?? null, after?.id ?? 0, limit],
    );
    return rows;
  }

  /** The items of these invoices; with a department filter, only that department's lines (one row per line, SPEC §5). */
  async items(invoiceIds: number[], department: string | null): Promise<StaffItemRow[]> {
    if (invoiceIds.length === 0) return [];
    const { rows } = await this.db.query<StaffItemRow>(
      `SELECT invoice_id AS "invoiceId", service_name AS "serviceName", description, department_name AS "departmentName",
         qty, line_total_kobo AS "lineTotalKobo"
       FROM invoice_items WHERE invoice_id = ANY($1::bigint[]) AND ($2::text IS NULL OR department_name = $2)
       ORDER BY invoice_id, position`,
      [invoiceIds, department],
    );
    return rows;
  }
}
