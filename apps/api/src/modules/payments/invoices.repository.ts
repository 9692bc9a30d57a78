import type { GatewayKey, InvoiceMethodKey, InvoiceStatus, Locale, PaymentMethodKey } from "@hospipay/contract";
import type { Database, Queryable } from "../../db/database";
import { RoundBatch } from "../../lib/round-batch";
import type { BankAccount } from "../gateways";

export interface NewInvoice {
  reference: string;
  userId: number | null;
  purpose: "checkout" | "top_up";
  paymentMethod: InvoiceMethodKey;
  subtotalKobo: number;
  chargeFeeKobo: number;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  hospitalNumber: string;
  transactionDescription: string;
  customerMeta: Record<string, unknown>;
  expiresAt: Date | null;
  /** The bill this payment pays a part of (migration 0008). */
  billId?: number | null;
  /** The language of the request that created it (the payer's): the payment's receipt and refund e-mails are written in it. */
  locale: Locale;
}

export interface NewInvoiceItem {
  serviceId: string;
  serviceName: string;
  description: string;
  headCode: string | null;
  serviceTypeId: string | null;
  departmentName: string | null;
  category: string | null;
  fixedPrice: boolean;
  unitPriceKobo: number;
  qty: number;
}

/** An invoice with its gateway side, as services read it. */
export interface InvoiceRecord {
  id: number;
  reference: string;
  userId: number | null;
  purpose: "checkout" | "top_up";
  paymentMethod: InvoiceMethodKey;
  status: InvoiceStatus;
  subtotalKobo: number;
  chargeFeeKobo: number;
  totalKobo: number;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  hospitalNumber: string;
  transactionDescription: string;
  failureReason: string | null;
  createdAt: Date;
  paidAt: Date | null;
  expiresAt: Date | null;
  gateway: GatewayKey | null;
  gatewayReference: string | null;
  accessCode: string | null;
  bankAccount: BankAccount | null;
  gatewayStatus: string | null;
  amountPaidKobo: number | null;
  lastCheckedAt: Date | null;
  /** How many times the gateway was asked about this payment (0 without a gateway). */
  checks: number;
  /**
   * Paid short and waiting for staff (migration 0006): the gateway is asked about it no more, and only
   * a staff refund or settlement ends it.
   */
  inReview: boolean;
  /** What a payment paid short received, by its review (null without one). */
  reviewReceivedKobo: number | null;
  /** The bill this payment pays a part of (migration 0008), or null. */
  billId: number | null;
  /** The receipt code of a completed (or since refunded) payment, as stored (migration 0009); null otherwise. */
  receiptCode: string | null;
  /** The payer's language when the payment was made (migration 0016). */
  locale: Locale;
}

export interface InvoiceItemRecord {
  invoiceId: number;
  position: number;
  serviceId: string;
  serviceName: string;
  departmentName: string | null;
  unitPriceKobo: number;
  qty: number;
  lineTotalKobo: number;
}

/** An InvoiceRecord's own fields, from the invoices (`i`) row. */
const OWN_COLUMNS = `i.id, i.reference, i.user_id AS "userId", i.purpose, i.payment_method AS "paymentMethod", i.status,
  i.subtotal_kobo AS "subtotalKobo", i.charge_fee_kobo AS "chargeFeeKobo", i.total_kobo AS "totalKobo",
  i.customer_name AS "customerName", i.customer_email AS "customerEmail", i.customer_phone AS "customerPhone",
  i.hospital_number AS "hospitalNumber", i.transaction_description AS "transactionDescription",
  i.failure_reason AS "failureReason", i.created_at AS "createdAt", i.paid_at AS "paidAt", i.expires_at AS "expiresAt",
  i.bill_id AS "billId", i.locale`;
const COLUMNS = `${OWN_COLUMNS},
  g.gateway, g.gateway_reference AS "gatewayReference", g.access_code AS "accessCode", g.bank_account AS "bankAccount",
  g.gateway_status AS "gatewayStatus", g.amount_paid_kobo AS "amountPaidKobo", g.last_checked_at AS "lastCheckedAt",
  coalesce(g.checks, 0) AS checks,
  (r.invoice_id IS NOT NULL AND r.resolved_at IS NULL) AS "inReview", r.amount_received_kobo AS "reviewReceivedKobo",
  rc.code AS "receiptCode"`;
