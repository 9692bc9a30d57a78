import type { BillStatus, InvoiceStatus } from "@hospipay/contract";
import type { Database, Queryable } from "../../db/database";

/** A receipt code and the payment it belongs to. */
export interface ReceiptRow {
  invoiceId: number;
  code: string;
  /** When the payment is a part of a bill: the bill's token, status and (once paid in full) receipt code. */
  partOf: { token: string; status: BillStatus; code: string | null } | null;
  reference: string;
  status: InvoiceStatus;
  failureReason: string | null;
  customerName: string;
  totalKobo: number;
  paidAt: Date | null;
}

/** One line of a receipt's payment, with how many of it were given so far. */
export interface ReceiptItemRow {
  id: number;
  serviceName: string;
  departmentName: string | null;
  qty: number;
  given: number;
}

/** One giving, with the staff member's name. */
export interface RedemptionRow {
  id: number;
  itemId: number;
  serviceName: string;
  quantity: number;
  department: string;
  givenById: number;
  givenByName: string;
  givenAt: Date;
}

/** What one redemption gives of one item. */
export interface NewRedemption {
  itemId: number;
  quantity: number;
  department: string;
}

const RECEIPT_COLUMNS = `rc.invoice_id AS "invoiceId", rc.code, i.reference, i.status, i.failure_reason AS "failureReason",
  i.customer_name AS "customerName", i.total_kobo AS "totalKobo", i.paid_at AS "paidAt",
  CASE WHEN i.bill_id IS NULL THEN NULL ELSE (SELECT json_build_object('token', b.token, 'status', b.status, 'code', bc.code)
    FROM bills b LEFT JOIN receipt_codes bc ON bc.bill_id = b.id WHERE b.id = i.bill_id) END AS "partOf"`;

/** A fully paid bill's receipt code, and the bill as its receipt shows it. */
export interface BillReceiptRow {
  billId: number;
  code: string;
  token: string;
  status: BillStatus;
  patientName: string;
  totalKobo: number;
  paidAt: Date | null;
  /** True when a part of the bill was refunded: nothing more may be given against it. */
  partRefunded: boolean;
}

const BILL_RECEIPT_COLUMNS = `rc.bill_id AS "billId", rc.code, b.token, b.status, b.patient_name AS "patientName",
  b.total_kobo AS "totalKobo", b.paid_at AS "paidAt",
  EXISTS (SELECT 1 FROM invoices p WHERE p.bill_id = b.id AND p.status = 'refunded') AS "partRefunded"`;

/**
 * SQL for receipt codes (migrations 0009 and 0011; a payment's code is written with its completion, by
 * InvoicesRepository, a bill's with its last part's, by BillsRepository) and redemptions.
 */
export class ReceiptsRepository {
  constructor(private readonly db: Database) {}

  /** Which a code belongs to: a payment, a bill, or nothing. */
  async ownerOf(code: string, q: Queryable = this.db): Promise<"payment" | "bill" | null> {
    const { rows } = await q.query<{ bill: boolean }>(
      `SELECT bill_id IS NOT NULL AS bill FROM receipt_codes WHERE code = $1`,
      [code],
      { prepare: true },
    );
    const row = rows[0];
    return row === undefined ? null : row.bill ? "bill" : "payment";
  }

  async findBillByCode(code: string, q: Queryable = this.db): Promise<BillReceiptRow | null> {
    const { rows } = await q.query<BillReceiptRow>(
      `SELECT ${BILL_RECEIPT_COLUMNS} FROM receipt_codes rc JOIN bills b ON b.id = rc.bill_id WHERE rc.code = $1`,
      [code],
      { prepare: true },
    );
    return rows[0] ?? null;
  }

  /**
   * The bill's receipt as it now is, its parts (in id order) and then the bill share-locked until the
   * transaction ends: a part's refund (which locks the part for update) waits for a redemption in progress,
   * and a redemption for a refund in progress. Parts before the bill, as a settlement takes them.
   */
  async lockBill(q: Queryable, billId: number): Promise<BillReceiptRow | null> {
    await q.query(`SELECT id FROM invoices WHERE bill_id = $1 ORDER BY id FOR SHARE`, [billId]);
    const { rows } = await q.query<BillReceiptRow>(
      `SELECT ${BILL_RECEIPT_COLUMNS} FROM receipt_codes rc JOIN bills b ON b.id = rc.bill_id WHERE rc.bill_id = $1 FOR SHARE OF b`,
      [billId],
    );
    return rows[0] ?? null;
  }

  /** Locks the bill's lines in position order (see lockItems). */
  async lockBillItems(q: Queryable, billId: number): Promise<void> {
    await q.query(`SELECT position FROM bill_items WHERE bill_id = $1 ORDER BY position FOR UPDATE`, [billId]);
  }

  /** The bill's lines (each named by its position), with how many of each were given. */
  async billItemsOf(billId: number, q: Queryable = this.db): Promise<ReceiptItemRow[]> {
    const { rows } = await q.query<ReceiptItemRow>(
      `SELECT it.position AS id, it.service_name AS "serviceName", it.department_name AS "departmentName", it.quantity AS qty,
         coalesce((SELECT sum(r.quantity) FROM receipt_redemptions r
           WHERE r.bill_id = it.bill_id AND r.bill_item_position = it.position), 0)::int AS given
       FROM bill_items it WHERE it.bill_id = $1 ORDER BY it.position`,
      [billId],
    );
    return rows;
  }

