import type { Database } from "../../db/database";

/** Integer kobo sums of a window's money, each read from its own table or ledger postings. */
export interface DayBookFigures {
  channels: Array<{ channel: string; payments: number; amountKobo: number; feesKobo: number; receivedKobo: number }>;
  departments: Array<{ department: string; lines: number; amountKobo: number }>;
  staff: Array<{
    id: number;
    name: string;
    cashPayments: number;
    cashKobo: number;
    posPayments: number;
    posKobo: number;
    varianceKobo: number;
  }>;
  refunds: { count: number; amountKobo: number };
  waivers: { count: number; amountKobo: number };
  drawers: {
    floatsKobo: number;
    handedOverKobo: number;
    shortagesKobo: number;
    overagesKobo: number;
    posSettledKobo: number;
    posFeesKobo: number;
  };
  ledgerReceivedKobo: number;
}

/** The sum of an account's postings of the window's entries of some kinds (debits positive). */
const postingsOf = (kinds: string, account: string) =>
  `(SELECT coalesce(sum(p.amount_kobo), 0) FROM postings p JOIN journal_entries e ON e.id = p.entry_id
     JOIN ledger_accounts a ON a.id = p.account_id
    WHERE e.kind IN (${kinds}) AND a.code LIKE '${account}' AND e.created_at >= $1 AND e.created_at < $2)::bigint`;

/**
 * SQL for the day book. The channels are read from the payments (invoices completed in the window, by their
 * paid_at); the check reads the same money from the ledger: the settlement entries of every invoice paid in the
 * window (by the payment's instant, which the demo's history backdates, not the entry's), so that a payment
 * counted without its entry, an entry of a payment not counted (failed, pending) or an amount that differs shows
 * as a difference.
 */
export class DayBookRepository {
  constructor(private readonly db: Database) {}

