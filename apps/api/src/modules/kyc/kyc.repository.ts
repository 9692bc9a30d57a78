import type { KycInput } from "@hospipay/contract";
import type { Database, Queryable } from "../../db/database";

export interface KycRecordRow {
  id: number;
  userId: number;
  accountType: "INDIVIDUAL" | "CORPORATE";
  dob: string;
  address: string;
  nextOfKinName: string;
  nextOfKinPhone: string;
  nextOfKinAddress: string;
  idNumber: string;
  idType: string;
  status: "PENDING" | "verified" | "REJECTED";
  tierLevel: number | null;
  rejectionReason: string | null;
  submittedAt: Date;
}

export interface KycDocumentRow {
  id: number;
  /** The random UUID a document's URL carries; the row number opens nothing. */
  publicId: string;
  userId: number;
  slot: string;
  storedName: string;
  originalName: string;
  contentType: string;
  sizeBytes: number;
  createdAt: Date;
}

export interface KycDecisionRow {
  kycId: number;
  decision: "verified" | "rejected";
  tierLevel: number | null;
  reason: string | null;
  decidedAt: Date;
  decidedByEmail: string;
}

const recordColumns = (t: string) => `${t}id, ${t}user_id AS "userId", ${t}account_type AS "accountType",
  to_char(${t}dob, 'YYYY-MM-DD') AS dob, ${t}address, ${t}next_of_kin_name AS "nextOfKinName",
  ${t}next_of_kin_phone AS "nextOfKinPhone", ${t}next_of_kin_address AS "nextOfKinAddress", ${t}id_number AS "idNumber",
  ${t}id_type AS "idType", ${t}status, ${t}tier_level AS "tierLevel", ${t}rejection_reason AS "rejectionReason",
  ${t}submitted_at AS "submittedAt"`;
const RECORD = recordColumns("");
const DOCUMENT = `id, public_id::text AS "publicId", user_id AS "userId", slot, stored_name AS "storedName", original_name AS "originalName",
  content_type AS "contentType", size_bytes AS "sizeBytes", created_at AS "createdAt"`;

/** SQL for KYC records, their documents and the staff decisions on them. */
export class KycRepository {
  constructor(private readonly db: Database) {}

  async findByUser(userId: number, q: Queryable = this.db, lock = false): Promise<KycRecordRow | null> {
    const { rows } = await q.query<KycRecordRow>(
      `SELECT ${RECORD} FROM kyc_records WHERE user_id = $1${lock ? " FOR UPDATE" : ""}`,
      [userId],
    );
    return rows[0] ?? null;
  }

  async findById(id: number, q: Queryable = this.db, lock = false): Promise<KycRecordRow | null> {
    const { rows } = await q.query<KycRecordRow>(`SELECT ${RECORD} FROM kyc_records WHERE id = $1${lock ? " FOR UPDATE" : ""}`, [
      id,
    ]);
    return rows[0] ?? null;
  }

  /** Inserts an INDIVIDUAL record (the upgrade alone makes one CORPORATE); null when the user already has one. */
  async insert(q: Queryable, userId: number, input: KycInput): Promise<KycRecordRow | null> {
    const { rows } = await q.query<KycRecordRow>(
      `INSERT INTO kyc_records (user_id, dob, address, next_of_kin_name, next_of_kin_phone, next_of_kin_address, id_number, id_type)
       VALUES ($1, $2::date, $3, $4, $5, $6, $7, $8) ON CONFLICT (user_id) DO NOTHING RETURNING ${RECORD}`,
      [
        userId,
        input.dob,
        input.address,
        input.next_of_kin_name,
        input.next_of_kin_phone,
        input.next_of_kin_address,
        input.id_number,
        input.id_type,
      ],
    );
    return rows[0] ?? null;
  }

  /** Replaces the details, keeping the account type; a corrected record goes back to review. */
  async update(q: Queryable, id: number, input: KycInput): Promise<KycRecordRow> {
    const { rows } = await q.query<KycRecordRow>(
      `UPDATE kyc_records SET dob = $2::date, address = $3, next_of_kin_name = $4, next_of_kin_phone = $5,
         next_of_kin_address = $6, id_number = $7, id_type = $8, status = 'PENDING', rejection_reason = NULL,
         submitted_at = CASE WHEN status = 'REJECTED' THEN now() ELSE submitted_at END, updated_at = now()
       WHERE id = $1 RETURNING ${RECORD}`,
      [
        id,
        input.dob,
        input.address,
        input.next_of_kin_name,
        input.next_of_kin_phone,
        input.next_of_kin_address,
        input.id_number,
        input.id_type,
      ],
    );
    return rows[0]!;
  }

