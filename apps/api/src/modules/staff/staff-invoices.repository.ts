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
// With no department it is a condition the page's scans read from their index (0009).
const WHERE = `i.purpose = 'checkout'
  AND ($1::timestamptz IS NULL OR i.created_at >= $1) AND ($2::timestamptz IS NULL OR i.created_at < $2)
  AND ($3::text IS NULL OR i.status = $3) AND ($4::text IS NULL OR i.payment_method = $4)
  AND ($5::text IS NULL OR i.department_totals ? $5)`;
const params = (f: InvoiceFilter) => [f.from, f.to, f.status, f.method, f.department];
// The same filter on the day totals (migration 0008): the bounds are WAT midnights, so whole days.
const watDay = (at: string) => `((${at} AT TIME ZONE 'UTC') + interval '1 hour')::date`;
const WAT_TODAY = watDay("now()");
const DAY_WHERE = `t.department = coalesce($5::text, '')
  AND ($1::timestamptz IS NULL OR t.day >= ${watDay("$1::timestamptz")}) AND ($2::timestamptz IS NULL OR t.day < ${watDay("$2::timestamptz")})
  AND ($3::text IS NULL OR t.status = $3) AND ($4::text IS NULL OR t.payment_method = $4)`;

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
   * Per payment method: transaction rows (invoice items), their sum, and those of the last 7 days (today
   * and the six WAT days before it), summed from the day totals the database keeps (migration 0008).
   */
  async methodTotals(filter: InvoiceFilter): Promise<MethodTotals[]> {
    const { rows } = await this.db.query<MethodTotals>(
      `SELECT t.payment_method AS method, sum(t.rows)::bigint AS rows, sum(t.kobo)::bigint AS "sumKobo",
         coalesce(sum(t.rows) FILTER (WHERE t.day >= ${WAT_TODAY} - 6), 0)::bigint AS recent
       FROM invoice_day_totals t WHERE ${DAY_WHERE}
       GROUP BY t.payment_method HAVING sum(t.rows) > 0 ORDER BY t.payment_method`,
      params(filter),
    );
    return rows;
  }

  /** How many invoices match the filter (with a department: those with lines of it), from the day totals. */
  async count(filter: InvoiceFilter): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>(
      `SELECT coalesce(sum(t.invoices), 0)::bigint AS n FROM invoice_day_totals t WHERE ${DAY_WHERE}`,
      params(filter),
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * Housekeeping: folds the deltas the trigger appended into one row per day, status, method and
   * department. One statement: deltas appended meanwhile are not in its snapshot and stay for the next pass.
   */
  async foldDayTotals(): Promise<number> {
    const { rowCount } = await this.db.query(
      `WITH keys AS (SELECT DISTINCT day, status, payment_method, department FROM invoice_day_totals WHERE NOT folded),
       gone AS (
         DELETE FROM invoice_day_totals t USING keys k
         WHERE t.day = k.day AND t.status = k.status AND t.payment_method = k.payment_method AND t.department = k.department
         RETURNING t.day, t.status, t.payment_method, t.department, t.invoices, t.rows, t.kobo
       )
       INSERT INTO invoice_day_totals (day, status, payment_method, department, invoices, rows, kobo, folded)
       SELECT day, status, payment_method, department, sum(invoices), sum(rows), sum(kobo), true FROM gone
       GROUP BY day, status, payment_method, department
       HAVING sum(invoices) <> 0 OR sum(rows) <> 0 OR sum(kobo) <> 0`,
    );
    return rowCount;
  }

  /**
   * One page, newest first, after the (created_at, id) of the cursor. The invoices are chosen from index
   * entries alone, then only those rows are read: with a department, from invoice_departments (0009),
   * led by the department (and the status when given); without, from the invoices' own indexes, led by
   * the status or the method when given (0009), else the creation time (0007).
   */
  async page(filter: InvoiceFilter, after: { createdAt: Date; id: number } | null, limit: number): Promise<InvoicePageRow[]> {
    const chosen = filter.department
      ? `SELECT d.invoice_id FROM invoice_departments d
         WHERE d.department = $5 AND ($1::timestamptz IS NULL OR d.created_at >= $1) AND ($2::timestamptz IS NULL OR d.created_at < $2)
           AND ($3::text IS NULL OR d.status = $3) AND ($4::text IS NULL OR d.payment_method = $4)
           AND ($6::timestamptz IS NULL OR (d.created_at, d.invoice_id) < ($6, $7))
         ORDER BY d.created_at DESC, d.invoice_id DESC LIMIT $8`
      : `SELECT i.id FROM invoices i WHERE ${WHERE}
           AND ($6::timestamptz IS NULL OR (i.created_at, i.id) < ($6, $7))
         ORDER BY i.created_at DESC, i.id DESC LIMIT $8`;
    const { rows } = await this.db.query<InvoicePageRow>(
      `SELECT p.id, p.reference, p.created_at AS "createdAt", p.paid_at AS "paidAt", p.status, p.payment_method AS "paymentMethod",
         p.customer_email AS "customerEmail", p.customer_name AS "customerName", p.total_kobo AS "totalKobo"
       FROM invoices p WHERE p.id IN (${chosen})
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
