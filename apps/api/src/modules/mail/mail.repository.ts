import type { Locale } from "@hospipay/contract";
import type { Database, Queryable } from "../../db/database";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** What a QR code in the message encodes (a receipt's verify link, a bill's payment link); none when absent. */
  qr?: string | null;
  /** The recipient's language, which the message is written in and its HTML part declares; English when absent. */
  locale?: Locale;
}

export interface OutboxRow extends OutgoingMail {
  id: number;
  attempts: number;
}

export interface SentMail {
  to: string;
  subject: string;
  text: string;
  /** What the message's QR code encodes, or null. */
  qr: string | null;
  sent_at: string;
}

/** SQL for the mail outbox. */
export class MailRepository {
  constructor(private readonly db: Database) {}

  async enqueue(mail: OutgoingMail, q: Queryable = this.db): Promise<void> {
    await q.query(`INSERT INTO mail_outbox (to_address, subject, text_body, qr_text, locale) VALUES ($1, $2, $3, $4, $5)`, [
      mail.to,
      mail.subject,
      mail.text,
      mail.qr ?? null,
      mail.locale ?? "en",
    ]);
  }

  /**
   * Leases up to `limit` due messages: their next attempt moves `leaseSeconds` ahead, so a crash
   * mid-send leaves them to be retried after the lease instead of lost. Those due longest go first, read
   * from the pending messages' own index (in id order, the scan walked every message sent before them).
   */
  async leaseDue(limit: number, leaseSeconds: number): Promise<OutboxRow[]> {
    const { rows } = await this.db.query<OutboxRow>(
      `UPDATE mail_outbox SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
       WHERE id IN (
         SELECT id FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= now()
         ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED
       )
       RETURNING id, to_address AS "to", subject, text_body AS "text", qr_text AS "qr", locale, attempts`,
      [limit, leaseSeconds],
    );
    return rows;
  }

  async markSent(id: number, transport: string): Promise<void> {
    await this.db.query(
      `UPDATE mail_outbox SET status = 'sent', transport = $2, sent_at = now(), last_error = NULL WHERE id = $1`,
      [id, transport],
    );
  }

  /** Records a failed attempt; after maxAttempts the message is given up as failed. */
  async markFailed(id: number, error: string, retryInSeconds: number, maxAttempts: number): Promise<void> {
    await this.db.query(
      `UPDATE mail_outbox SET last_error = $2,
         status = CASE WHEN attempts >= $4 THEN 'failed' ELSE 'pending' END,
         next_attempt_at = now() + make_interval(secs => $3)
       WHERE id = $1`,
      [id, error.slice(0, 1000), retryInSeconds, maxAttempts],
    );
  }

  /** Mail delivered to the sandbox mailbox, newest first. */
  async listSandboxMail(limit: number): Promise<SentMail[]> {
    const { rows } = await this.db.query<{ to: string; subject: string; text: string; qr: string | null; sentAt: Date }>(
      `SELECT to_address AS "to", subject, text_body AS "text", qr_text AS "qr", sent_at AS "sentAt" FROM mail_outbox
       WHERE status = 'sent' AND transport = 'sandbox' ORDER BY sent_at DESC, id DESC LIMIT $1`,
      [limit],
    );
    return rows.map((row) => ({
      to: row.to,
      subject: row.subject,
      text: row.text,
      qr: row.qr,
      sent_at: row.sentAt.toISOString(),
    }));
  }
}
