import type { ShiftReport } from "@hospipay/contract";
import type { Database, Queryable } from "../../db/database";

/** A shift as the service reads it. */
export interface ShiftRecord {
  id: number;
  staffId: number;
  staffName: string;
  staffEmail: string;
  staffRole: string;
  openedAt: Date;
  closedAt: Date | null;
  closedById: number | null;
  closedByName: string | null;
  closeNote: string | null;
  /** The report stored at the close; null while open. */
  report: ShiftReport | null;
}

/** Integer kobo sums and counts of what staff did in a window (one staff member's, or everybody's). */
export interface ReportFigures {
  bills: { count: number; open: number; paid: number; cancelled: number; totalKobo: number; paidKobo: number };
  billDepartments: Array<{ department: string; lines: number; quantity: number; amountKobo: number }>;
  received: Array<{
    method: string;
    count: number;
    subtotalKobo: number;
    feesKobo: number;
    totalKobo: number;
    ledgerKobo: number;
  }>;
  transfers: { count: number; amountKobo: number; awaitingApproval: number };
  given: Array<{ department: string; lines: number; quantity: number }>;
}

const COLUMNS = `s.id, s.staff_id AS "staffId", u.first_name || ' ' || u.last_name AS "staffName", u.email AS "staffEmail",
  u.role AS "staffRole", s.opened_at AS "openedAt", s.closed_at AS "closedAt", s.closed_by AS "closedById",
  CASE WHEN c.id IS NULL THEN NULL ELSE c.first_name || ' ' || c.last_name END AS "closedByName",
  s.close_note AS "closeNote", s.report`;
const FROM = `staff_shifts s JOIN users u ON u.id = s.staff_id LEFT JOIN users c ON c.id = s.closed_by`;

/**
 * SQL for staff shifts (migration 0010) and the figures of their reports, read from the tables the money
 * and the point of care write: bills, the invoices of their parts, transfer confirmations and redemptions.
 * `$1` is the staff member (NULL: everybody), `$2` and `$3` the window [from, to).
 */
export class ShiftsRepository {
  constructor(private readonly db: Database) {}

  /** Opens a shift; a second open one of the same staff member fails on the unique index (23505). */
  async open(q: Queryable, staffId: number): Promise<number> {
    const { rows } = await q.query<{ id: number }>(`INSERT INTO staff_shifts (staff_id) VALUES ($1) RETURNING id`, [staffId]);
    return rows[0]!.id;
  }

