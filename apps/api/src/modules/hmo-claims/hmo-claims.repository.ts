import type { ClaimStatus } from "@hospipay/contract";
import type { Queryable } from "../../db/database";
import { watDateSql } from "../../db/wat-sql";

/** A claim batch's head. */
export interface ClaimRecord {
  id: number;
  hmoId: number;
  hmoName: string;
  nhiaCode: string;
  /** YYYY-MM. */
  month: string;
  status: ClaimStatus;
  lines: number;
  totalKobo: number;
  remittedKobo: number;
  writtenOffKobo: number;
  createdAt: Date;
  submittedAt: Date | null;
}

/** One claimed bill line: the bill's HMO part of it, and what the HMO paid and what was written off of it. */
export interface ClaimLineRecord {
  billId: number;
  billToken: string;
  position: number;
  finalOn: string;
  hospitalNumber: string;
  patientName: string;
  enrolleeId: string;
  serviceId: string;
  serviceName: string;
  departmentName: string | null;
  quantity: number;
  preauthCode: string | null;
  amountKobo: number;
  paidKobo: number;
  writtenOffKobo: number;
  rejectedReason: string | null;
}

export interface RemittanceRecord {
  id: number;
  amountKobo: number;
  bankReference: string;
  receivedOn: string;
  createdAt: Date;
}

export interface WriteOffRecord {
  id: number;
  claimId: number;
  amountKobo: number;
  reason: string;
  status: "pending" | "approved" | "rejected";
  requestedById: number;
  requestedByName: string;
  requestedAt: Date;
  decidedById: number | null;
  decidedByName: string | null;
  decidedAt: Date | null;
  decisionNote: string | null;
}

const CLAIM_COLUMNS = `c.id::int AS id, c.hmo_id::int AS "hmoId", h.name AS "hmoName", h.nhia_code AS "nhiaCode",
  to_char(c.month, 'YYYY-MM') AS month, c.status,
  (SELECT count(*) FROM hmo_claim_lines l WHERE l.claim_id = c.id)::int AS lines,
  c.total_kobo AS "totalKobo", c.remitted_kobo AS "remittedKobo", c.written_off_kobo AS "writtenOffKobo",
  c.created_at AS "createdAt", c.submitted_at AS "submittedAt"`;
const CLAIM_FROM = `hmo_claims c JOIN hmos h ON h.id = c.hmo_id`;

/** The WAT day of a timestamp column, in SQL. */

const WRITE_OFF_COLUMNS = `w.id::int AS id, w.claim_id::int AS "claimId", w.amount_kobo AS "amountKobo", w.reason, w.status,
  w.requested_by::int AS "requestedById", ru.first_name || ' ' || ru.last_name AS "requestedByName", w.requested_at AS "requestedAt",
  w.decided_by::int AS "decidedById", du.first_name || ' ' || du.last_name AS "decidedByName", w.decided_at AS "decidedAt",
  w.decision_note AS "decisionNote"`;
const WRITE_OFF_FROM = `hmo_claim_write_offs w JOIN users ru ON ru.id = w.requested_by LEFT JOIN users du ON du.id = w.decided_by`;

