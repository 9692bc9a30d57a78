import type { TransferConfirmationStatus } from "@hospipay/contract";
import type { Database, Queryable } from "../../db/database";

export interface TransferConfirmationRow {
  id: number;
  invoiceId: number;
  invoiceReference: string;
  transferReference: string;
  amountDueKobo: number;
  amountReceivedKobo: number;
  status: TransferConfirmationStatus;
  customerName: string;
  customerEmail: string;
  confirmedById: number;
  confirmedByName: string;
  confirmedByEmail: string;
  decidedById: number | null;
  decidedByName: string | null;
  decidedByEmail: string | null;
  decisionNote: string | null;
  createdAt: Date;
  decidedAt: Date | null;
}

const SELECT = `SELECT t.id, t.invoice_id AS "invoiceId", i.reference AS "invoiceReference", t.transfer_reference AS "transferReference",
    i.total_kobo AS "amountDueKobo", t.amount_received_kobo AS "amountReceivedKobo", t.status,
    i.customer_name AS "customerName", i.customer_email AS "customerEmail", t.confirmed_by AS "confirmedById",
    c.first_name || ' ' || c.last_name AS "confirmedByName", c.email AS "confirmedByEmail", t.decided_by AS "decidedById",
    d.first_name || ' ' || d.last_name AS "decidedByName", d.email AS "decidedByEmail", t.decision_note AS "decisionNote",
    t.confirmed_at AS "createdAt", t.decided_at AS "decidedAt"
  FROM transfer_confirmations t JOIN invoices i ON i.id = t.invoice_id JOIN users c ON c.id = t.confirmed_by
  LEFT JOIN users d ON d.id = t.decided_by`;

/** SQL for staff confirmations of bank transfers: the confirmation, its decision and the list staff see. */
export class BankTransfersRepository {
  constructor(private readonly db: Database) {}

  async find(id: number, q: Queryable = this.db): Promise<TransferConfirmationRow | null> {
    const { rows } = await q.query<TransferConfirmationRow>(`${SELECT} WHERE t.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** The invoice's confirmation that is not rejected, if any (there is at most one). */
  async liveFor(invoiceId: number, q: Queryable): Promise<TransferConfirmationRow | null> {
    const { rows } = await q.query<TransferConfirmationRow>(`${SELECT} WHERE t.invoice_id = $1 AND t.status <> 'rejected'`, [
      invoiceId,
    ]);
    return rows[0] ?? null;
  }

  /**
   * Records a confirmation; null when a live confirmation already used the bank reference (the unique
   * index decides, even between two invoices confirmed at the same moment). One that settles at once is
   * decided by its confirmer at the transaction's time, the time of the entry its settlement posts.
   */
  async insert(
    q: Queryable,
    confirmation: {
      invoiceId: number;
      transferReference: string;
      amountReceivedKobo: number;
      status: "awaiting_approval" | "settled";
      confirmedBy: number;
    },
  ): Promise<number | null> {
    const settled = confirmation.status === "settled";
    const { rows } = await q.query<{ id: number }>(
      `INSERT INTO transfer_confirmations (invoice_id, transfer_reference, amount_received_kobo, status, confirmed_by, decided_by, decided_at)
       VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $6::bigint IS NULL THEN NULL ELSE now() END)
       ON CONFLICT (transfer_reference) WHERE status <> 'rejected' DO NOTHING RETURNING id`,
      [
        confirmation.invoiceId,
        confirmation.transferReference,
        confirmation.amountReceivedKobo,
        confirmation.status,
        confirmation.confirmedBy,
        settled ? confirmation.confirmedBy : null,
      ],
    );
    return rows[0]?.id ?? null;
  }

  /**
   * The invoice this bank reference already paid, if any (one transfer pays once): by a staff confirmation
   * not rejected, or as the balance of a payment paid short that staff settled (payment_reviews).
   */
  async invoiceUsing(q: Queryable, transferReference: string): Promise<string | null> {
    const { rows } = await q.query<{ reference: string }>(
      `SELECT i.reference FROM transfer_confirmations t JOIN invoices i ON i.id = t.invoice_id
       WHERE t.transfer_reference = $1 AND t.status <> 'rejected'
       UNION ALL
       SELECT i.reference FROM payment_reviews r JOIN invoices i ON i.id = r.invoice_id WHERE r.balance_reference = $1
       LIMIT 1`,
      [transferReference],
    );
    return rows[0]?.reference ?? null;
  }

  /** Locks a confirmation's row for a decision. */
  async lock(q: Queryable, id: number): Promise<{ status: TransferConfirmationStatus } | null> {
    const { rows } = await q.query<{ status: TransferConfirmationStatus }>(
      `SELECT status FROM transfer_confirmations WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return rows[0] ?? null;
  }

  async decide(
    q: Queryable,
    id: number,
    decision: { status: "settled" | "rejected"; decidedBy: number; note: string | null },
  ): Promise<void> {
    await q.query(
      `UPDATE transfer_confirmations SET status = $2, decided_by = $3, decision_note = $4, decided_at = now() WHERE id = $1`,
      [id, decision.status, decision.decidedBy, decision.note],
    );
  }

  async list(status: TransferConfirmationStatus | null, limit = 200): Promise<TransferConfirmationRow[]> {
    const { rows } = await this.db.query<TransferConfirmationRow>(
      `${SELECT} WHERE ($1::text IS NULL OR t.status = $1) ORDER BY t.confirmed_at DESC, t.id DESC LIMIT $2`,
      [status, limit],
    );
    return rows;
  }

  async count(status: TransferConfirmationStatus | null): Promise<number> {
    const { rows } = await this.db.query<{ n: number }>(
      `SELECT count(*)::bigint AS n FROM transfer_confirmations WHERE ($1::text IS NULL OR status = $1)`,
      [status],
    );
    return rows[0]?.n ?? 0;
  }
}