/** COLUMNS of an invoice just inserted (RETURNING): it has no gateway row, review or receipt code yet. */
const NEW_COLUMNS = `${OWN_COLUMNS},
  NULL AS gateway, NULL AS "gatewayReference", NULL AS "accessCode", NULL AS "bankAccount", NULL AS "gatewayStatus",
  NULL AS "amountPaidKobo", NULL AS "lastCheckedAt", 0 AS checks, false AS "inReview", NULL AS "reviewReceivedKobo",
  NULL AS "receiptCode"`;
const FROM = `invoices i LEFT JOIN gateway_payments g ON g.invoice_id = i.id LEFT JOIN payment_reviews r ON r.invoice_id = i.id
  LEFT JOIN receipt_codes rc ON rc.invoice_id = i.id`;

/** An InvoiceItemRecord's fields and the invoice_items (`it`) columns they hold. */
const ITEM_FIELDS: Array<[keyof InvoiceItemRecord, string]> = [
  ["invoiceId", "invoice_id"],
  ["position", "position"],
  ["serviceId", "service_id"],
  ["serviceName", "service_name"],
  ["departmentName", "department_name"],
  ["unitPriceKobo", "unit_price_kobo"],
  ["qty", "qty"],
  ["lineTotalKobo", "line_total_kobo"],
];
const ITEM_COLUMNS = ITEM_FIELDS.map(([field, column]) => `it.${column} AS "${field}"`).join(", ");
/** One item as a JSON object with the same fields (the look-up reads them with their invoice). */
const ITEM_JSON = `json_build_object(${ITEM_FIELDS.map(([field, column]) => `'${field}', it.${column}`).join(", ")})`;

/** The failure reason of a payment closed because the payer cancelled it and the gateway agreed. */
export const CANCELLED_REASON = "cancelled";

/**
 * Still open to settlement: pending, or closed only because it expired, the payer cancelled it, or its
 * gateway said the attempt was declined (`gateway:{status}`). A payer can still pay an expired, abandoned or
 * declined RRR again, or transfer late; that money must count, not vanish.
 */
export const isSettleable = (invoice: { status: InvoiceStatus; failureReason: string | null }) =>
  invoice.status === "pending" ||
  (invoice.status === "failed" &&
    (invoice.failureReason === "expired" ||
      invoice.failureReason === CANCELLED_REASON ||
      (invoice.failureReason ?? "").startsWith("gateway:")));

/** The last six digits of a phone number, for the public look-up. */
export const phoneDigits = (phone: string) => phone.replace(/\D/g, "").slice(-6);

/** One public look-up: an e-mail (lower-case), the last six digits of a phone number, and how many invoices at most. */
interface LookupAsk {
  email: string;
  digits: string;
  limit: number;
}

/** SQL for invoices, their items and their gateway side. */
export class InvoicesRepository {
  constructor(private readonly db: Database) {}

  /** The language a payment's e-mails are written in, when its payer continues it in another. */
  async setLocale(q: Queryable, id: number, locale: Locale): Promise<void> {
    await q.query(`UPDATE invoices SET locale = $2 WHERE id = $1`, [id, locale]);
  }

  async insert(q: Queryable, invoice: NewInvoice, items: NewInvoiceItem[]): Promise<number> {
    return (await this.insertRecord(q, invoice, items)).id;
  }

