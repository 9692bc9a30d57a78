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
  /**
   * The ledger's entries of the money in the window, grouped by payment method and by what each entry is
   * to the report: the settlement of a part of the staff member's bills (`part`), the entry of a bank
   * transfer they booked (`transfer`: its settlement, or, `held`, its move into suspense when its bill no
   * longer needed it), or both. Each entry is in one group only, so a sum over the groups counts it once.
   */
  money: Array<{
    method: string;
    part: boolean;
    transfer: boolean;
    held: boolean;
    entries: number;
    /** What the entries credited to the bills' deposits (the parts' subtotals). */
    depositsKobo: number;
    /** What they credited to fee income. */
    feesKobo: number;
    /** What they received: the sum of their debits. */
    debitsKobo: number;
  }>;
  awaitingApproval: number;
  given: Array<{ department: string; lines: number; quantity: number }>;
}

/** A shift's cash drawer as stored (migration 0029), with what it took at the desk and its account's balance. */
export interface DrawerRecord {
  shiftId: number;
  floatKobo: number;
  denominations: Record<string, number> | null;
  countedKobo: number | null;
  expectedKobo: number | null;
  countedBy: number | null;
  countedAt: Date | null;
  countNote: string | null;
  awaitingSignoff: boolean;
  signedOffBy: number | null;
  signedOffByName: string | null;
  signoffNote: string | null;
  cashCount: number;
  cashKobo: number;
  posCount: number;
  posKobo: number;
  /** The balance of the drawer's ledger account: float + cash taken (− what it handed over at its close). */
  balanceKobo: number;
}

/** The ledger account of a shift's cash drawer. */
export const drawerAccount = (shiftId: number) => `cash:drawer:${shiftId}`;

const COLUMNS = `s.id, s.staff_id AS "staffId", u.first_name || ' ' || u.last_name AS "staffName", u.email AS "staffEmail",
  u.role AS "staffRole", s.opened_at AS "openedAt", s.closed_at AS "closedAt", s.closed_by AS "closedById",
  CASE WHEN c.id IS NULL THEN NULL ELSE c.first_name || ' ' || c.last_name END AS "closedByName",
  s.close_note AS "closeNote", s.report`;
const FROM = `staff_shifts s JOIN users u ON u.id = s.staff_id LEFT JOIN users c ON c.id = s.closed_by`;