  async setAccountType(q: Queryable, userId: number, accountType: "INDIVIDUAL" | "CORPORATE"): Promise<void> {
    await q.query(`UPDATE kyc_records SET account_type = $2, updated_at = now() WHERE user_id = $1`, [userId, accountType]);
    await q.query(`UPDATE users SET account_type = $2, updated_at = now() WHERE id = $1`, [userId, accountType]);
  }

  async decide(
    q: Queryable,
    id: number,
    decision: { status: "verified" | "REJECTED"; tierLevel: number | null; reason: string | null },
  ): Promise<void> {
    await q.query(
      `UPDATE kyc_records SET status = $2, tier_level = coalesce($3, tier_level), rejection_reason = $4, updated_at = now() WHERE id = $1`,
      [id, decision.status, decision.tierLevel, decision.reason],
    );
  }

  async insertDecision(
    q: Queryable,
    row: { kycId: number; decision: "verified" | "rejected"; tierLevel: number | null; reason: string | null; decidedBy: number },
  ) {
    await q.query(`INSERT INTO kyc_decisions (kyc_id, decision, tier_level, reason, decided_by) VALUES ($1, $2, $3, $4, $5)`, [
      row.kycId,
      row.decision,
      row.tierLevel,
      row.reason,
      row.decidedBy,
    ]);
  }

  async insertDocument(q: Queryable, doc: Omit<KycDocumentRow, "id" | "publicId" | "createdAt">): Promise<void> {
    await q.query(
      `INSERT INTO kyc_documents (user_id, slot, stored_name, original_name, content_type, size_bytes) VALUES ($1, $2, $3, $4, $5, $6)`,
      [doc.userId, doc.slot, doc.storedName, doc.originalName, doc.contentType, doc.sizeBytes],
    );
  }

  async documentsOf(userIds: number[]): Promise<KycDocumentRow[]> {
    if (userIds.length === 0) return [];
    const { rows } = await this.db.query<KycDocumentRow>(
      `SELECT ${DOCUMENT} FROM kyc_documents WHERE user_id = ANY($1::bigint[]) ORDER BY user_id, created_at DESC, id DESC`,
      [userIds],
    );
    return rows;
  }

  /** A document by its public id, which must be a UUID (the column's type refuses any other text). */
  async findDocument(publicId: string): Promise<KycDocumentRow | null> {
    const { rows } = await this.db.query<KycDocumentRow>(`SELECT ${DOCUMENT} FROM kyc_documents WHERE public_id = $1::uuid`, [
      publicId,
    ]);
    return rows[0] ?? null;
  }

  async decisionsOf(kycIds: number[]): Promise<KycDecisionRow[]> {
    if (kycIds.length === 0) return [];
    const { rows } = await this.db.query<KycDecisionRow>(
      `SELECT d.kyc_id AS "kycId", d.decision, d.tier_level AS "tierLevel", d.reason, d.decided_at AS "decidedAt", u.email AS "decidedByEmail"
       FROM kyc_decisions d JOIN users u ON u.id = d.decided_by WHERE d.kyc_id = ANY($1::bigint[]) ORDER BY d.decided_at, d.id`,
      [kycIds],
    );
    return rows;
  }

  /** The review queue: pending first, then by submission time. */
  async queue(
    status: string | null,
    limit: number,
  ): Promise<Array<KycRecordRow & { firstName: string; lastName: string; email: string }>> {
    const { rows } = await this.db.query<KycRecordRow & { firstName: string; lastName: string; email: string }>(
      `SELECT ${recordColumns("k.")}, u.first_name AS "firstName", u.last_name AS "lastName", u.email
       FROM kyc_records k JOIN users u ON u.id = k.user_id
       WHERE ($1::text IS NULL OR k.status = $1)
       ORDER BY (k.status = 'PENDING') DESC, k.submitted_at LIMIT $2`,
      [status, limit],
    );
    return rows;
  }
}
