import type { BillStatus, Locale } from "@hospipay/contract";
import type { Database, Queryable } from "../../db/database";
import { phoneDigits } from "../payments";

export interface NewBill {
  token: string;
  /** The register's patient, when the bill names one. */
  patientId: number | null;
  hospitalNumber: string;
  patientName: string;
  patientPhone: string;
  patientEmail: string | null;
  note: string;
  dueDate: string | null;
  createdBy: number;
  /** The patient's language (the staff member's choice when raising the bill): the bill's e-mails are written in it. */
  locale: Locale;
  /** The HMO enrolment the bill is split by (issue 37), or null when the patient pays it whole. */
  enrolmentId: number | null;
  /** An admission's running bill (migration 0036): lines are added while it runs, and deposits have no ceiling. */
  running?: boolean;
}

export interface NewBillItem {
  serviceId: string;
  serviceName: string;
  departmentName: string | null;
  quantity: number;
  unitPriceKobo: number;
  openPrice: boolean;
  priceNote: string | null;
  /** The HMO's part of the line and the patient's co-payment (zero on a bill the patient pays whole). */
  hmoKobo: number;
  copayKobo: number;
  /** The HMO's pre-authorisation code the line was charged to it with. */
  preauthCode: string | null;
}

/** A bill as the services read it. */
export interface BillRecord {
  id: number;
  token: string;
  patientId: number | null;
  hospitalNumber: string;
  patientName: string;
  patientPhone: string;
  patientEmail: string | null;
  note: string;
  /** YYYY-MM-DD, or null. */
  dueDate: string | null;
  status: BillStatus;
  totalKobo: number;
  paidKobo: number;
  /** What approved discounts and waivers took off it (migration 0031). */
  waivedKobo: number;
  createdById: number;
  createdByName: string;
  createdByEmail: string;
  createdAt: Date;
  paidAt: Date | null;
  cancelledAt: Date | null;
  cancelReason: string | null;
  /** The bill's own receipt code, once it is paid in full. */
  receiptCode: string | null;
  /** The patient's language (migration 0016). */
  locale: Locale;
  /** What its parts paid before parts were split over its lines (migration 0030): counted under no department. */
  unsplitKobo: number;
  /** The HMO's part of the total (migration 0034); the rest is the patient's part. */
  hmoKobo: number;
  /** The HMO, plan and enrollee ID of the enrolment the bill is split by; null for a bill the patient pays whole. */
  coverage: { hmoId: number; hmoName: string; planName: string; enrolleeId: string } | null;
  /** The enrolment the bill is split by. */
  enrolmentId: number | null;
  /** An admission's bill while the patient stays (migration 0036): it takes lines, and deposits beyond its total. */
  running: boolean;
  /** The deposits' excess given back at discharge. */
  returnedKobo: number;
}

export interface BillItemRecord extends NewBillItem {
  position: number;
  lineTotalKobo: number;
}

/** A payment towards a bill (an invoice linked to it). */
export interface BillPartRecord {
  invoiceId: number;
  reference: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  paymentMethod: string;
  status: string;
  subtotalKobo: number;
  chargeFeeKobo: number;
  inReview: boolean;
  createdAt: Date;
  paidAt: Date | null;
}

/** What adding a part to a bill did. */
export type PartOutcome = { fits: true; bill: BillRecord; nowPaid: boolean } | { fits: false; bill: BillRecord | null };

const COLUMNS = `b.id, b.token, b.patient_id AS "patientId", b.hospital_number AS "hospitalNumber", b.patient_name AS "patientName",
  b.patient_phone AS "patientPhone", b.patient_email AS "patientEmail", b.note, to_char(b.due_date, 'YYYY-MM-DD') AS "dueDate",
  b.status, b.total_kobo AS "totalKobo", b.paid_kobo AS "paidKobo", b.waived_kobo AS "waivedKobo", b.created_by AS "createdById",
  u.first_name || ' ' || u.last_name AS "createdByName", u.email AS "createdByEmail", b.created_at AS "createdAt",
  b.paid_at AS "paidAt", b.cancelled_at AS "cancelledAt", b.cancel_reason AS "cancelReason", rc.code AS "receiptCode", b.locale,
  b.unsplit_kobo AS "unsplitKobo", b.hmo_kobo AS "hmoKobo", b.enrolment_id AS "enrolmentId", b.running,
  b.returned_kobo AS "returnedKobo",
  CASE WHEN e.id IS NULL THEN NULL ELSE json_build_object('hmoId', e.hmo_id, 'hmoName', h.name, 'planName', hp.name,
    'enrolleeId', e.enrollee_id) END AS coverage`;