/**
 * SQL for staff shifts (migration 0010) and the figures of their reports: bills and redemptions from their
 * tables, the money from the ledger's entries (journal_entries, postings) of bill parts and of transfer
 * confirmations.
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

  /** Gives a new shift its drawer and the drawer its ledger account. */
  async openDrawer(q: Queryable, shiftId: number, floatKobo: number): Promise<void> {
    await q.query(`INSERT INTO shift_drawers (shift_id, float_kobo) VALUES ($1, $2)`, [shiftId, floatKobo]);
    await q.query(`INSERT INTO ledger_accounts (code, kind, name) VALUES ($1, 'asset', $2)`, [
      drawerAccount(shiftId),
      `Cash drawer of shift ${shiftId}`,
    ]);
  }

  /**
   * A shift's drawer: its row, what the desk took in it (completed desk payments, by method) and its account's
   * balance; null for a shift without one (opened before drawers existed).
   */
  async drawer(shiftId: number, q: Queryable = this.db): Promise<DrawerRecord | null> {
    return (await this.drawers([shiftId], q))[0] ?? null;
  }

  /** The drawers of several shifts (those that have one), in one statement: a page of the admins' list. */
  async drawers(shiftIds: readonly number[], q: Queryable = this.db): Promise<DrawerRecord[]> {
    if (shiftIds.length === 0) return [];
    const { rows } = await q.query<DrawerRecord>(
      `SELECT d.shift_id AS "shiftId", d.float_kobo AS "floatKobo", d.denominations, d.counted_kobo AS "countedKobo",
         d.expected_kobo AS "expectedKobo", d.counted_by AS "countedBy", d.counted_at AS "countedAt",
         d.count_note AS "countNote", d.awaiting_signoff AS "awaitingSignoff", d.signed_off_by AS "signedOffBy",
         CASE WHEN so.id IS NULL THEN NULL ELSE so.first_name || ' ' || so.last_name END AS "signedOffByName",
         d.signoff_note AS "signoffNote",
         coalesce(m.cash_count, 0)::int AS "cashCount", coalesce(m.cash_kobo, 0)::bigint AS "cashKobo",
         coalesce(m.pos_count, 0)::int AS "posCount", coalesce(m.pos_kobo, 0)::bigint AS "posKobo",
         (SELECT coalesce(sum(p.amount_kobo), 0) FROM postings p JOIN ledger_accounts a ON a.id = p.account_id
          WHERE a.code = 'cash:drawer:' || d.shift_id)::bigint AS "balanceKobo"
       FROM shift_drawers d LEFT JOIN users so ON so.id = d.signed_off_by
       LEFT JOIN LATERAL (
         SELECT count(*) FILTER (WHERE dp.method = 'cash') AS cash_count,
           sum(i.total_kobo) FILTER (WHERE dp.method = 'cash') AS cash_kobo,
           count(*) FILTER (WHERE dp.method = 'pos') AS pos_count, sum(i.total_kobo) FILTER (WHERE dp.method = 'pos') AS pos_kobo
         FROM desk_payments dp JOIN invoices i ON i.id = dp.invoice_id
         WHERE dp.shift_id = d.shift_id AND i.status IN ('completed', 'refunded')
       ) m ON true
       WHERE d.shift_id = ANY ($1::bigint[])`,
      [shiftIds],
    );
    return rows;
  }

  /** Records a drawer's count, waiting for an admin's sign-off or not. */
  async recordCount(
    tx: Queryable,
    shiftId: number,
    count: {
      denominations: Record<string, number>;
      countedKobo: number;
      expectedKobo: number;
      by: number;
      note: string;
      awaiting: boolean;
    },
  ): Promise<void> {
    await tx.query(
      `UPDATE shift_drawers SET denominations = $2::jsonb, counted_kobo = $3, expected_kobo = $4, counted_by = $5,
         counted_at = clock_timestamp(), count_note = $6, awaiting_signoff = $7
       WHERE shift_id = $1`,
      [shiftId, JSON.stringify(count.denominations), count.countedKobo, count.expectedKobo, count.by, count.note, count.awaiting],
    );
  }

  /** An admin's decision on a count that waited: signed off (the shift closes with it) or sent back (counted again). */
  async decideCount(tx: Queryable, shiftId: number, decision: { approve: boolean; by: number; note: string }): Promise<void> {
    if (decision.approve) {
      await tx.query(
        `UPDATE shift_drawers SET awaiting_signoff = false, signed_off_by = $2, signed_off_at = clock_timestamp(), signoff_note = $3
         WHERE shift_id = $1`,
        [shiftId, decision.by, decision.note],
      );
    } else {
      await tx.query(
        `UPDATE shift_drawers SET awaiting_signoff = false, denominations = NULL, counted_kobo = NULL, expected_kobo = NULL,
           counted_by = NULL, counted_at = NULL, count_note = NULL, signoff_note = $2
         WHERE shift_id = $1`,
        [shiftId, decision.note],
      );
    }
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
    /** Only shifts whose drawer count waits for an admin's sign-off. */
    awaitingSignoff?: boolean;
    limit: number;
    offset: number;
  }): Promise<{ count: number; rows: ShiftRecord[] }> {
    const where = `($1::timestamptz IS NULL OR s.opened_at >= $1) AND ($2::timestamptz IS NULL OR s.opened_at < $2)
      AND ($3::bigint IS NULL OR s.staff_id = $3)
      AND (NOT $4::boolean OR s.id IN (SELECT shift_id FROM shift_drawers WHERE awaiting_signoff))`;
    const params = [filter.from, filter.to, filter.staffId, filter.awaitingSignoff === true];
    const [counted, listed] = await Promise.all([
      this.db.query<{ n: number }>(`SELECT count(*)::bigint AS n FROM staff_shifts s WHERE ${where}`, params),
      this.db.query<ShiftRecord>(
        `SELECT ${COLUMNS} FROM ${FROM} WHERE ${where} ORDER BY s.opened_at DESC, s.id DESC LIMIT $5 OFFSET $6`,
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
   * The report's figures. Bills: those the staff member raised in the window, as they stand now. Money: the
   * ledger's entries, each once, read from their postings: the settlement entries of the parts of the staff
   * member's bills (raised whenever) that completed in the window (refunded since or not: refunds are
   * entries of their own), and the entries of the bank transfers the staff member booked in the window (a
   * confirmation that settled, theirs or one they approved: written, as its entry, when it was decided).
   * Awaiting approval: the confirmations the staff member made in the window still waiting. Given: the
   * items they gave in the window.
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
    // A part's paid_at and a confirmation's decided_at are written in the transaction that posts its entry.
    const money = await q.query<ReportFigures["money"][number]>(
      `WITH parts AS (
         SELECT e.id FROM invoices i JOIN bills b ON b.id = i.bill_id
           JOIN journal_entries e ON e.invoice_id = i.id AND e.kind = 'settlement'
         WHERE ($1::bigint IS NULL OR b.created_by = $1) AND i.paid_at >= $2 AND i.paid_at < $3
       ), booked AS (
         SELECT e.id FROM transfer_confirmations t
           JOIN journal_entries e ON e.invoice_id = t.invoice_id AND e.kind IN ('settlement', 'bill_part_unfit')
         WHERE t.status = 'settled' AND ($1::bigint IS NULL OR t.decided_by = $1) AND t.decided_at >= $2 AND t.decided_at < $3
       ), entries AS (
         SELECT e.id, i.payment_method AS method, e.id IN (SELECT id FROM parts) AS part,
           e.id IN (SELECT id FROM booked) AS transfer, e.kind = 'bill_part_unfit' AS held
         FROM journal_entries e JOIN invoices i ON i.id = e.invoice_id
         WHERE e.id IN (SELECT id FROM parts UNION SELECT id FROM booked)
       )
       SELECT x.method, x.part, x.transfer, x.held, count(DISTINCT x.id)::int AS entries,
         coalesce(-sum(p.amount_kobo) FILTER (WHERE a.code = 'liability:bill_deposits'), 0)::bigint AS "depositsKobo",
         coalesce(-sum(p.amount_kobo) FILTER (WHERE a.code = 'income:fees'), 0)::bigint AS "feesKobo",
         coalesce(sum(p.amount_kobo) FILTER (WHERE p.amount_kobo > 0), 0)::bigint AS "debitsKobo"
       FROM entries x JOIN postings p ON p.entry_id = x.id JOIN ledger_accounts a ON a.id = p.account_id
       GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
      params,
    );
    const awaiting = await q.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM transfer_confirmations
       WHERE status = 'awaiting_approval' AND ($1::bigint IS NULL OR confirmed_by = $1) AND confirmed_at >= $2 AND confirmed_at < $3`,
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
      money: money.rows,
      awaitingApproval: awaiting.rows[0]!.n,
      given: given.rows,
    };
  }
}