  /** Inserts a payment with its items and returns it as findById would read it (no gateway row, review or receipt yet). */
  async insertRecord(q: Queryable, invoice: NewInvoice, items: NewInvoiceItem[]): Promise<InvoiceRecord> {
    const { rows } = await q.query<InvoiceRecord>(
      `INSERT INTO invoices AS i (reference, user_id, purpose, payment_method, subtotal_kobo, charge_fee_kobo, total_kobo,
         customer_name, customer_email, customer_phone, customer_phone_digits, hospital_number, transaction_description,
         customer_meta, expires_at, bill_id, locale)
       VALUES ($1, $2, $3, $4, $5::bigint, $6::bigint, $5::bigint + $6::bigint, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       RETURNING ${NEW_COLUMNS}`,
      [
        invoice.reference,
        invoice.userId,
        invoice.purpose,
        invoice.paymentMethod,
        invoice.subtotalKobo,
        invoice.chargeFeeKobo,
        invoice.customerName,
        invoice.customerEmail.toLowerCase(),
        invoice.customerPhone,
        phoneDigits(invoice.customerPhone),
        invoice.hospitalNumber,
        invoice.transactionDescription,
        JSON.stringify(invoice.customerMeta),
        invoice.expiresAt,
        invoice.billId ?? null,
        invoice.locale,
      ],
    );
    const record = rows[0]!;
    const id = record.id;
    if (items.length > 0) {
      await q.query(
        `INSERT INTO invoice_items (invoice_id, position, service_id, service_name, description, head_code, service_type_id,
           department_name, category, fixed_price, unit_price_kobo, qty, line_total_kobo)
         SELECT $1, t.n, t.service_id, t.service_name, t.description, t.head_code, t.service_type_id, t.department_name,
           t.category, t.fixed_price, t.unit_price_kobo, t.qty, t.unit_price_kobo * t.qty
         FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::boolean[],
           $10::bigint[], $11::int[]) WITH ORDINALITY
           AS t(service_id, service_name, description, head_code, service_type_id, department_name, category, fixed_price,
             unit_price_kobo, qty, n)`,
        [
          id,
          items.map((i) => i.serviceId),
          items.map((i) => i.serviceName),
          items.map((i) => i.description),
          items.map((i) => i.headCode),
          items.map((i) => i.serviceTypeId),
          items.map((i) => i.departmentName),
          items.map((i) => i.category),
          items.map((i) => i.fixedPrice),
          items.map((i) => i.unitPriceKobo),
          items.map((i) => i.qty),
        ],
      );
    }
    return record;
  }

