import type { BillStatus, InvoiceStatus } from "@hospipay/contract";
import type { Database, Queryable } from "../../db/database";
import { RoundBatch } from "../../lib/round-batch";

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

/**
 * Whether the bill `b` had a part refunded that counted towards it. A part counts once it completed (its
 * paid_at is written with the settlement that added it to the bill, behind the bill's row lock); a part
 * held in review (settled after the bill no longer needed it, or paid short) never completed, and its
 * refund leaves the bill's receipt as it is.
 */
const PART_REFUNDED = `EXISTS (SELECT 1 FROM invoices p WHERE p.bill_id = b.id AND p.status = 'refunded' AND p.paid_at IS NOT NULL)`;

const RECEIPT_COLUMNS = `rc.invoice_id AS "invoiceId", rc.code, i.reference, i.status, i.failure_reason AS "failureReason",
  i.customer_name AS "customerName", i.total_kobo AS "totalKobo", i.paid_at AS "paidAt",
  CASE WHEN i.bill_id IS NULL THEN NULL ELSE (SELECT json_build_object('token', b.token, 'status', b.status, 'code', bc.code)
    FROM bills b LEFT JOIN receipt_codes bc ON bc.bill_id = b.id WHERE b.id = i.bill_id) END AS "partOf"`;

/**
 * A receipt as the point of care sees it, read in one statement (a payment's code or a bill's): the
 * head's columns, and its lines and givings as the answer's JSON arrays (the contract's staffReceiptSchema
 * items and given), written by the database.
 */
export interface StaffReceiptRow {
  kind: "payment" | "bill";
  code: string;
  /** The payment's reference, or the bill's token. */
  reference: string;
  /** The payment's status, or the bill's. */
  status: InvoiceStatus | BillStatus;
  failureReason: string | null;
  /** A bill's receipt: true when a part of the bill was refunded. */
  partRefunded: boolean;
  payerName: string;
  /** The patient's hospital number: the bill's, else the payment's ("" when none was given). */
  hospitalNumber: string;
  totalKobo: number;
  /** A bill's receipt for an HMO enrollee: the HMO's part of the total and its name (migration 0034); 0 and null else. */
  hmoKobo: number;
  hmoName: string | null;
  /** ISO 8601 (as Date.toISOString() writes it), or null. */
  paidAt: string | null;
  /** The bill: a bill's own, or the one a part payment pays towards; null for any other payment. */
  billToken: string | null;
  billStatus: BillStatus | null;
  billCode: string | null;
  /** The lines, as JSON text. */
  items: string;
  /** True when a line has some left to give. */
  open: boolean;
  /** The givings, oldest first, as JSON text. */
  given: string;
}

/** ISO 8601 in UTC to the millisecond, as Date.toISOString() writes it. */
const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** A receipt's view (StaffReceiptRow) for the code `q.code`: a payment's or a bill's, at most one row. */
const STAFF_VIEW_SQL = `
  SELECT 'payment' AS kind, rc.code, i.reference, i.status, i.failure_reason AS "failureReason", false AS "partRefunded",
    i.customer_name AS "payerName", coalesce(b.hospital_number, i.hospital_number) AS "hospitalNumber", i.total_kobo AS "totalKobo",
    0::bigint AS "hmoKobo", NULL::text AS "hmoName",
    to_char(i.paid_at AT TIME ZONE 'UTC', ${ISO}) AS "paidAt",
    b.token AS "billToken", b.status AS "billStatus", bc.code AS "billCode",
    l.items, l.open, g.given
  FROM receipt_codes rc JOIN invoices i ON i.id = rc.invoice_id
    LEFT JOIN bills b ON b.id = i.bill_id LEFT JOIN receipt_codes bc ON bc.bill_id = b.id
    CROSS JOIN LATERAL (
      SELECT coalesce(json_agg(json_build_object('id', it.id, 'service_name', it.service_name,
          'department', nullif(it.department_name, ''), 'quantity', it.qty, 'given', n.given, 'remaining', it.qty - n.given)
          ORDER BY it.position), '[]')::text AS items,
        coalesce(bool_or(n.given < it.qty), false) AS open
      FROM invoice_items it CROSS JOIN LATERAL (
        SELECT coalesce(sum(r.quantity), 0)::int AS given FROM receipt_redemptions r WHERE r.invoice_item_id = it.id) n
      WHERE it.invoice_id = i.id) l
    CROSS JOIN LATERAL (
      SELECT coalesce(json_agg(json_build_object('id', r.id, 'item_id', r.invoice_item_id, 'service_name', it.service_name,
          'quantity', r.quantity, 'department', r.department,
          'given_by', json_build_object('id', r.given_by, 'name', trim(u.first_name || ' ' || u.last_name)),
          'given_at', to_char(r.given_at AT TIME ZONE 'UTC', ${ISO}))
          ORDER BY r.given_at, r.id), '[]')::text AS given
      FROM receipt_redemptions r JOIN invoice_items it ON it.id = r.invoice_item_id JOIN users u ON u.id = r.given_by
      WHERE r.invoice_id = i.id) g
  WHERE rc.code = q.code
  UNION ALL
  SELECT 'bill', rc.code, b.token, b.status, NULL,
    ${PART_REFUNDED},
    b.patient_name, b.hospital_number, b.total_kobo,
    b.hmo_kobo, (SELECT h.name FROM patient_enrolments e JOIN hmos h ON h.id = e.hmo_id WHERE e.id = b.enrolment_id),
    to_char(b.paid_at AT TIME ZONE 'UTC', ${ISO}),
    b.token, b.status, rc.code,
    l.items, l.open, g.given
  FROM receipt_codes rc JOIN bills b ON b.id = rc.bill_id
    CROSS JOIN LATERAL (
      SELECT coalesce(json_agg(json_build_object('id', it.position, 'service_name', it.service_name,
          'department', nullif(it.department_name, ''), 'quantity', it.quantity, 'given', n.given, 'remaining', it.quantity - n.given)
          ORDER BY it.position), '[]')::text AS items,
        coalesce(bool_or(n.given < it.quantity), false) AS open
      FROM bill_items it CROSS JOIN LATERAL (
        SELECT coalesce(sum(r.quantity), 0)::int AS given FROM receipt_redemptions r
        WHERE r.bill_id = it.bill_id AND r.bill_item_position = it.position) n
      WHERE it.bill_id = b.id) l
    CROSS JOIN LATERAL (
      SELECT coalesce(json_agg(json_build_object('id', r.id, 'item_id', r.bill_item_position, 'service_name', it.service_name,
          'quantity', r.quantity, 'department', r.department,
          'given_by', json_build_object('id', r.given_by, 'name', trim(u.first_name || ' ' || u.last_name)),
          'given_at', to_char(r.given_at AT TIME ZONE 'UTC', ${ISO}))
          ORDER BY r.given_at, r.id), '[]')::text AS given
      FROM receipt_redemptions r JOIN bill_items it ON it.bill_id = r.bill_id AND it.position = r.bill_item_position
        JOIN users u ON u.id = r.given_by
      WHERE r.bill_id = b.id) g
  WHERE rc.code = q.code`;

