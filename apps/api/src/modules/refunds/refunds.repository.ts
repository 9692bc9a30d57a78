import type { RefundStatus } from "@hospipay/contract";
import type { Database, Queryable } from "../../db/database";

export interface RefundRow {
  id: number;
  invoiceId: number;
  invoiceReference: string;
  paymentMethod: string;
  customerName: string;
  customerEmail: string;
  amountKobo: number;
  reason: string;
  status: RefundStatus;
  destination: "wallet" | "original_method";
  requestedById: number;
  requestedByName: string;
  requestedByEmail: string;
  decidedById: number | null;
  decidedByName: string | null;
  decidedByEmail: string | null;
  decisionNote: string | null;
  createdAt: Date;
  decidedAt: Date | null;
}

const SELECT = `SELECT r.id, r.invoice_id AS "invoiceId", i.reference AS "invoiceReference", i.payment_method AS "paymentMethod",
    i.customer_name AS "customerName", i.customer_email AS "customerEmail", r.amount_kobo AS "amountKobo", r.reason, r.status,
    r.destination, r.requested_by AS "requestedById", q.first_name || ' ' || q.last_name AS "requestedByName",
    q.email AS "requestedByEmail", r.decided_by AS "decidedById", d.first_name || ' ' || d.last_name AS "decidedByName",
    d.email AS "decidedByEmail", r.decision_note AS "decisionNote", r.created_at AS "createdAt", r.decided_at AS "decidedAt"
  FROM refunds r JOIN invoices i ON i.id = r.invoice_id JOIN users q ON q.id = r.requested_by LEFT JOIN users d ON d.id = r.decided_by`;

/** SQL for refunds: requests, decisions and the list staff see. */
export class RefundsRepository {
  constructor(private readonly db: Database) {}

  async find(id: number, q: Queryable = this.db): Promise<RefundRow | null> {
    const { rows } = await q.query<RefundRow>(`${SELECT} WHERE r.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** The invoice's refund that is not rejected, if any (there is at most one). */
  async liveFor(invoiceId: number, q: Queryable): Promise<RefundRow | null> {
    const { rows } = await q.query<RefundRow>(`${SELECT} WHERE r.invoice_id = $1 AND r.status <> 'rejected'`, [invoiceId]);
    return rows[0] ?? null;
  }

  async insert(
    q: Queryable,
    refund: {
      invoiceId: number;
      amountKobo: number;
      reason: string;
      status: RefundStatus;
      destination: RefundRow["destination"];
      requestedBy: number;
    },
  ): Promise<number> {
    const decided = refund.status === "completed";
    const { rows } = await q.query<{ id: number }>(
      `INSERT INTO refunds (invoice_id, amount_kobo, reason, status, destination, requested_by, decided_by, decided_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        refund.invoiceId,
        refund.amountKobo,
        refund.reason,
        refund.status,
        refund.destination,
        refund.requestedBy,
        decided ? refund.requestedBy : null,
        decided ? new Date() : null,
      ],
    );
    return rows[0]!.id;
  }

  /** Locks a refund's row for a decision. */
  async lock(q: Queryable, id: number): Promise<{ status: RefundStatus } | null> {
    const { rows } = await q.query<{ status: RefundStatus }>(`SELECT status FROM refunds WHERE id = $1 FOR UPDATE`, [id]);
    return rows[0] ?? null;
  }

  async decide(
    q: Queryable,
    id: number,
    decision: { status: "completed" | "rejected"; decidedBy: number; note: string | null },
  ): Promise<void> {
    await q.query(`UPDATE refunds SET status = $2, decided_by = $3, decision_note = $4, decided_at = now() WHERE id = $1`, [
      id,
      decision.status,
      decision.decidedBy,
      decision.note,
    ]);
  }

  async list(status: RefundStatus | null, limit = 200): Promise<RefundRow[]> {
    const { rows } = await this.db.query<RefundRow>(
      `${SELECT} WHERE ($1::text IS NULL OR r.status = $1) ORDER BY r.created_at DESC, r.id DESC LIMIT $2`,
      [status, limit],
    );
    return rows;
  }

  async count(status: RefundStatus | null): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>(
      `SELECT count(*)::bigint AS n FROM refunds WHERE ($1::text IS NULL OR status = $1)`,
      [status],
    );
    return rows[0]?.n ?? 0;
  }
}