  /**
   * Holds the payer's (e-mail and phone) checkout lock until the transaction ends: a second checkout of
   * the same payer waits here for the first to commit.
   */
  async lockPayer(q: Queryable, email: string, phone: string): Promise<void> {
    await q.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`checkout:${email.toLowerCase()}:${phoneDigits(phone)}`]);
  }

  /**
   * A payer's pending checkouts by one method for this total, newest first (at most 20), not in review:
   * those without an expiry only if made within `withinMinutes`, the others only with more than
   * `minLeftSeconds` left.
   */
  async pendingCheckoutIds(
    q: Queryable,
    ask: {
      email: string;
      phone: string;
      method: PaymentMethodKey;
      userId: number | null;
      totalKobo: number;
      withinMinutes: number;
      minLeftSeconds: number;
    },
  ): Promise<number[]> {
    const { rows } = await q.query<{ id: number }>(
      `SELECT i.id FROM invoices i
       WHERE i.customer_email = $1 AND i.customer_phone_digits = $2 AND i.status = 'pending' AND i.purpose = 'checkout'
         AND i.payment_method = $3 AND i.user_id IS NOT DISTINCT FROM $4 AND i.total_kobo = $5
         AND (CASE WHEN i.expires_at IS NULL THEN i.created_at > now() - make_interval(mins => $6)
              ELSE i.expires_at > now() + make_interval(secs => $7) END)
         AND NOT EXISTS (SELECT 1 FROM payment_reviews r WHERE r.invoice_id = i.id)
       ORDER BY i.created_at DESC, i.id DESC LIMIT 20`,
      [
        ask.email.toLowerCase(),
        phoneDigits(ask.phone),
        ask.method,
        ask.userId,
        ask.totalKobo,
        ask.withinMinutes,
        ask.minLeftSeconds,
      ],
    );
    return rows.map((row) => row.id);
  }

  async insertGatewayPayment(q: Queryable, invoiceId: number, gateway: GatewayKey): Promise<void> {
    await q.query(`INSERT INTO gateway_payments (invoice_id, gateway) VALUES ($1, $2)`, [invoiceId, gateway]);
  }

  async setGatewayStarted(
    invoiceId: number,
    started: { gatewayReference: string; accessCode?: string; bankAccount?: BankAccount },
    firstCheckInSeconds: number,
  ): Promise<void> {
    await this.db.query(
      `UPDATE gateway_payments SET gateway_reference = $2, access_code = $3, bank_account = $4,
         next_check_at = now() + make_interval(secs => $5)
       WHERE invoice_id = $1`,
      [
        invoiceId,
        started.gatewayReference,
        started.accessCode ?? null,
        started.bankAccount ? JSON.stringify(started.bankAccount) : null,
        firstCheckInSeconds,
      ],
    );
  }

  async findByReference(reference: string, q: Queryable = this.db): Promise<InvoiceRecord | null> {
    const { rows } = await q.query<InvoiceRecord>(`SELECT ${COLUMNS} FROM ${FROM} WHERE i.reference = $1`, [reference]);
    return rows[0] ?? null;
  }

  /** Locks the invoice's row for the rest of the transaction and reads it; null when there is none. */
  async lockByReference(q: Queryable, reference: string): Promise<InvoiceRecord | null> {
    const { rows } = await q.query<{ id: number }>(`SELECT id FROM invoices WHERE reference = $1 FOR UPDATE`, [reference]);
    return rows[0] ? this.findById(rows[0].id, q) : null;
  }

  async findById(id: number, q: Queryable = this.db): Promise<InvoiceRecord | null> {
    const { rows } = await q.query<InvoiceRecord>(`SELECT ${COLUMNS} FROM ${FROM} WHERE i.id = $1`, [id]);
    return rows[0] ?? null;
  }

  async findByGatewayReference(gateway: GatewayKey, gatewayReference: string): Promise<InvoiceRecord | null> {
    const { rows } = await this.db.query<InvoiceRecord>(
      `SELECT ${COLUMNS} FROM ${FROM} WHERE g.gateway = $1 AND g.gateway_reference = $2`,
      [gateway, gatewayReference],
    );
    return rows[0] ?? null;
  }

  /**
   * Locks the invoice row for a status change; returns whether it may still settle or close. A payment
   * paid short and in review may not: only staff resolve it (through its review).
   */
  async lockForSettlement(q: Queryable, id: number): Promise<boolean> {
    const { rows } = await q.query<{ status: InvoiceStatus; failureReason: string | null; inReview: boolean }>(
      `SELECT status, failure_reason AS "failureReason",
         EXISTS (SELECT 1 FROM payment_reviews r WHERE r.invoice_id = i.id AND r.resolved_at IS NULL) AS "inReview"
       FROM invoices i WHERE id = $1 FOR UPDATE OF i`,
      [id],
    );
    const row = rows[0];
    return row !== undefined && !row.inReview && isSettleable(row);
  }

  /**
   * Marks the payment paid and, for a hospital payment (not a top-up, which buys nothing to give), writes
   * its receipt code (receipt-code.ts) in the same statement: no hospital payment is completed
   * without one. (A gateway payment is settled only after a check, whose record ends its next checks:
   * recordCheck with null. A wallet payment's path does not touch gateway_payments.)
   */
  async markCompleted(q: Queryable, id: number, receiptCode: string): Promise<void> {
    await q.query(
      `WITH done AS (
         UPDATE invoices SET status = 'completed', paid_at = now(), failure_reason = NULL WHERE id = $1 RETURNING id, purpose
       )
       INSERT INTO receipt_codes (invoice_id, code) SELECT id, $2 FROM done WHERE purpose = 'checkout'`,
      [id, receiptCode],
    );
  }

  /**
   * Closes the payment; its gateway is asked about it no more (migration 0002), also where it is closed
   * without a check (a gateway that could not start it).
   */
  async markFailed(q: Queryable, id: number, reason: string): Promise<void> {
    await q.query(
      `WITH done AS (UPDATE gateway_payments SET next_check_at = NULL WHERE invoice_id = $1 AND next_check_at IS NOT NULL)
       UPDATE invoices SET status = 'failed', failure_reason = $2 WHERE id = $1`,
      [id, reason],
    );
  }

  /** Marks a completed payment refunded, with why. */
  async markRefunded(q: Queryable, id: number, reason: string): Promise<void> {
    await q.query(`UPDATE invoices SET status = 'refunded', failure_reason = $2 WHERE id = $1`, [id, reason]);
  }

  /**
   * Records what the gateway said and when to ask again: in `nextCheckInSeconds`, or never (null) for a
   * payment that is settled or closed, which so leaves the worker's due index (migration 0002).
   */
  async recordCheck(
    invoiceId: number,
    check: { gatewayStatus: string; amountPaidKobo?: number; note?: string | null; nextCheckInSeconds: number | null },
    q: Queryable = this.db,
  ): Promise<void> {
    await q.query(
      `UPDATE gateway_payments SET gateway_status = $2, amount_paid_kobo = coalesce($3, amount_paid_kobo), note = coalesce($4, note),
         checks = checks + 1, last_checked_at = now(), next_check_at = now() + make_interval(secs => $5)
       WHERE invoice_id = $1`,
      [invoiceId, check.gatewayStatus, check.amountPaidKobo ?? null, check.note ?? null, check.nextCheckInSeconds],
    );
  }

  /**
   * Brings a pending payment's next check forward to within `seconds` (never later than it was): an ask
   * answered by an earlier query may have come with news, which the worker then asks the gateway about.
   */
  async checkNoLaterThan(invoiceId: number, seconds: number): Promise<void> {
    await this.db.query(
      `UPDATE gateway_payments SET next_check_at = now() + make_interval(secs => $2)
       WHERE invoice_id = $1 AND next_check_at > now() + make_interval(secs => $2)`,
      [invoiceId, seconds],
    );
  }

  /**
   * Leases pending gateway payments whose next check is due: their next check moves ahead so two
   * workers (or processes) do not query the same payment at once. A payment whose start never
   * recorded a gateway reference is leased once it has expired, to be closed.
   */
  async leaseDue(limit: number, leaseSeconds: number): Promise<number[]> {
    const { rows } = await this.db.query<{ id: number }>(
      `UPDATE gateway_payments g SET next_check_at = now() + make_interval(secs => $2)
       WHERE g.invoice_id IN (
         SELECT g2.invoice_id FROM gateway_payments g2 JOIN invoices i ON i.id = g2.invoice_id
         WHERE i.status = 'pending' AND g2.next_check_at <= now()
           AND (g2.gateway_reference IS NOT NULL OR i.expires_at <= now())
         ORDER BY g2.next_check_at LIMIT $1 FOR UPDATE OF g2 SKIP LOCKED
       )
       RETURNING g.invoice_id AS id`,
      [limit, leaseSeconds],
    );
    return rows.map((row) => row.id);
  }

  async itemsOf(invoiceIds: number[], q: Queryable = this.db): Promise<InvoiceItemRecord[]> {
    if (invoiceIds.length === 0) return [];
    const { rows } = await q.query<InvoiceItemRecord>(
      `SELECT ${ITEM_COLUMNS} FROM invoice_items it WHERE it.invoice_id = ANY($1::bigint[]) ORDER BY it.invoice_id, it.position`,
      [invoiceIds],
      { prepare: true },
    );
    return rows;
  }

  /**
   * Invoices paid by this e-mail with a phone ending in these six digits, newest first, each with its
   * items (as itemsOf() reads them), for a public call asked at every cashier: the look-ups asked
   * together are one statement (RoundBatch).
   */
  lookup(email: string, digits: string, limit: number): Promise<Array<InvoiceRecord & { items: InvoiceItemRecord[] }>> {
    return this.lookups.ask({ email: email.toLowerCase(), digits, limit });
  }

  private readonly lookups = new RoundBatch<LookupAsk, Array<InvoiceRecord & { items: InvoiceItemRecord[] }>>(async (asks) => {
    const { rows } = await this.db.query<InvoiceRecord & { items: InvoiceItemRecord[]; ask: number }>(
      `SELECT q.n::int AS ask, x.* FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS q (email, digits, n)
       CROSS JOIN LATERAL (
         SELECT ${COLUMNS},
           coalesce((SELECT json_agg(${ITEM_JSON} ORDER BY it.position) FROM invoice_items it WHERE it.invoice_id = i.id), '[]') AS items
         FROM ${FROM} WHERE i.customer_email = q.email AND i.customer_phone_digits = q.digits
         ORDER BY i.created_at DESC, i.id DESC LIMIT $3
       ) x
       ORDER BY q.n, x."createdAt" DESC, x.id DESC`,
      [asks.map((a) => a.email), asks.map((a) => a.digits), Math.max(...asks.map((a) => a.limit))],
      { prepare: true },
    );
    const found = asks.map(() => [] as Array<InvoiceRecord & { items: InvoiceItemRecord[] }>);
    for (const { ask, ...invoice } of rows) {
      const list = found[ask - 1]!;
      if (list.length < asks[ask - 1]!.limit) list.push(invoice);
    }
    return found;
  });
}