/** What the public check of a code reads: a payment's or a bill's status, total and date paid. */
export interface PublicReceiptRow {
  kind: "payment" | "bill";
  code: string;
  status: InvoiceStatus | BillStatus;
  failureReason: string | null;
  partRefunded: boolean;
  totalKobo: number;
  /** ISO 8601 (as Date.toISOString() writes it), or null. */
  paidAt: string | null;
}

/** The public check's row (PublicReceiptRow) for the code `q.code`. */
const PUBLIC_CHECK_SQL = `
  SELECT 'payment' AS kind, rc.code, i.status, i.failure_reason AS "failureReason", false AS "partRefunded",
    i.total_kobo AS "totalKobo", to_char(i.paid_at AT TIME ZONE 'UTC', ${ISO}) AS "paidAt"
  FROM receipt_codes rc JOIN invoices i ON i.id = rc.invoice_id WHERE rc.code = q.code
  UNION ALL
  SELECT 'bill', rc.code, b.status, NULL, ${PART_REFUNDED},
    b.total_kobo, to_char(b.paid_at AT TIME ZONE 'UTC', ${ISO})
  FROM receipt_codes rc JOIN bills b ON b.id = rc.bill_id WHERE rc.code = q.code`;

/**
 * One statement for the codes asked in one event-loop round (RoundBatch): each code's row of `sql` (which
 * reads the code as `q.code`), or null.
 */
function byCodes<Row>(db: () => Database, sql: string): RoundBatch<string, Row | null> {
  const text = `SELECT q.n::int AS ask, x.* FROM unnest($1::text[]) WITH ORDINALITY AS q (code, n) CROSS JOIN LATERAL (${sql}) x`;
  return new RoundBatch(async (codes) => {
    const { rows } = await db().query<Row & { ask: number }>(text, [codes], { prepare: true });
    const found: Array<Row | null> = codes.map(() => null);
    for (const { ask, ...row } of rows) found[ask - 1] = row as Row;
    return found;
  });
}

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
  ${PART_REFUNDED} AS "partRefunded"`;

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

  /**
   * A code's receipt as staff see it, payment or bill, in one statement (so one snapshot): the head, its
   * lines with how many of each were given, and the givings. The views asked together are one statement.
   */
  staffViewByCode(code: string): Promise<StaffReceiptRow | null> {
    return this.staffViews.ask(code);
  }

  private readonly staffViews = byCodes<StaffReceiptRow>(() => this.db, STAFF_VIEW_SQL);

  /** What the public check of a code shows, payment or bill; the checks asked together are one statement. */
  publicByCode(code: string): Promise<PublicReceiptRow | null> {
    return this.publicChecks.ask(code);
  }

  private readonly publicChecks = byCodes<PublicReceiptRow>(() => this.db, PUBLIC_CHECK_SQL);

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
