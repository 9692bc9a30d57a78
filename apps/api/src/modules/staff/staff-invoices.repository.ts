import type { InvoiceFilterQuery } from "@hospipay/contract";
import type { Database } from "../../db/database";

/** The filter as SQL bounds: dates are West Africa Time days (UTC+1, no daylight saving), end inclusive. */
export interface InvoiceFilter {
  from: Date | null;
  to: Date | null;
  status: string | null;
  method: string | null;
  department: string | null;
}

export function toInvoiceFilter(query: InvoiceFilterQuery): InvoiceFilter {
  const day = (date: string) => new Date(`${date}T00:00:00+01:00`);
  return {
    from: query.start_date ? day(query.start_date) : null,
    to: query.end_date ? new Date(day(query.end_date).getTime() + 86_400_000) : null,
    status: query.status || null,
    method: query.method && query.method !== "all" ? query.method : null,
    department: query.department && query.department !== "all" ? query.department : null,
  };
}

// Hospital service payments only (wallet top-ups are money held for customers, not revenue).
const WHERE = `i.purpose = 'checkout'
  AND ($1::timestamptz IS NULL OR i.created_at >= $1) AND ($2::timestamptz IS NULL OR i.created_at < $2)
  AND ($3::text IS NULL OR i.status = $3) AND ($4::text IS NULL OR i.payment_method = $4)`;
const params = (f: InvoiceFilter) => [f.from, f.to, f.status, f.method, f.department];

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

  /** Per payment method: transaction rows (invoice items), their sum, and those of the last 7 days. */
  async methodTotals(filter: InvoiceFilter): Promise<MethodTotals[]> {
    const { rows } = await this.db.query<MethodTotals>(
      `SELECT i.payment_method AS method, count(*)::bigint AS rows, coalesce(sum(it.line_total_kobo), 0)::bigint AS "sumKobo",
         (count(*) FILTER (WHERE i.created_at >= now() - interval '7 days'))::bigint AS recent
       FROM invoices i JOIN invoice_items it ON it.invoice_id = i.id
       WHERE ${WHERE} AND ($5::text IS NULL OR it.department_name = $5)
       GROUP BY i.payment_method ORDER BY i.payment_method`,
      params(filter),
    );
    return rows;
  }

  async count(filter: InvoiceFilter): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>(
      `SELECT count(*)::bigint AS n FROM invoices i WHERE ${WHERE}
         AND ($5::text IS NULL OR EXISTS (SELECT 1 FROM invoice_items it WHERE it.invoice_id = i.id AND it.department_name = $5))`,
      params(filter),
    );
    return rows[0]?.n ?? 0;
  }

  /** One page, newest first, after the (created_at, id) of the cursor. */
  async page(filter: InvoiceFilter, after: { createdAt: Date; id: number } | null, limit: number): Promise<InvoicePageRow[]> {
    const { rows } = await this.db.query<InvoicePageRow>(
      `SELECT i.id, i.reference, i.created_at AS "createdAt", i.paid_at AS "paidAt", i.status, i.payment_method AS "paymentMethod",
         i.customer_email AS "customerEmail", i.customer_name AS "customerName"
       FROM invoices i WHERE ${WHERE}
         AND ($5::text IS NULL OR EXISTS (SELECT 1 FROM invoice_items it WHERE it.invoice_id = i.id AND it.department_name = $5))
         AND ($6::timestamptz IS NULL OR (i.created_at, i.id) < ($6, $7))
       ORDER BY i.created_at DESC, i.id DESC LIMIT $8`,
      [...params(filter), after?.createdAt ?? null, after?.id ?? 0, limit],
    );
    return rows;
  }

  async items(invoiceIds: number[]): Promise<StaffItemRow[]> {
    if (invoiceIds.length === 0) return [];
    const { rows } = await this.db.query<StaffItemRow>(
      `SELECT invoice_id AS "invoiceId", service_name AS "serviceName", description, department_name AS "departmentName",
         qty, line_total_kobo AS "lineTotalKobo"
       FROM invoice_items WHERE invoice_id = ANY($1::bigint[]) ORDER BY invoice_id, position`,
      [invoiceIds],
    );
    return rows;
  }
}
