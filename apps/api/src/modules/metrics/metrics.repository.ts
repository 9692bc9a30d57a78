import type { Database } from "../../db/database";

/** Payments (invoices) by purpose, method and status. */
export interface PaymentCount {
  purpose: "checkout" | "top_up";
  method: string;
  status: string;
  count: number;
}

/** Gateway payments still pending, per gateway: all those with a next check, and those due for it now. */
export interface RequeryCount {
  gateway: string;
  pending: number;
  due: number;
}

/** Messages not sent, per outbox and state. */
export interface OutboxCount {
  kind: "mail" | "sms";
  state: "pending" | "failed";
  count: number;
}

/** The last recorded ledger check. */
export interface LedgerCheck {
  checkedAt: Date;
  sound: boolean;
  differences: number;
}

/**
 * The queries behind the metrics read at scrape time. Each one reads an index or a table of bounded size,
 * never a scan of every invoice: a scrape every few seconds on every replica must stay cheap.
 */
export class MetricsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Checkout invoices from the staff day totals (0004): the rows of whole invoices (department '') summed
   * over every day, folded or not, so exact at once and a few rows a day however many invoices there are.
   * Wallet top-ups, which the day totals leave out, from their own partial index (0021).
   */
  async payments(): Promise<PaymentCount[]> {
    const { rows } = await this.db.query<PaymentCount>(
      `SELECT 'checkout' AS purpose, payment_method AS method, status, sum(invoices)::float8 AS count
       FROM invoice_day_totals WHERE department = '' AND status <> ''
       GROUP BY payment_method, status HAVING sum(invoices) <> 0
       UNION ALL
       SELECT 'top_up', payment_method, status, count(*)::float8 FROM invoices WHERE purpose = 'top_up'
       GROUP BY payment_method, status`,
    );
    return rows;
  }

  /**
   * Pending gateway payments the worker still checks (a next check set), from the due index; "due" is what
   * the worker's lease (InvoicesRepository.leaseDue) would take now: a backlog when it stays up.
   */
  async requeries(): Promise<RequeryCount[]> {
    const { rows } = await this.db.query<RequeryCount>(
      `SELECT g.gateway, count(*)::float8 AS pending,
         (count(*) FILTER (WHERE g.next_check_at <= now() AND (g.gateway_reference IS NOT NULL OR i.expires_at <= now())))::float8 AS due
       FROM gateway_payments g JOIN invoices i ON i.id = g.invoice_id
       WHERE g.next_check_at IS NOT NULL AND i.status = 'pending'
       GROUP BY g.gateway`,
    );
    return rows;
  }

  /** Pending and failed messages of both outboxes. */
  async outboxes(): Promise<OutboxCount[]> {
    const { rows } = await this.db.query<OutboxCount>(
      `SELECT 'mail' AS kind, status AS state, count(*)::float8 AS count FROM mail_outbox
         WHERE status IN ('pending', 'failed') GROUP BY status
       UNION ALL
       SELECT 'sms', status, count(*)::float8 FROM sms_outbox WHERE status IN ('pending', 'failed') GROUP BY status`,
    );
    return rows;
  }

  /** The newest row of ledger_checks (written by the worker role's periodic check); null before the first. */
  async lastLedgerCheck(): Promise<LedgerCheck | null> {
    const { rows } = await this.db.query<{ checked_at: Date | string; sound: boolean; differences: number }>(
      `SELECT checked_at, sound, differences FROM ledger_checks ORDER BY checked_at DESC, id DESC LIMIT 1`,
    );
    const row = rows[0];
    if (!row) return null;
    return { checkedAt: new Date(row.checked_at), sound: row.sound, differences: Number(row.differences) };
  }
}
