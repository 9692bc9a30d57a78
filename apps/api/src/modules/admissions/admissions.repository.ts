import type { Database, Queryable } from "../../db/database";

/** A stay as the services read it, with its bill's figures (migration 0036). */
export interface AdmissionRecord {
  id: number;
  billId: number;
  patientId: number;
  hospitalNumber: string;
  patientName: string;
  ward: string;
  lowDepositKobo: number;
  admittedAt: Date;
  admittedByName: string;
  dischargedAt: Date | null;
  toWalletsKobo: number;
  toRefundKobo: number;
  billToken: string;
  /** The bank transfer that paid the refund owed (migration 0038). */
  refundPaid: { at: string; by: string; reference: string } | null;
}

/** A deposit paid to a stay's bill: its payment, newest first. */
export interface DepositPart {
  invoiceId: number;
  reference: string;
  paymentMethod: string;
  userId: number | null;
  subtotalKobo: number;
}

const COLUMNS = `a.id, a.bill_id AS "billId", a.patient_id AS "patientId", b.hospital_number AS "hospitalNumber",
  b.patient_name AS "patientName", a.ward, a.low_deposit_kobo AS "lowDepositKobo", a.admitted_at AS "admittedAt",
  u.first_name || ' ' || u.last_name AS "admittedByName", a.discharged_at AS "dischargedAt",
  a.to_wallets_kobo AS "toWalletsKobo", a.to_refund_kobo AS "toRefundKobo", b.token AS "billToken",
  CASE WHEN a.refund_paid_at IS NULL THEN NULL ELSE json_build_object('at', a.refund_paid_at, 'by', ru.first_name || ' ' || ru.last_name,
    'reference', a.refund_reference) END AS "refundPaid"`;
const FROM = `admissions a JOIN bills b ON b.id = a.bill_id JOIN users u ON u.id = a.admitted_by
  LEFT JOIN users ru ON ru.id = a.refund_paid_by`;

/** SQL for admissions (migration 0036). */
export class AdmissionsRepository {
  constructor(private readonly db: Database) {}

  async insert(q: Queryable, admission: { billId: number; patientId: number; ward: string; lowDepositKobo: number; by: number }) {
    const { rows } = await q.query<{ id: number }>(
      `INSERT INTO admissions (bill_id, patient_id, ward, low_deposit_kobo, admitted_by) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [admission.billId, admission.patientId, admission.ward, admission.lowDepositKobo, admission.by],
    );
    return rows[0]!.id;
  }

  /** The patient's stay not discharged yet, if any. */
  async currentOf(q: Queryable, patientId: number): Promise<number | null> {
    const { rows } = await q.query<{ id: number }>(`SELECT id FROM admissions WHERE patient_id = $1 AND discharged_at IS NULL`, [
      patientId,
    ]);
    return rows[0]?.id ?? null;
  }

  async find(id: number, q: Queryable = this.db): Promise<AdmissionRecord | null> {
    const { rows } = await q.query<AdmissionRecord>(`SELECT ${COLUMNS} FROM ${FROM} WHERE a.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** The stay, its row locked until the transaction ends (lines, discharge). Locked before its bill. */
  async lock(q: Queryable, id: number): Promise<AdmissionRecord | null> {
    const { rows } = await q.query<AdmissionRecord>(`SELECT ${COLUMNS} FROM ${FROM} WHERE a.id = $1 FOR UPDATE OF a`, [id]);
    return rows[0] ?? null;
  }

  /** The patients in the wards (oldest stay first), or the last 100 discharged (newest first). */
  async list(current: boolean): Promise<AdmissionRecord[]> {
    const { rows } = await this.db.query<AdmissionRecord>(
      current
        ? `SELECT ${COLUMNS} FROM ${FROM} WHERE a.discharged_at IS NULL ORDER BY a.admitted_at, a.id`
        : `SELECT ${COLUMNS} FROM ${FROM} WHERE a.discharged_at IS NOT NULL ORDER BY a.discharged_at DESC, a.id DESC LIMIT 100`,
    );
    return rows;
  }

  /** The deposits paid to the bill (completed parts), newest first: the order an excess is given back in. */
  async deposits(q: Queryable, billId: number): Promise<DepositPart[]> {
    const { rows } = await q.query<DepositPart>(
      `SELECT id AS "invoiceId", reference, payment_method AS "paymentMethod", user_id AS "userId", subtotal_kobo AS "subtotalKobo"
       FROM invoices WHERE bill_id = $1 AND status = 'completed' ORDER BY paid_at DESC NULLS LAST, id DESC`,
      [billId],
    );
    return rows;
  }

  async refundPaid(q: Queryable, id: number, by: number, reference: string): Promise<void> {
    await q.query(
      `UPDATE admissions SET refund_paid_by = $2, refund_paid_at = clock_timestamp(), refund_reference = $3
       WHERE id = $1 AND refund_paid_at IS NULL`,
      [id, by, reference],
    );
  }

  async discharge(q: Queryable, id: number, by: number, toWalletsKobo: number, toRefundKobo: number): Promise<void> {
    await q.query(
      `UPDATE admissions SET discharged_at = clock_timestamp(), discharged_by = $2, to_wallets_kobo = $3, to_refund_kobo = $4
       WHERE id = $1 AND discharged_at IS NULL`,
      [id, by, toWalletsKobo, toRefundKobo],
    );
  }
}