  async findById(id: number, q: Queryable = this.db): Promise<ShiftRecord | null> {
    const { rows } = await q.query<ShiftRecord>(`SELECT ${COLUMNS} FROM ${FROM} WHERE s.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** The staff member's open shift, if any. */
  async findOpen(staffId: number, q: Queryable = this.db): Promise<ShiftRecord | null> {
    const { rows } = await q.query<ShiftRecord>(`SELECT ${COLUMNS} FROM ${FROM} WHERE s.staff_id = $1 AND s.closed_at IS NULL`, [
      staffId,
    ]);
    return rows[0] ?? null;
  }

  /** Locks a shift's row for its close; returns whether it is still open, or null when there is none. */
  async lock(tx: Queryable, id: number): Promise<{ open: boolean; openedAt: Date; staffId: number } | null> {
    const { rows } = await tx.query<{ open: boolean; openedAt: Date; staffId: number }>(
      `SELECT closed_at IS NULL AS open, opened_at AS "openedAt", staff_id AS "staffId" FROM staff_shifts WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** The database's clock now (not the transaction's start): the instant a close takes. */
  async now(tx: Queryable): Promise<Date> {
    const { rows } = await tx.query<{ now: Date }>(`SELECT clock_timestamp() AS now`);
    return rows[0]!.now;
  }

  /** Closes an open shift with its note and its report as it stands at `closedAt`. */
  async close(tx: Queryable, id: number, close: { by: number; at: Date; note: string; report: ShiftReport }): Promise<void> {
    await tx.query(
      `UPDATE staff_shifts SET closed_at = $2, closed_by = $3, close_note = $4, report = $5::jsonb WHERE id = $1 AND closed_at IS NULL`,
      [id, close.at, close.by, close.note, JSON.stringify(close.report)],
    );
  }

  /** Shifts opened in [from, to) (either bound optional), of one staff member or all, newest first. */
  async list(filter: {
    from: Date | null;
    to: Date | null;
    staffId: number | null;
    limit: number;
    offset: number;
  }): Promise<{ count: number; rows: ShiftRecord[] }> {
    const where = `($1::timestamptz IS NULL OR s.opened_at >= $1) AND ($2::timestamptz IS NULL OR s.opened_at < $2)
      AND ($3::bigint IS NULL OR s.staff_id = $3)`;
    const params = [filter.from, filter.to, filter.staffId];
    const [counted, listed] = await Promise.all([
      this.db.query<{ n: number }>(`SELECT count(*)::bigint AS n FROM staff_shifts s WHERE ${where}`, params),
      this.db.query<ShiftRecord>(
        `SELECT ${COLUMNS} FROM ${FROM} WHERE ${where} ORDER BY s.opened_at DESC, s.id DESC LIMIT $4 OFFSET $5`,
        [...params, filter.limit, filter.offset],
      ),
    ]);
    return { count: counted.rows[0]?.n ?? 0, rows: listed.rows };
  }

  /** Shifts opened in [from, to), those closed in it, and those opened in it still open. */
  async dayCounts(from: Date, to: Date): Promise<{ opened: number; closed: number; stillOpen: number }> {
    const { rows } = await this.db.query<{ opened: number; closed: number; stillOpen: number }>(
      `SELECT
         (SELECT count(*)::int FROM staff_shifts WHERE opened_at >= $1 AND opened_at < $2) AS opened,
         (SELECT count(*)::int FROM staff_shifts WHERE closed_at >= $1 AND closed_at < $2) AS closed,
         (SELECT count(*)::int FROM staff_shifts WHERE opened_at >= $1 AND opened_at < $2 AND closed_at IS NULL) AS "stillOpen"`,
      [from, to],
    );
    return rows[0]!;
  }

  /**
   * The report's figures. Bills: those the staff member raised in the window, as they stand now. Received:
   * the parts of the staff member's bills (raised whenever) whose payment completed in the window, refunded
   * since or not: money that came in, from the invoices, and beside it what their settlement entries in the
   * ledger received (their debits), read from the postings themselves so the two can be compared. Transfers:
   * the confirmations the staff member made in the window. Given: the items they gave in the window.
   */
  async figures(staffId: number | null, from: Date, to: Date, q: Queryable = this.db): Promise<ReportFigures> {
    const params = [staffId, from, to];
    // One after the other: inside a close's transaction they share its one connection.
    const bills = await q.query<ReportFigures["bills"]>(
      `SELECT count(*)::int AS count, count(*) FILTER (WHERE status = 'open')::int AS open,
         count(*) FILTER (WHERE status = 'paid')::int AS paid, count(*) FILTER (WHERE status = 'cancelled')::int AS cancelled,
         coalesce(sum(total_kobo), 0)::bigint AS "totalKobo", coalesce(sum(paid_kobo), 0)::bigint AS "paidKobo"
       FROM bills WHERE ($1::bigint IS NULL OR created_by = $1) AND created_at >= $2 AND created_at < $3`,
      params,
    );
    const billDepartments = await q.query<ReportFigures["billDepartments"][number]>(
      `SELECT coalesce(it.department_name, '') AS department, count(*)::int AS lines, sum(it.quantity)::int AS quantity,
         sum(it.line_total_kobo)::bigint AS "amountKobo"
       FROM bills b JOIN bill_items it ON it.bill_id = b.id
       WHERE ($1::bigint IS NULL OR b.created_by = $1) AND b.created_at >= $2 AND b.created_at < $3
       GROUP BY 1 ORDER BY 1`,
      params,
    );
    const received = await q.query<ReportFigures["received"][number]>(
      `SELECT i.payment_method AS method, count(*)::int AS count, sum(i.subtotal_kobo)::bigint AS "subtotalKobo",
         sum(i.charge_fee_kobo)::bigint AS "feesKobo", sum(i.total_kobo)::bigint AS "totalKobo",
         coalesce(sum(l.kobo), 0)::bigint AS "ledgerKobo"
       FROM invoices i JOIN bills b ON b.id = i.bill_id
       LEFT JOIN LATERAL (
         SELECT sum(p.amount_kobo) AS kobo FROM journal_entries e JOIN postings p ON p.entry_id = e.id
         WHERE e.invoice_id = i.id AND e.kind = 'settlement' AND p.amount_kobo > 0
       ) l ON true
       WHERE ($1::bigint IS NULL OR b.created_by = $1) AND i.status IN ('completed', 'refunded')
         AND i.paid_at >= $2 AND i.paid_at < $3
       GROUP BY 1 ORDER BY 1`,
      params,
    );
    const transfers = await q.query<ReportFigures["transfers"]>(
      `SELECT count(*) FILTER (WHERE status = 'settled')::int AS count,
         coalesce(sum(amount_received_kobo) FILTER (WHERE status = 'settled'), 0)::bigint AS "amountKobo",
         count(*) FILTER (WHERE status = 'awaiting_approval')::int AS "awaitingApproval"
       FROM transfer_confirmations
       WHERE ($1::bigint IS NULL OR confirmed_by = $1) AND confirmed_at >= $2 AND confirmed_at < $3`,
      params,
    );
    const given = await q.query<ReportFigures["given"][number]>(
      `SELECT department, count(*)::int AS lines, sum(quantity)::int AS quantity
       FROM receipt_redemptions
       WHERE ($1::bigint IS NULL OR given_by = $1) AND given_at >= $2 AND given_at < $3
       GROUP BY 1 ORDER BY 1`,
      params,
    );
    return {
      bills: bills.rows[0]!,
      billDepartments: billDepartments.rows,
      received: received.rows,
      transfers: transfers.rows[0]!,
      given: given.rows,
    };
  }
}
