import { LOCALES, type Locale } from "@hospipay/contract";
import type { Database, Queryable } from "../../db/database";
import type { OutboxStore } from "../../lib/outbox-worker";

/** What an SMS reports; each kind is a message of the catalog (i18n/en.ts). */
export type SmsKind = "receipt" | "bill_link" | "verification_code" | "refund" | "held_credit";

export interface OutgoingSms {
  /** E.164 (+234…). */
  to: string;
  kind: SmsKind;
  body: string;
}

export interface SmsOutboxRow extends OutgoingSms {
  id: number;
  attempts: number;
}

/** The tables whose rows keep the language of the person a message goes to (migration 0016). */
type LocaleOwner = "users" | "invoices" | "bills";

/** SQL for the SMS outbox. */
export class SmsRepository implements OutboxStore<SmsOutboxRow> {
  constructor(private readonly db: Database) {}

  async enqueue(sms: OutgoingSms, q: Queryable = this.db): Promise<void> {
    await q.query(`INSERT INTO sms_outbox (to_number, kind, body) VALUES ($1, $2, $3)`, [sms.to, sms.kind, sms.body]);
  }

  /** The language kept with a user, a payment or a bill (by id, or a bill by its token); English when not found. */
  async localeOf(owner: LocaleOwner, key: { id: number } | { token: string }, q: Queryable = this.db): Promise<Locale> {
    const [column, value] = "id" in key ? ["id", key.id] : ["token", key.token];
    const { rows } = await q.query<{ locale: string }>(`SELECT locale FROM ${owner} WHERE ${column} = $1`, [value]);
    const locale = rows[0]?.locale as Locale | undefined;
    return locale && LOCALES.includes(locale) ? locale : "en";
  }

  /**
   * Leases up to `limit` due messages, as MailRepository.leaseDue does for mail, and returns them oldest
   * first (UPDATE … RETURNING follows no order): with a per-number limit, the first to go are the first written.
   */
  async leaseDue(limit: number, leaseSeconds: number): Promise<SmsOutboxRow[]> {
    const { rows } = await this.db.query<SmsOutboxRow>(
      `WITH leased AS (
         UPDATE sms_outbox SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
         WHERE id IN (
           SELECT id FROM sms_outbox WHERE status = 'pending' AND next_attempt_at <= now()
           ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED
         )
         RETURNING id, to_number AS "to", kind, body, attempts
       )
       SELECT * FROM leased ORDER BY id`,
      [limit, leaseSeconds],
    );
    return rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  async markSent(id: number, transport: string, providerId: string | null = null): Promise<void> {
    await this.db.query(
      `UPDATE sms_outbox SET status = 'sent', transport = $2, provider_message_id = $3, sent_at = now(), last_error = NULL
       WHERE id = $1`,
      [id, transport, providerId],
    );
  }

  async markFailed(id: number, error: string, retryInSeconds: number, maxAttempts: number): Promise<void> {
    await this.db.query(
      `UPDATE sms_outbox SET last_error = $2,
         status = CASE WHEN attempts >= $4 THEN 'failed' ELSE 'pending' END,
         next_attempt_at = now() + make_interval(secs => $3)
       WHERE id = $1`,
      [id, error.slice(0, 1000), retryInSeconds, maxAttempts],
    );
  }

  /** Puts a leased message back, due in `seconds`, its attempt uncounted. */
  async hold(id: number, seconds: number): Promise<void> {
    await this.db.query(
      `UPDATE sms_outbox SET attempts = attempts - 1, next_attempt_at = now() + make_interval(secs => $2) WHERE id = $1`,
      [id, seconds],
    );
  }

  /**
   * How long (whole seconds) a message to `to` must wait so that no more than `perHour` are sent to it
   * within any hour, or null when it may go now.
   */
  async waitForNumber(to: string, perHour: number): Promise<number | null> {
    const { rows } = await this.db.query<{ sent: number; wait: number | null }>(
      `SELECT count(*)::int AS sent,
              ceil(extract(epoch FROM min(sent_at) + interval '1 hour' - now()))::int AS wait
       FROM (SELECT sent_at FROM sms_outbox WHERE to_number = $1 AND status = 'sent' AND sent_at > now() - interval '1 hour'
             ORDER BY sent_at DESC LIMIT $2) AS recent`,
      [to, perHour],
    );
    const row = rows[0];
    if (!row || row.sent < perHour) return null;
    return Math.max(1, row.wait ?? 1);
  }
}