const FROM = `bills b JOIN users u ON u.id = b.created_by LEFT JOIN receipt_codes rc ON rc.bill_id = b.id
  LEFT JOIN patient_enrolments e ON e.id = b.enrolment_id LEFT JOIN hmos h ON h.id = e.hmo_id
  LEFT JOIN hmo_plans hp ON hp.id = e.plan_id`;

/** The patient's part of a bill: its total less the HMO's part (migration 0034). */
export const patientPartKobo = (bill: Pick<BillRecord, "totalKobo" | "hmoKobo">) => bill.totalKobo - bill.hmoKobo;

/**
 * What a bill still asks for: the patient's part less what its parts paid (less what was given back at
 * discharge) and its waivers took off. Below zero only on an admission's running bill, whose deposits exceed
 * its charges so far.
 */
export const owedKobo = (
  bill: Pick<BillRecord, "totalKobo" | "paidKobo" | "waivedKobo" | "hmoKobo"> & { returnedKobo?: number },
) => patientPartKobo(bill) - bill.paidKobo + (bill.returnedKobo ?? 0) - bill.waivedKobo;

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQL for bills (migration 0008), their lines, and the payments linked to them. */
export class BillsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Writes a bill and its lines; its total is the sum of the lines, its HMO part the sum of theirs. A bill the
   * HMO covers whole asks the patient for nothing: it is paid as it is written.
   */
  async insert(q: Queryable, bill: NewBill, items: NewBillItem[]): Promise<number> {
    const total = items.reduce((sum, item) => sum + item.unitPriceKobo * item.quantity, 0);
    const hmo = items.reduce((sum, item) => sum + item.hmoKobo, 0);
    const { rows } = await q.query<{ id: number }>(
      `INSERT INTO bills (token, hospital_number, patient_name, patient_phone, patient_phone_digits, patient_email, note,
         due_date, total_kobo, created_by, locale, patient_id, enrolment_id, hmo_kobo, running, status, paid_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date, $9, $10, $11, $12, $13, $14, $15,
         CASE WHEN $14::bigint = $9::bigint AND NOT $15 THEN 'paid' ELSE 'open' END,
         CASE WHEN $14::bigint = $9::bigint AND NOT $15 THEN now() END)
       RETURNING id`,
      [
        bill.token,
        bill.hospitalNumber,
        bill.patientName,
        bill.patientPhone,
        phoneDigits(bill.patientPhone),
        bill.patientEmail?.toLowerCase() ?? null,
        bill.note,
        bill.dueDate,
        total,
        bill.createdBy,
        bill.locale,
        bill.patientId,
        bill.enrolmentId,
        hmo,
        bill.running ?? false,
      ],
    );
    const id = rows[0]!.id;
    await this.insertItems(q, id, 0, items);
    return id;
  }

  /**
   * Adds lines to an admission's running bill after its last, and their totals and HMO parts to its own. The
   * caller holds the bill's row lock and has checked it runs.
   */
  async appendItems(q: Queryable, bill: Pick<BillRecord, "id">, items: NewBillItem[]): Promise<void> {
    const { rows } = await q.query<{ last: number }>(
      `SELECT coalesce(max(position), 0)::int AS last FROM bill_items WHERE bill_id = $1`,
      [bill.id],
    );
    await this.insertItems(q, bill.id, rows[0]!.last, items);
    await q.query(`UPDATE bills SET total_kobo = total_kobo + $2, hmo_kobo = hmo_kobo + $3 WHERE id = $1 AND running`, [
      bill.id,
      items.reduce((sum, item) => sum + item.unitPriceKobo * item.quantity, 0),
      items.reduce((sum, item) => sum + item.hmoKobo, 0),
    ]);
  }

  /**
   * Stops an admission's bill running (its discharge): what its deposits paid beyond its patient's part is
   * given back (`returnedKobo`, which the caller has moved out of the bill deposits), and the bill is paid
   * when its parts, less that, and its waivers cover the patient's part. The caller holds the row lock.
   */
  async stopRunning(q: Queryable, bill: BillRecord, returnedKobo: number): Promise<BillRecord> {
    const after = { ...bill, running: false, returnedKobo };
    const nowPaid = owedKobo(after) === 0;
    await q.query(
      `UPDATE bills SET running = false, returned_kobo = $2,
         status = CASE WHEN $3::boolean THEN 'paid' ELSE status END, paid_at = CASE WHEN $3::boolean THEN now() ELSE paid_at END
       WHERE id = $1 AND running`,
      [bill.id, returnedKobo, nowPaid],
    );
    return { ...after, status: nowPaid ? "paid" : bill.status };
  }

  private async insertItems(q: Queryable, id: number, after: number, items: NewBillItem[]): Promise<void> {
    if (items.length === 0) return;
    await q.query(
      `INSERT INTO bill_items (bill_id, position, service_id, service_name, department_name, quantity, unit_price_kobo,
         line_total_kobo, open_price, price_note, hmo_kobo, copay_kobo, preauth_code)
       SELECT $1, $12::int + t.n, t.service_id, t.service_name, t.department_name, t.quantity, t.unit_price_kobo,
         t.unit_price_kobo * t.quantity, t.open_price, t.price_note, t.hmo_kobo, t.copay_kobo, t.preauth_code
       FROM unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::bigint[], $7::boolean[], $8::text[], $9::bigint[],
         $10::bigint[], $11::text[]) WITH ORDINALITY
         AS t(service_id, service_name, department_name, quantity, unit_price_kobo, open_price, price_note, hmo_kobo,
           copay_kobo, preauth_code, n)`,
      [
        id,
        items.map((i) => i.serviceId),
        items.map((i) => i.serviceName),
        items.map((i) => i.departmentName),
        items.map((i) => i.quantity),
        items.map((i) => i.unitPriceKobo),
        items.map((i) => i.openPrice),
        items.map((i) => i.priceNote),
        items.map((i) => i.hmoKobo),
        items.map((i) => i.copayKobo),
        items.map((i) => i.preauthCode),
        after,
      ],
    );
  }

  async findByToken(token: string, q: Queryable = this.db): Promise<BillRecord | null> {
    const { rows } = await q.query<BillRecord>(`SELECT ${COLUMNS} FROM ${FROM} WHERE b.token = $1`, [token]);
    return rows[0] ?? null;
  }

  async findById(id: number, q: Queryable = this.db): Promise<BillRecord | null> {
    const { rows } = await q.query<BillRecord>(`SELECT ${COLUMNS} FROM ${FROM} WHERE b.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** Several bills by id, in one query (a ward's stays). */
  async findByIds(ids: readonly number[], q: Queryable = this.db): Promise<Map<number, BillRecord>> {
    const { rows } = await q.query<BillRecord>(`SELECT ${COLUMNS} FROM ${FROM} WHERE b.id = ANY ($1::bigint[])`, [ids]);
    return new Map(rows.map((bill) => [Number(bill.id), bill]));
  }

  /** The bill, its row locked until the transaction ends (every change of its paid amount or status holds it). */
  async lockByToken(q: Queryable, token: string): Promise<BillRecord | null> {
    const { rows } = await q.query<BillRecord>(`SELECT ${COLUMNS} FROM ${FROM} WHERE b.token = $1 FOR UPDATE OF b`, [token]);
    return rows[0] ?? null;
  }

  async lockById(q: Queryable, id: number): Promise<BillRecord | null> {
    const { rows } = await q.query<BillRecord>(`SELECT ${COLUMNS} FROM ${FROM} WHERE b.id = $1 FOR UPDATE OF b`, [id]);
    return rows[0] ?? null;
  }

  /**
   * Adds a settled part to its bill, behind the bill's row lock: only while the bill is open and the part
   * fits in what is left; the part that pays the rest marks the bill paid. A part that does not fit
   * changes nothing.
   */
  async applyPart(q: Queryable, billId: number, kobo: number): Promise<PartOutcome> {
    const bill = await this.lockById(q, billId);
    // A running bill's deposits are not bounded by its charges so far; it is paid only once it stops (discharge).
    if (!bill || bill.status !== "open" || (!bill.running && kobo > owedKobo(bill))) return { fits: false, bill };
    const nowPaid = !bill.running && kobo === owedKobo(bill);
    await q.query(
      `UPDATE bills SET paid_kobo = paid_kobo + $2,
         status = CASE WHEN $3::boolean THEN 'paid' ELSE status END, paid_at = CASE WHEN $3::boolean THEN now() ELSE paid_at END
       WHERE id = $1`,
      [billId, kobo, nowPaid],
    );
    return {
      fits: true,
      nowPaid,
      bill: { ...bill, paidKobo: bill.paidKobo + kobo, status: nowPaid ? "paid" : "open" },
    };
  }

  /**
   * Takes an approved waiver off the bill when it is open and the waiver fits what it still asks for; covered
   * in full by it, the bill is paid. The caller holds the bill's row lock (lockById).
   */
  async applyWaiver(q: Queryable, bill: BillRecord, kobo: number): Promise<PartOutcome> {
    if (bill.status !== "open" || kobo > owedKobo(bill)) return { fits: false, bill };
    const nowPaid = !bill.running && kobo === owedKobo(bill);
    await q.query(
      `UPDATE bills SET waived_kobo = waived_kobo + $2,
         status = CASE WHEN $3::boolean THEN 'paid' ELSE status END, paid_at = CASE WHEN $3::boolean THEN now() ELSE paid_at END
       WHERE id = $1`,
      [bill.id, kobo, nowPaid],
    );
    return { fits: true, nowPaid, bill: { ...bill, waivedKobo: bill.waivedKobo + kobo, status: nowPaid ? "paid" : "open" } };
  }

  /** What the bill's parts gave each of its lines so far (migration 0030), by the line's position. */
  async partLineTotals(q: Queryable, billId: number): Promise<Map<number, number>> {
    const { rows } = await q.query<{ position: number; kobo: number }>(
      `SELECT position, sum(amount_kobo)::bigint AS kobo FROM bill_part_lines WHERE bill_id = $1 GROUP BY position`,
      [billId],
    );
    return new Map(rows.map((row) => [row.position, Number(row.kobo)]));
  }

  /**
   * Writes what a part gives each of its bill's lines (those it gives nothing are left out); the database
   * then counts the part's invoice under those lines' departments (migration 0030).
   */
  async insertPartLines(
    q: Queryable,
    invoiceId: number,
    billId: number,
    shares: ReadonlyArray<{ position: number; kobo: number }>,
  ): Promise<void> {
    const given = shares.filter((share) => share.kobo > 0);
    if (given.length === 0) return;
    await q.query(
      `INSERT INTO bill_part_lines (invoice_id, bill_id, position, amount_kobo)
       SELECT $1, $2, t.position, t.kobo FROM unnest($3::int[], $4::bigint[]) AS t(position, kobo)`,
      [invoiceId, billId, given.map((share) => share.position), given.map((share) => share.kobo)],
    );
  }

  /** Writes a fully paid bill's receipt code (migration 0011), in the transaction of the part that paid it in full. */
  async insertReceiptCode(q: Queryable, billId: number, code: string): Promise<void> {
    await q.query(`INSERT INTO receipt_codes (bill_id, code) VALUES ($1, $2)`, [billId, code]);
  }

  /** Cancels an open bill; the caller holds its row lock. */
  async cancel(q: Queryable, billId: number, by: number, reason: string): Promise<void> {
    await q.query(
      `UPDATE bills SET status = 'cancelled', cancelled_at = now(), cancelled_by = $2, cancel_reason = $3
       WHERE id = $1 AND status = 'open'`,
      [billId, by, reason],
    );
  }

  async itemsOf(billId: number, q: Queryable = this.db): Promise<BillItemRecord[]> {
    const { rows } = await q.query<BillItemRecord>(
      `SELECT position, service_id AS "serviceId", service_name AS "serviceName", department_name AS "departmentName",
         quantity, unit_price_kobo AS "unitPriceKobo", line_total_kobo AS "lineTotalKobo", open_price AS "openPrice",
         price_note AS "priceNote", hmo_kobo AS "hmoKobo", copay_kobo AS "copayKobo", preauth_code AS "preauthCode"
       FROM bill_items WHERE bill_id = $1 ORDER BY position`,
      [billId],
    );
    return rows;
  }

  /** The payments made towards a bill, oldest first; only completed ones with `completedOnly`. */
  async partsOf(billId: number, { completedOnly = false } = {}, q: Queryable = this.db): Promise<BillPartRecord[]> {
    const { rows } = await q.query<BillPartRecord>(
      `SELECT i.id AS "invoiceId", i.reference, i.customer_name AS "customerName", i.customer_email AS "customerEmail",
         i.customer_phone AS "customerPhone", i.payment_method AS "paymentMethod", i.status, i.subtotal_kobo AS "subtotalKobo",
         i.charge_fee_kobo AS "chargeFeeKobo",
         EXISTS (SELECT 1 FROM payment_reviews r WHERE r.invoice_id = i.id AND r.resolved_at IS NULL) AS "inReview",
         i.created_at AS "createdAt", i.paid_at AS "paidAt"
       FROM invoices i WHERE i.bill_id = $1 AND (NOT $2::boolean OR i.status = 'completed')
       ORDER BY i.created_at, i.id`,
      [billId, completedOnly],
    );
    return rows;
  }

  /** A bill's status, by id (the refunds path asks where a part's money sits). */
  async statusOf(q: Queryable, billId: number): Promise<BillStatus | null> {
    const { rows } = await q.query<{ status: BillStatus }>(`SELECT status FROM bills WHERE id = $1`, [billId]);
    return rows[0]?.status ?? null;
  }

  /**
   * The staff list, newest first: bills whose token, hospital number or e-mail is `q`, whose phone ends in
   * its digits, or whose patient name or hospital number contains it.
   */
  async search(filter: {
    q: string;
    status: BillStatus | null;
    limit: number;
    offset: number;
  }): Promise<{ count: number; rows: BillRecord[] }> {
    const text = filter.q.trim().toLowerCase();
    // A phone number as typed (digits, spaces, dashes, a leading +): matched by its last six digits.
    const digits = /^\+?[\d\s-]{6,}$/.test(text) ? text.replace(/\D/g, "") : "";
    const where = `($1::text = '' OR b.token = $1 OR lower(b.hospital_number) = $1 OR b.patient_email = $1
        OR lower(b.patient_name) LIKE $2 OR lower(b.hospital_number) LIKE $2
        OR (length($3::text) >= 6 AND b.patient_phone_digits = right($3::text, 6)))
      AND ($4::text IS NULL OR b.status = $4)`;
    const params = [text, containing(text), digits, filter.status];
    const [counted, listed] = await Promise.all([
      this.db.query<{ n: number }>(`SELECT count(*)::bigint AS n FROM bills b WHERE ${where}`, params),
      this.db.query<BillRecord>(
        `SELECT ${COLUMNS} FROM ${FROM} WHERE ${where} ORDER BY b.created_at DESC, b.id DESC LIMIT $5 OFFSET $6`,
        [...params, filter.limit, filter.offset],
      ),
    ]);
    return { count: counted.rows[0]?.n ?? 0, rows: listed.rows };
  }
}
