import type { Database, Queryable } from "../../db/database";

/** A waiver as the service reads it, with its bill and the people who asked and decided. */
export interface WaiverRecord {
  id: number;
  billId: number;
  billToken: string;
  patientName: string;
  hospitalNumber: string;
  percentBp: number | null;
  amountKobo: number;
  reason: string;
  status: "pending" | "approved" | "rejected" | "withdrawn";
  requestedById: number;
  requestedByName: string;
  requestedAt: Date;
  decidedById: number | null;
  decidedByName: string | null;
  decidedAt: Date | null;
  decisionNote: string | null;
}

const COLUMNS = `w.id, w.bill_id AS "billId", b.token AS "billToken", b.patient_name AS "patientName",
  b.hospital_number AS "hospitalNumber", w.percent_bp AS "percentBp", w.amount_kobo AS "amountKobo", w.reason, w.status,
  w.requested_by AS "requestedById", btrim(r.first_name || ' ' || r.last_name) AS "requestedByName",
  w.requested_at AS "requestedAt", w.decided_by AS "decidedById",
  CASE WHEN d.id IS NULL THEN NULL ELSE btrim(d.first_name || ' ' || d.last_name) END AS "decidedByName",
  w.decided_at AS "decidedAt", w.decision_note AS "decisionNote"`;
const FROM = `bill_waivers w JOIN bills b ON b.id = w.bill_id JOIN users r ON r.id = w.requested_by
  LEFT JOIN users d ON d.id = w.decided_by`;

/** SQL for discounts and waivers on bills (migration 0031). */
export class BillWaiversRepository {
  constructor(private readonly db: Database) {}

  async insert(
    q: Queryable,
    waiver: { billId: number; percentBp: number | null; amountKobo: number; reason: string; by: number },
  ): Promise<number> {
    const { rows } = await q.query<{ id: number }>(
      `INSERT INTO bill_waivers (bill_id, percent_bp, amount_kobo, reason, requested_by) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [waiver.billId, waiver.percentBp, waiver.amountKobo, waiver.reason, waiver.by],
    );
    return rows[0]!.id;
  }

  async findById(id: number, q: Queryable = this.db): Promise<WaiverRecord | null> {
    const { rows } = await q.query<WaiverRecord>(`SELECT ${COLUMNS} FROM ${FROM} WHERE w.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** The waiver's row, locked for its decision. */
  async lock(tx: Queryable, id: number): Promise<{ billId: number; status: string } | null> {
    const { rows } = await tx.query<{ billId: number; status: string }>(
      `SELECT bill_id AS "billId", status FROM bill_waivers WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return rows[0] ?? null;
  }

  async decide(
    tx: Queryable,
    id: number,
    decision: { status: "approved" | "rejected"; by: number; note: string },
  ): Promise<void> {
    await tx.query(
      `UPDATE bill_waivers SET status = $2, decided_by = $3, decided_at = clock_timestamp(), decision_note = $4
       WHERE id = $1 AND status = 'pending'`,
      [id, decision.status, decision.by, decision.note],
    );
  }

  /** A cancelled bill's waivers still pending are withdrawn by whoever cancelled it. */
  async withdrawPending(tx: Queryable, billId: number, by: number): Promise<void> {
    await tx.query(
      `UPDATE bill_waivers SET status = 'withdrawn', decided_by = $2, decided_at = clock_timestamp(),
         decision_note = 'The bill was cancelled.'
       WHERE bill_id = $1 AND status = 'pending'`,
      [billId, by],
    );
  }

  async ofBill(billId: number, q: Queryable = this.db): Promise<WaiverRecord[]> {
    const { rows } = await q.query<WaiverRecord>(`SELECT ${COLUMNS} FROM ${FROM} WHERE w.bill_id = $1 ORDER BY w.id`, [billId]);
    return rows;
  }

  async list(status: WaiverRecord["status"], limit: number): Promise<{ count: number; rows: WaiverRecord[] }> {
    const [counted, listed] = await Promise.all([
      this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM bill_waivers WHERE status = $1`, [status]),
      this.db.query<WaiverRecord>(
        `SELECT ${COLUMNS} FROM ${FROM} WHERE w.status = $1 ORDER BY w.requested_at DESC, w.id DESC LIMIT $2`,
        [status, limit],
      ),
    ]);
    return { count: counted.rows[0]!.n, rows: listed.rows };
  }
}