  async figures(from: Date, to: Date): Promise<DayBookFigures> {
    const params = [from, to];
    const q = this.db;
    const channels = await q.query<DayBookFigures["channels"][number]>(
      `SELECT CASE WHEN rc.id IS NOT NULL THEN 'reserved_account' ELSE i.payment_method END AS channel,
         count(*)::int AS payments, sum(i.subtotal_kobo)::bigint AS "amountKobo", sum(i.charge_fee_kobo)::bigint AS "feesKobo",
         sum(i.total_kobo + coalesce(over.kobo, 0))::bigint AS "receivedKobo"
       FROM invoices i
       LEFT JOIN reserved_account_credits rc ON rc.invoice_id = i.id
       LEFT JOIN LATERAL (
         SELECT -sum(p.amount_kobo) AS kobo FROM journal_entries e JOIN postings p ON p.entry_id = e.id
           JOIN ledger_accounts a ON a.id = p.account_id
         WHERE e.invoice_id = i.id AND e.kind = 'settlement' AND a.code = 'liability:overpayments'
       ) over ON true
       WHERE i.paid_at >= $1 AND i.paid_at < $2 AND i.status IN ('completed', 'refunded')
       GROUP BY 1 ORDER BY 1`,
      params,
    );
    const departments = await q.query<DayBookFigures["departments"][number]>(
      `SELECT d.key AS department, sum((d.value->>'n')::int)::int AS lines, sum((d.value->>'kobo')::bigint)::bigint AS "amountKobo"
       FROM invoices i CROSS JOIN LATERAL jsonb_each(i.department_totals) d
       WHERE i.paid_at >= $1 AND i.paid_at < $2 AND i.status IN ('completed', 'refunded') AND i.purpose = 'checkout'
       GROUP BY 1
       UNION ALL
       SELECT '', count(*)::int, sum(i.subtotal_kobo - coalesce((SELECT sum((v.value->>'kobo')::bigint)
           FROM jsonb_each(i.department_totals) v), 0))::bigint
       FROM invoices i
       WHERE i.paid_at >= $1 AND i.paid_at < $2 AND i.status IN ('completed', 'refunded') AND i.purpose = 'checkout'
         AND i.subtotal_kobo > coalesce((SELECT sum((v.value->>'kobo')::bigint) FROM jsonb_each(i.department_totals) v), 0)
       ORDER BY 1`,
      params,
    );
    const staff = await q.query<DayBookFigures["staff"][number]>(
      `WITH desk AS (
         SELECT dp.staff_id, count(*) FILTER (WHERE dp.method = 'cash')::int AS cash_n,
           coalesce(sum(i.total_kobo) FILTER (WHERE dp.method = 'cash'), 0)::bigint AS cash,
           count(*) FILTER (WHERE dp.method = 'pos')::int AS pos_n,
           coalesce(sum(i.total_kobo) FILTER (WHERE dp.method = 'pos'), 0)::bigint AS pos
         FROM desk_payments dp JOIN invoices i ON i.id = dp.invoice_id
         WHERE i.paid_at >= $1 AND i.paid_at < $2 AND i.status IN ('completed', 'refunded')
         GROUP BY 1
       ), counted AS (
         SELECT s.staff_id, sum(d.counted_kobo - d.expected_kobo)::bigint AS variance
         FROM shift_drawers d JOIN staff_shifts s ON s.id = d.shift_id
         WHERE s.closed_at >= $1 AND s.closed_at < $2 AND d.counted_kobo IS NOT NULL
         GROUP BY 1
       )
       SELECT u.id, btrim(u.first_name || ' ' || u.last_name) AS name, coalesce(desk.cash_n, 0) AS "cashPayments",
         coalesce(desk.cash, 0)::bigint AS "cashKobo", coalesce(desk.pos_n, 0) AS "posPayments", coalesce(desk.pos, 0)::bigint AS "posKobo",
         coalesce(counted.variance, 0)::bigint AS "varianceKobo"
       FROM users u LEFT JOIN desk ON desk.staff_id = u.id LEFT JOIN counted ON counted.staff_id = u.id
       WHERE desk.staff_id IS NOT NULL OR counted.staff_id IS NOT NULL
       ORDER BY name, u.id`,
      params,
    );
    const refunds = await q.query<DayBookFigures["refunds"]>(
      `SELECT count(*)::int AS count, coalesce(sum(i.total_kobo), 0)::bigint AS "amountKobo"
       FROM journal_entries e JOIN invoices i ON i.id = e.invoice_id
       WHERE e.kind = 'refund' AND e.created_at >= $1 AND e.created_at < $2`,
      params,
    );
    const waivers = await q.query<DayBookFigures["waivers"]>(
      `SELECT count(*)::int AS count, coalesce(sum(amount_kobo), 0)::bigint AS "amountKobo"
       FROM bill_waivers WHERE status = 'approved' AND decided_at >= $1 AND decided_at < $2`,
      params,
    );
    const drawers = await q.query<DayBookFigures["drawers"] & { ledgerReceivedKobo: number }>(
      `SELECT ${postingsOf("'drawer_float'", "cash:drawer:%")} AS "floatsKobo",
         ${postingsOf("'drawer_close'", "cash:bursary")} AS "handedOverKobo",
         ${postingsOf("'drawer_close'", "expense:cash_shortages")} AS "shortagesKobo",
         -${postingsOf("'drawer_close'", "income:cash_overages")} AS "overagesKobo",
         -${postingsOf("'pos_settlement'", "clearing:pos")} AS "posSettledKobo",
         ${postingsOf("'pos_settlement'", "expense:pos_fees")} AS "posFeesKobo",
         (SELECT coalesce(sum(p.amount_kobo), 0) FROM postings p JOIN journal_entries e ON e.id = p.entry_id
            JOIN invoices i ON i.id = e.invoice_id
          WHERE e.kind = 'settlement' AND p.amount_kobo > 0 AND i.paid_at >= $1 AND i.paid_at < $2)::bigint AS "ledgerReceivedKobo"`,
      params,
    );
    const { ledgerReceivedKobo, ...drawerFigures } = drawers.rows[0]!;
    return {
      channels: channels.rows,
      departments: departments.rows,
      staff: staff.rows,
      refunds: refunds.rows[0]!,
      waivers: waivers.rows[0]!,
      drawers: drawerFigures,
      ledgerReceivedKobo,
    };
  }
}
