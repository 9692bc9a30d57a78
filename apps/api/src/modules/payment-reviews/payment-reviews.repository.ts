import type { RefundStatus } from "@hospipay/contract";
import type { Database, Queryable } from "../../db/database";

/** An open review as the staff queue shows it. */
export interface PaymentReviewRow {
  invoiceId: number;
  reference: string;
  customerName: string;
  customerEmail: string;
  paymentMethod: string;
  amountDueKobo: number;
  amountReceivedKobo: number;
  needsReviewAt: Date;
  refundId: number | null;
  refundStatus: RefundStatus | null;
}

/** An invoice's review, as the services resolving it read it (under the invoice's row lock). */
export interface PaymentReviewRecord {
  invoiceId: number;
  amountDueKobo: number;
  amountReceivedKobo: number;
  resolvedAt: Date | null;
  /** A refund was asked for and not rejected: it decides the payment's fate (its approval may be pending). */
  refundAsked: boolean;
  /** Why it waits: paid short, or a bill's part that settled when the bill no longer needed it (only refunded). */
  reason: PaymentReviewReason;
}

/** Why a payment waits for staff (migration 0008). */
export type PaymentReviewReason = "underpaid" | "bill_part_unfit";

/** The queue is short by nature (a payment paid short is rare); the latest this many are listed. */
const QUEUE_LIMIT = 500;

/** SQL for reviews of gateway payments paid short (migration 0006). */
export class PaymentReviewsRepository {
  constructor(private readonly db: Database) {}

  /** Opens the invoice's review; false when it already has one (a concurrent check opened it). */
  async open(
    q: Queryable,
    review: {
      invoiceId: number;
      amountDueKobo: number;
      amountReceivedKobo: number;
      gatewayStatus: string;
      reason?: PaymentReviewReason;
    },
  ): Promise<boolean> {
    const { rows } = await q.query(
      `INSERT INTO payment_reviews (invoice_id, amount_due_kobo, amount_received_kobo, gateway_status, reason)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (invoice_id) DO NOTHING RETURNING invoice_id`,
      [review.invoiceId, review.amountDueKobo, review.amountReceivedKobo, review.gatewayStatus, review.reason ?? "underpaid"],
    );
    return rows.length > 0;
  }

  async find(q: Queryable, invoiceId: number): Promise<PaymentReviewRecord | null> {
    const { rows } = await q.query<PaymentReviewRecord>(
      `SELECT invoice_id AS "invoiceId", amount_due_kobo AS "amountDueKobo", amount_received_kobo AS "amountReceivedKobo",
         resolved_at AS "resolvedAt", reason,
         EXISTS (SELECT 1 FROM refunds f WHERE f.invoice_id = r.invoice_id AND f.status <> 'rejected') AS "refundAsked"
       FROM payment_reviews r WHERE invoice_id = $1`,
      [invoiceId],
    );
    return rows[0] ?? null;
  }

  /**
   * Closes an open review; the caller holds the invoice's row lock. A settlement names its balance, and
   * the staff member and bank reference when it arrived in the hospital's account (none when the gateway
   * showed it).
   */
  async resolve(
    q: Queryable,
    invoiceId: number,
    resolution:
      | { kind: "refunded"; by: number }
      | { kind: "settled"; by: number | null; balanceKobo: number; balanceReference: string | null },
  ): Promise<void> {
    await q.query(
      `UPDATE payment_reviews SET resolved_at = now(), resolution = $2, resolved_by = $3, balance_kobo = $4, balance_reference = $5
       WHERE invoice_id = $1 AND resolved_at IS NULL`,
      [
        invoiceId,
        resolution.kind,
        resolution.by,
        resolution.kind === "settled" ? resolution.balanceKobo : null,
        resolution.kind === "settled" ? resolution.balanceReference : null,
      ],
    );
  }

  /** Open reviews, oldest first, each with its live refund if one was asked for. */
  async listOpen(): Promise<PaymentReviewRow[]> {
    const { rows } = await this.db.query<PaymentReviewRow>(
      `SELECT r.invoice_id AS "invoiceId", i.reference, i.customer_name AS "customerName", i.customer_email AS "customerEmail",
         i.payment_method AS "paymentMethod", r.amount_due_kobo AS "amountDueKobo", r.amount_received_kobo AS "amountReceivedKobo",
         r.needs_review_at AS "needsReviewAt", f.id AS "refundId", f.status AS "refundStatus"
       FROM payment_reviews r JOIN invoices i ON i.id = r.invoice_id
       LEFT JOIN refunds f ON f.invoice_id = r.invoice_id AND f.status <> 'rejected'
       WHERE r.resolved_at IS NULL
       ORDER BY r.needs_review_at, r.invoice_id LIMIT $1`,
      [QUEUE_LIMIT],
    );
    return rows;
  }

  async countOpen(): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>(
      `SELECT count(*)::bigint AS n FROM payment_reviews WHERE resolved_at IS NULL`,
    );
    return rows[0]?.n ?? 0;
  }
}
