import type { Database, Queryable } from "../../db/database";

export type KycHoldStatus = "held" | "released" | "refunded";

/** Where a held credit came from: a reserved-account transfer, a top-up paid late, or a refund into the wallet. */
export type KycHoldSourceKind = "reserved_transfer" | "top_up" | "refund";

export interface KycHoldRecord {
  id: number;
  source: KycHoldSourceKind;
  /** The transfer's claim (a reserved-account transfer only). */
  creditId: number | null;
  userId: number;
  /** Monnify's transaction reference of a transfer; the invoice's reference of a top-up or refund. */
  transactionReference: string;
  amountKobo: number;
  senderName: string | null;
  cap: "single_credit" | "balance";
  capKobo: number;
  tierLevel: number;
  status: KycHoldStatus;
  invoiceId: number | null;
  invoiceReference: string | null;
  decidedBy: number | null;
  decidedByEmail: string | null;
  refundReason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
}

/** A staff list row: the hold and its customer. */
export interface StaffKycHoldRecord extends KycHoldRecord {
  email: string;
  firstName: string;
  lastName: string;
  currentTier: number;
}

const COLUMNS = `h.id, h.source, h.credit_id AS "creditId", h.user_id AS "userId",
  coalesce(c.transaction_reference, i.reference) AS "transactionReference",
  h.amount_kobo AS "amountKobo", h.sender_name AS "senderName", h.cap, h.cap_kobo AS "capKobo", h.tier_level AS "tierLevel",
  h.status, h.invoice_id AS "invoiceId", i.reference AS "invoiceReference", h.decided_by AS "decidedBy",
  d.email AS "decidedByEmail", h.refund_reason AS "refundReason", h.created_at AS "createdAt", h.decided_at AS "decidedAt"`;
const FROM = `kyc_holds h LEFT JOIN reserved_account_credits c ON c.id = h.credit_id
  LEFT JOIN invoices i ON i.id = h.invoice_id LEFT JOIN users d ON d.id = h.decided_by`;

/** SQL for transfers held over a KYC tier cap (migration 0015). */
export class KycHoldsRepository {
  constructor(private readonly db: Database) {}

  async insert(
    q: Queryable,
    hold: {
      source: KycHoldSourceKind;
      creditId: number | null;
      /** A top-up's or refund's invoice, which its release credits. */
      invoiceId: number | null;
      userId: number;
      amountKobo: number;
      senderName: string | null;
      cap: string;
      capKobo: number;
      tierLevel: number;
    },
  ): Promise<number> {
    const { rows } = await q.query<{ id: number }>(
      `INSERT INTO kyc_holds (source, credit_id, invoice_id, user_id, amount_kobo, sender_name, cap, cap_kobo, tier_level)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        hold.source,
        hold.creditId,
        hold.invoiceId,
        hold.userId,
        hold.amountKobo,
        hold.senderName,
        hold.cap,
        hold.capKobo,
        hold.tierLevel,
      ],
    );
    return rows[0]!.id;
  }

  /** One hold, locked FOR UPDATE when asked (release and refund: a concurrent one waits, then sees the new status). */
  async find(id: number, q: Queryable = this.db, lock = false): Promise<KycHoldRecord | null> {
    if (lock) await q.query(`SELECT id FROM kyc_holds WHERE id = $1 FOR UPDATE`, [id]);
    const { rows } = await q.query<KycHoldRecord>(`SELECT ${COLUMNS} FROM ${FROM} WHERE h.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** A customer's holds still held, oldest first. */
  async heldOf(userId: number, q: Queryable = this.db): Promise<KycHoldRecord[]> {
    const { rows } = await q.query<KycHoldRecord>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE h.user_id = $1 AND h.status = 'held' ORDER BY h.created_at, h.id`,
      [userId],
    );
    return rows;
  }

  /** Customers with a hold still held (the worker's sweep), oldest hold first. */
  async usersWithHolds(limit: number): Promise<number[]> {
    const { rows } = await this.db.query<{ userId: number }>(
      `SELECT user_id AS "userId" FROM kyc_holds WHERE status = 'held' GROUP BY user_id ORDER BY min(created_at) LIMIT $1`,
      [limit],
    );
    return rows.map((r) => r.userId);
  }

  /** Staff's list, newest first; `id` narrows it to one hold. */
  async list(status: KycHoldStatus | undefined, limit: number, id: number | null = null): Promise<StaffKycHoldRecord[]> {
    const { rows } = await this.db.query<StaffKycHoldRecord>(
      `SELECT ${COLUMNS}, u.email, u.first_name AS "firstName", u.last_name AS "lastName",
         CASE WHEN k.status = 'verified' THEN coalesce(k.tier_level, 1) ELSE 1 END AS "currentTier"
       FROM ${FROM} JOIN users u ON u.id = h.user_id LEFT JOIN kyc_records k ON k.user_id = h.user_id
       WHERE ($1::text IS NULL OR h.status = $1) AND ($3::bigint IS NULL OR h.id = $3)
       ORDER BY h.created_at DESC, h.id DESC LIMIT $2`,
      [status ?? null, limit, id],
    );
    return rows;
  }

  async markReleased(q: Queryable, id: number, invoiceId: number, by: number | null): Promise<void> {
    await q.query(
      `UPDATE kyc_holds SET status = 'released', invoice_id = $2, decided_by = $3, decided_at = now() WHERE id = $1 AND status = 'held'`,
      [id, invoiceId, by],
    );
  }

  async markRefunded(q: Queryable, id: number, by: number, reason: string): Promise<void> {
    await q.query(
      `UPDATE kyc_holds SET status = 'refunded', decided_by = $2, refund_reason = $3, decided_at = now() WHERE id = $1 AND status = 'held'`,
      [id, by, reason],
    );
  }
}
