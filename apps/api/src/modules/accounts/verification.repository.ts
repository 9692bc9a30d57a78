import type { Database, Queryable } from "../../db/database";

/** Where a code went: to the account's e-mail, or by SMS to a number (E.164). A code proves only that address. */
export type CodeDestination = { channel: "email" } | { channel: "sms"; number: string };

export interface VerificationCodeRow {
  userId: number;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
  channel: "email" | "sms";
  /** The number an SMS code went to; null for an e-mailed code. */
  sentTo: string | null;
}

export interface PasswordResetRow {
  id: number;
  userId: number;
  expiresAt: Date;
  usedAt: Date | null;
}

/** SQL for verification codes, reset tokens and the per-address send throttle. */
export class VerificationRepository {
  constructor(private readonly db: Database) {}

  async replaceCode(
    userId: number,
    codeHash: string,
    ttlMinutes: number,
    destination: CodeDestination,
    q: Queryable = this.db,
  ): Promise<void> {
    await q.query(
      `INSERT INTO verification_codes (user_id, code_hash, attempts, expires_at, channel, sent_to)
       VALUES ($1, $2, 0, now() + make_interval(mins => $3), $4, $5)
       ON CONFLICT (user_id) DO UPDATE SET code_hash = EXCLUDED.code_hash, attempts = 0,
         expires_at = EXCLUDED.expires_at, created_at = now(), channel = EXCLUDED.channel, sent_to = EXCLUDED.sent_to`,
      [userId, codeHash, ttlMinutes, destination.channel, destination.channel === "sms" ? destination.number : null],
    );
  }

  async findCodeForUpdate(userId: number, q: Queryable): Promise<VerificationCodeRow | null> {
    const { rows } = await q.query<VerificationCodeRow>(
      `SELECT user_id AS "userId", code_hash AS "codeHash", attempts, expires_at AS "expiresAt", channel, sent_to AS "sentTo"
       FROM verification_codes WHERE user_id = $1 FOR UPDATE`,
      [userId],
    );
    return rows[0] ?? null;
  }

  async countWrongTry(userId: number, q: Queryable): Promise<void> {
    await q.query(`UPDATE verification_codes SET attempts = attempts + 1 WHERE user_id = $1`, [userId]);
  }

  async deleteCode(userId: number, q: Queryable = this.db): Promise<void> {
    await q.query(`DELETE FROM verification_codes WHERE user_id = $1`, [userId]);
  }

  /**
   * Claims the right to send one more e-mail of this purpose to this address: true when the last
   * one was at least waitSeconds ago (or never), and records now as the last send. Atomic.
   * Otherwise returns the seconds still to wait.
   */
  async claimSendSlot(email: string, purpose: string, waitSeconds: number, q: Queryable = this.db): Promise<true | number> {
    const { rows } = await q.query<{ claimed: boolean; wait: number }>(
      `WITH previous AS (
         SELECT last_sent_at FROM email_throttle WHERE email = $1 AND purpose = $2 FOR UPDATE
       ), upsert AS (
         INSERT INTO email_throttle (email, purpose, last_sent_at) VALUES ($1, $2, now())
         ON CONFLICT (email, purpose) DO UPDATE SET last_sent_at = now()
         WHERE email_throttle.last_sent_at <= now() - make_interval(secs => $3)
         RETURNING 1
       )
       SELECT EXISTS (SELECT 1 FROM upsert) AS claimed,
              coalesce(ceil(extract(epoch FROM ((SELECT last_sent_at FROM previous) + make_interval(secs => $3) - now())))::int, 0) AS wait`,
      [email.toLowerCase(), purpose, waitSeconds],
    );
    const row = rows[0];
    return row?.claimed ? true : Math.max(1, row?.wait ?? waitSeconds);
  }

  async insertReset(userId: number, tokenHash: string, ttlMinutes: number, q: Queryable = this.db): Promise<void> {
    await q.query(
      `INSERT INTO password_resets (user_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3))`,
      [userId, tokenHash, ttlMinutes],
    );
  }

  async findResetForUpdate(tokenHash: string, q: Queryable): Promise<PasswordResetRow | null> {
    const { rows } = await q.query<PasswordResetRow>(
      `SELECT id, user_id AS "userId", expires_at AS "expiresAt", used_at AS "usedAt"
       FROM password_resets WHERE token_hash = $1 FOR UPDATE`,
      [tokenHash],
    );
    return rows[0] ?? null;
  }

  /** Uses one reset and voids every other open reset of the same user. */
  async consumeResets(userId: number, q: Queryable): Promise<void> {
    await q.query(`UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`, [userId]);
  }
}
