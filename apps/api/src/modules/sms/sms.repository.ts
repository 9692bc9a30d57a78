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

/**
 * Why a verification code was not sent by SMS: its number already had its codes this hour, all numbers
 * together had theirs, another account has proved the number, or the worker found the number over its
 * hourly limit of messages (SMS_PER_NUMBER_PER_HOUR).
 */
export type SmsRefusal = "number_budget" | "global_budget" | "number_bound_elsewhere" | "number_hourly_limit";
export const SMS_REFUSALS: readonly SmsRefusal[] = [
  "number_budget",
  "global_budget",
  "number_bound_elsewhere",
  "number_hourly_limit",
];

/** The verification codes by SMS allowed within an hour (SMS_CODES_PER_NUMBER_PER_HOUR, SMS_CODES_PER_HOUR). */
export interface CodeBudget {
  perNumberPerHour: number;
  perHour: number;
}

/** The tables whose rows keep the language of the person a message goes to (migration 0016). */
type LocaleOwner = "users" | "invoices" | "bills";

/** SQL for the SMS outbox. */
export class SmsRepository implements OutboxStore<SmsOutboxRow> {
  constructor(private readonly db: Database) {}

  async enqueue(sms: OutgoingSms, q: Queryable = this.db): Promise<void> {
    await q.query(`INSERT INTO sms_outbox (to_number, kind, body) VALUES ($1, $2, $3)`, [sms.to, sms.kind, sms.body]);
  }

  /**
   * Whether one more verification code may be queued to `to` (E.164) for user `userId`, or why not. Codes
   * are counted from the outbox (queued within the last hour, sent or not); the check and the caller's
   * insert are serialised by a transaction-scoped lock, so concurrent requests cannot both take the last one.
   */
  async codeRefusal(to: string, userId: number, budget: CodeBudget, q: Queryable): Promise<SmsRefusal | null> {
    await q.query(`SELECT pg_advisory_xact_lock(hashtext('sms-verification-codes'))`);
    const { rows } = await q.query<{ to_number: number; total: number; bound: boolean }>(
      `SELECT count(*) FILTER (WHERE to_number = $1)::int AS to_number, count(*)::int AS total,
              EXISTS (SELECT 1 FROM users WHERE verified_phone = $1 AND id <> $2) AS bound
       FROM sms_outbox WHERE kind = 'verification_code' AND created_at > now() - interval '1 hour'`,
      [to, userId],
    );
    const row = rows[0]!;
    if (row.bound) return "number_bound_elsewhere";
    if (row.to_number >= budget.perNumberPerHour) return "number_budget";
    if (row.total >= budget.perHour) return "global_budget";
    return null;
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

  /** Gives a leased message up unsent: it stays in the outbox as 'dropped', with why. */
  async drop(id: number, reason: string): Promise<void> {
    await this.db.query(`UPDATE sms_outbox SET status = 'dropped', last_error = $2 WHERE id = $1`, [id, reason]);
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