  /** What was given against the bill, oldest first. */
  async billRedemptionsOf(billId: number, q: Queryable = this.db): Promise<RedemptionRow[]> {
    const { rows } = await q.query<RedemptionRow>(
      `SELECT r.id, r.bill_item_position AS "itemId", it.service_name AS "serviceName", r.quantity, r.department,
         r.given_by AS "givenById", trim(u.first_name || ' ' || u.last_name) AS "givenByName", r.given_at AS "givenAt"
       FROM receipt_redemptions r JOIN bill_items it ON it.bill_id = r.bill_id AND it.position = r.bill_item_position
         JOIN users u ON u.id = r.given_by
       WHERE r.bill_id = $1 ORDER BY r.given_at, r.id`,
      [billId],
    );
    return rows;
  }

  async insertBillRedemptions(q: Queryable, billId: number, givenBy: number, lines: NewRedemption[]): Promise<void> {
    await q.query(
      `INSERT INTO receipt_redemptions (bill_id, bill_item_position, quantity, department, given_by)
       SELECT $1, item, quantity, department, $2 FROM unnest($3::int[], $4::int[], $5::text[]) AS l (item, quantity, department)`,
      [billId, givenBy, lines.map((l) => l.itemId), lines.map((l) => l.quantity), lines.map((l) => l.department)],
    );
  }

  async findByCode(code: string, q: Queryable = this.db): Promise<ReceiptRow | null> {
    const { rows } = await q.query<ReceiptRow>(
      `SELECT ${RECEIPT_COLUMNS} FROM receipt_codes rc JOIN invoices i ON i.id = rc.invoice_id WHERE rc.code = $1`,
      [code],
      { prepare: true },
    );
    return rows[0] ?? null;
  }

  /**
   * The receipt's payment as it now is, its row share-locked until the transaction ends: a refund (which
   * locks it for update) waits for a redemption in progress, and a redemption for a refund in progress.
   */
  async lockPayment(q: Queryable, invoiceId: number): Promise<ReceiptRow | null> {
    const { rows } = await q.query<ReceiptRow>(
      `SELECT ${RECEIPT_COLUMNS} FROM receipt_codes rc JOIN invoices i ON i.id = rc.invoice_id
       WHERE rc.invoice_id = $1 FOR SHARE OF i`,
      [invoiceId],
    );
    return rows[0] ?? null;
  }

  /**
   * Locks the payment's item rows, in id order (the order every redemption takes them, so two never wait
   * on each other in a circle). Read what was given only after this, in a new statement: one waiting here
   * then sees the redemption it waited for.
   */
  async lockItems(q: Queryable, invoiceId: number): Promise<void> {
    await q.query(`SELECT id FROM invoice_items WHERE invoice_id = $1 ORDER BY id FOR UPDATE`, [invoiceId]);
  }

  /** The payment's items in their order, with how many of each were given. */
  async itemsOf(invoiceId: number, q: Queryable = this.db): Promise<ReceiptItemRow[]> {
    const { rows } = await q.query<ReceiptItemRow>(
      `SELECT it.id, it.service_name AS "serviceName", it.department_name AS "departmentName", it.qty,
         coalesce((SELECT sum(r.quantity) FROM receipt_redemptions r WHERE r.invoice_item_id = it.id), 0)::int AS given
       FROM invoice_items it WHERE it.invoice_id = $1 ORDER BY it.position`,
      [invoiceId],
    );
    return rows;
  }

  /** What was given against the payment, oldest first. */
  async redemptionsOf(invoiceId: number, q: Queryable = this.db): Promise<RedemptionRow[]> {
    const { rows } = await q.query<RedemptionRow>(
      `SELECT r.id, r.invoice_item_id AS "itemId", it.service_name AS "serviceName", r.quantity, r.department,
         r.given_by AS "givenById", trim(u.first_name || ' ' || u.last_name) AS "givenByName", r.given_at AS "givenAt"
       FROM receipt_redemptions r JOIN invoice_items it ON it.id = r.invoice_item_id JOIN users u ON u.id = r.given_by
       WHERE r.invoice_id = $1 ORDER BY r.given_at, r.id`,
      [invoiceId],
    );
    return rows;
  }

  async insertRedemptions(q: Queryable, invoiceId: number, givenBy: number, lines: NewRedemption[]): Promise<void> {
    await q.query(
      `INSERT INTO receipt_redemptions (invoice_id, invoice_item_id, quantity, department, given_by)
       SELECT $1, item, quantity, department, $2 FROM unnest($3::bigint[], $4::int[], $5::text[]) AS l (item, quantity, department)`,
      [invoiceId, givenBy, lines.map((l) => l.itemId), lines.map((l) => l.quantity), lines.map((l) => l.department)],
    );
  }

  /**
   * True when anything was given against the payment, or, for a part of a bill, against its bill (its
   * refund then needs a super admin).
   */
  async hasRedemptions(q: Queryable, invoiceId: number): Promise<boolean> {
    const { rows } = await q.query<{ given: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM receipt_redemptions WHERE invoice_id = $1)
         OR EXISTS (SELECT 1 FROM receipt_redemptions r JOIN invoices i ON i.bill_id = r.bill_id WHERE i.id = $1) AS given`,
      [invoiceId],
    );
    return rows[0]?.given === true;
  }
}