/** SQL for claim batches (migration 0035), their lines, remittances and write-offs. */
export class HmoClaimsRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Makes the HMO's batch of `month` (its first day) from the lines of its enrollees' bills that became final
   * that month (WAT) with an HMO part and are not claimed yet; null when there is none. A second batch of the
   * same HMO and month is a unique violation.
   */
  async create(tx: Queryable, hmoId: number, month: string, staffId: number): Promise<number | null> {
    const { rows } = await tx.query<{ id: number }>(
      `WITH claimable AS (
         SELECT i.bill_id, i.position, i.hmo_kobo
         FROM patient_enrolments e JOIN bills b ON b.enrolment_id = e.id JOIN bill_items i ON i.bill_id = b.id
         WHERE e.hmo_id = $1 AND b.status = 'paid' AND i.hmo_kobo > 0
           AND ${watDateSql("b.paid_at")} >= $2::date AND ${watDateSql("b.paid_at")} < ($2::date + interval '1 month')
           AND NOT EXISTS (SELECT 1 FROM hmo_claim_lines l WHERE l.bill_id = i.bill_id AND l.position = i.position)
       ), claim AS (
         INSERT INTO hmo_claims (hmo_id, month, total_kobo, created_by)
         SELECT $1, $2::date, sum(hmo_kobo), $3 FROM claimable HAVING count(*) > 0
         RETURNING id
       ), claimed AS (
         INSERT INTO hmo_claim_lines (claim_id, bill_id, position, amount_kobo)
         SELECT claim.id, claimable.bill_id, claimable.position, claimable.hmo_kobo FROM claim, claimable
       )
       SELECT id::int AS id FROM claim`,
      [hmoId, month, staffId],
    );
    return rows[0]?.id ?? null;
  }

  /** Whether the HMO has its batch of `month` (its first day) already. */
  async exists(q: Queryable, hmoId: number, month: string): Promise<boolean> {
    const { rows } = await q.query(`SELECT 1 FROM hmo_claims WHERE hmo_id = $1 AND month = $2::date`, [hmoId, month]);
    return rows.length > 0;
  }

  async find(id: number, q: Queryable = this.db): Promise<ClaimRecord | null> {
    const { rows } = await q.query<ClaimRecord>(`SELECT ${CLAIM_COLUMNS} FROM ${CLAIM_FROM} WHERE c.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** The batch, its row locked until the transaction ends (whatever changes what it was paid or written off). */
  async lock(tx: Queryable, id: number): Promise<ClaimRecord | null> {
    const { rows } = await tx.query<ClaimRecord>(`SELECT ${CLAIM_COLUMNS} FROM ${CLAIM_FROM} WHERE c.id = $1 FOR UPDATE OF c`, [
      id,
    ]);
    return rows[0] ?? null;
  }

  /** Every batch, newest month first, or the HMO's. */
  async list(hmoId: number | null, q: Queryable = this.db): Promise<ClaimRecord[]> {
    const { rows } = await q.query<ClaimRecord>(
      `SELECT ${CLAIM_COLUMNS} FROM ${CLAIM_FROM} WHERE $1::bigint IS NULL OR c.hmo_id = $1 ORDER BY c.month DESC, lower(h.name), c.id`,
      [hmoId],
    );
    return rows;
  }

  /** The batch's lines, by bill (oldest first) and position. */
  async lines(claimId: number, q: Queryable = this.db): Promise<ClaimLineRecord[]> {
    const { rows } = await q.query<ClaimLineRecord>(
      `SELECT l.bill_id::int AS "billId", b.token AS "billToken", l.position, to_char(${watDateSql("b.paid_at")}, 'YYYY-MM-DD') AS "finalOn",
         b.hospital_number AS "hospitalNumber", b.patient_name AS "patientName", e.enrollee_id AS "enrolleeId",
         i.service_id AS "serviceId", i.service_name AS "serviceName", i.department_name AS "departmentName", i.quantity,
         i.preauth_code AS "preauthCode", l.amount_kobo AS "amountKobo", l.paid_kobo AS "paidKobo",
         l.written_off_kobo AS "writtenOffKobo", l.rejected_reason AS "rejectedReason"
       FROM hmo_claim_lines l JOIN bills b ON b.id = l.bill_id JOIN patient_enrolments e ON e.id = b.enrolment_id
         JOIN bill_items i ON i.bill_id = l.bill_id AND i.position = l.position
       WHERE l.claim_id = $1 ORDER BY b.paid_at, l.bill_id, l.position`,
      [claimId],
    );
    return rows;
  }

  /** Marks a line rejected by the HMO, with its reason. */
  async rejectLine(
    tx: Queryable,
    claimId: number,
    billId: number,
    position: number,
    reason: string,
    staffId: number,
  ): Promise<void> {
    await tx.query(
      `UPDATE hmo_claim_lines SET rejected_reason = $4, rejected_by = $5, rejected_at = clock_timestamp()
       WHERE claim_id = $1 AND bill_id = $2 AND position = $3`,
      [claimId, billId, position, reason, staffId],
    );
  }

  async submit(tx: Queryable, claimId: number, staffId: number): Promise<void> {
    await tx.query(
      `UPDATE hmo_claims SET status = 'submitted', submitted_by = $2, submitted_at = clock_timestamp() WHERE id = $1`,
      [claimId, staffId],
    );
  }

  async insertRemittance(
    tx: Queryable,
    claimId: number,
    input: { amountKobo: number; bankReference: string; receivedOn: string },
    staffId: number,
  ): Promise<number> {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO hmo_remittances (claim_id, amount_kobo, bank_reference, received_on, created_by)
       VALUES ($1, $2, $3, $4::date, $5) RETURNING id::int AS id`,
      [claimId, input.amountKobo, input.bankReference, input.receivedOn, staffId],
    );
    return rows[0]!.id;
  }

  /**
   * Adds what a remittance or a write-off gives each line (by bill and position) and the batch's totals, and
   * sets its status: paid when nothing is left, else part paid once something was remitted.
   */
  async settleLines(
    tx: Queryable,
    claimId: number,
    kind: "paid" | "written_off",
    shares: ReadonlyArray<{ billId: number; position: number; kobo: number }>,
  ): Promise<void> {
    const given = shares.filter((share) => share.kobo > 0);
    const column = kind === "paid" ? "paid_kobo" : "written_off_kobo";
    await tx.query(
      `UPDATE hmo_claim_lines l SET ${column} = l.${column} + t.kobo
       FROM unnest($2::bigint[], $3::int[], $4::bigint[]) AS t(bill_id, position, kobo)
       WHERE l.claim_id = $1 AND l.bill_id = t.bill_id AND l.position = t.position`,
      [claimId, given.map((s) => s.billId), given.map((s) => s.position), given.map((s) => s.kobo)],
    );
    const total = given.reduce((sum, share) => sum + share.kobo, 0);
    const claimColumn = kind === "paid" ? "remitted_kobo" : "written_off_kobo";
    await tx.query(
      `UPDATE hmo_claims SET ${claimColumn} = ${claimColumn} + $2,
         status = CASE WHEN remitted_kobo + written_off_kobo + $2 = total_kobo THEN 'paid'
                       WHEN remitted_kobo + $3 > 0 THEN 'part_paid' ELSE status END
       WHERE id = $1`,
      [claimId, total, kind === "paid" ? total : 0],
    );
  }

  async remittances(claimId: number, q: Queryable = this.db): Promise<RemittanceRecord[]> {
    const { rows } = await q.query<RemittanceRecord>(
      `SELECT id::int AS id, amount_kobo AS "amountKobo", bank_reference AS "bankReference",
         to_char(received_on, 'YYYY-MM-DD') AS "receivedOn", created_at AS "createdAt"
       FROM hmo_remittances WHERE claim_id = $1 ORDER BY id`,
      [claimId],
    );
    return rows;
  }

  async insertWriteOff(tx: Queryable, claimId: number, amountKobo: number, reason: string, staffId: number): Promise<number> {
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO hmo_claim_write_offs (claim_id, amount_kobo, reason, requested_by) VALUES ($1, $2, $3, $4) RETURNING id::int AS id`,
      [claimId, amountKobo, reason, staffId],
    );
    return rows[0]!.id;
  }

  async writeOffs(claimId: number, q: Queryable = this.db): Promise<WriteOffRecord[]> {
    const { rows } = await q.query<WriteOffRecord>(
      `SELECT ${WRITE_OFF_COLUMNS} FROM ${WRITE_OFF_FROM} WHERE w.claim_id = $1 ORDER BY w.id`,
      [claimId],
    );
    return rows;
  }

  async lockWriteOff(tx: Queryable, id: number): Promise<WriteOffRecord | null> {
    const { rows } = await tx.query<WriteOffRecord>(
      `SELECT ${WRITE_OFF_COLUMNS} FROM ${WRITE_OFF_FROM} WHERE w.id = $1 FOR UPDATE OF w`,
      [id],
    );
    return rows[0] ?? null;
  }

  async decideWriteOff(tx: Queryable, id: number, approved: boolean, staffId: number, note: string): Promise<void> {
    await tx.query(
      `UPDATE hmo_claim_write_offs SET status = $2, decided_by = $3, decided_at = clock_timestamp(), decision_note = $4 WHERE id = $1`,
      [id, approved ? "approved" : "rejected", staffId, note],
    );
  }
}
