import type { Database } from "../../db/database";
import { registerMatch } from "../patients";
import { prefixEnd } from "../../lib/prefix-range";

/** One result of the staff search, as the service reads it. */
export interface StaffSearchRow {
  kind: "bill" | "payment";
  status: string;
  amountKobo: number;
  createdAt: Date;
  paidAt: Date | null;
  name: string;
  hospitalNumber: string;
  phone: string;
  /** What a bill's parts have paid so far; null for a payment. */
  paidKobo: number | null;
  /** The payment's receipt code, or a bill's once paid in full; null while there is none. */
  receiptCode: string | null;
  reference: string | null;
  billToken: string | null;
  rrr: string | null;
  paymentMethod: string | null;
}

/** What the search text is read as, each form for the columns it can match. */
export interface StaffSearchTerms {
  /** As typed (trimmed): a reference, an RRR. */
  exact: string;
  /** Lower case: a hospital number, an e-mail, a bill's token, the start of a name. */
  lower: string;
  /** The last six digits of a phone number, or "" when the text is not one. */
  phoneDigits: string;
  /** Digits only, for an RRR typed with dashes or spaces, or "" when the text is not one. */
  rrr: string;
}

/**
 * A name's last word (whitespace-separated), as migration 0012 indexes it: `column` is spliced in, never text.
 * The planner uses the index only for this very expression.
 */
const lastWord = (column: string) => `lower(substring(${column} FROM '([^[:space:]]+)[[:space:]]*$'))`;

/**
 * The ids of the payments matching, each form through its own index (a UNION, not an OR over one scan:
 * the planner cannot join an OR of these branches into index reads, and would read all of invoices).
 */
/**
 * The ids of the payments matching, each form through its own index (a UNION, not an OR over one scan:
 * the planner cannot join an OR of these branches into index reads, and would read all of invoices);
 * `patients` is the condition on the register's patients the text finds (any part of a hospital number or
 * phone, names in any order with small typos): their bills' parts and the payments under their hospital numbers.
 */
const matchingPayments = (patients: string) => `
  SELECT id FROM invoices WHERE reference = $1
  UNION SELECT invoice_id FROM gateway_payments WHERE gateway = 'remita' AND gateway_reference = $4 AND $4 <> ''
  UNION SELECT id FROM invoices WHERE lower(hospital_number) = $2
  UNION SELECT id FROM invoices WHERE customer_email = $2
  UNION SELECT id FROM invoices WHERE customer_phone_digits = $3 AND $3 <> ''
  UNION SELECT id FROM invoices WHERE lower(customer_name) ~>=~ $2 AND lower(customer_name) ~<~ $5
  UNION SELECT id FROM invoices WHERE ${lastWord("customer_name")} ~>=~ $2 AND ${lastWord("customer_name")} ~<~ $5
  UNION SELECT i.id FROM bills b JOIN invoices i ON i.bill_id = b.id WHERE b.token = $2
  UNION SELECT i.id FROM bills b JOIN invoices i ON i.bill_id = b.id
    WHERE b.patient_id IN (SELECT id FROM patients WHERE ${patients})
  UNION SELECT id FROM invoices WHERE lower(hospital_number) IN (SELECT lower(hospital_number) FROM patients WHERE ${patients})`;

const matchingBills = (patients: string) => `
  SELECT id FROM bills WHERE token = $2
  UNION SELECT id FROM bills WHERE lower(hospital_number) = $2
  UNION SELECT id FROM bills WHERE patient_email = $2
  UNION SELECT id FROM bills WHERE patient_phone_digits = $3 AND $3 <> ''
  UNION SELECT id FROM bills WHERE lower(patient_name) ~>=~ $2 AND lower(patient_name) ~<~ $5
  UNION SELECT id FROM bills WHERE ${lastWord("patient_name")} ~>=~ $2 AND ${lastWord("patient_name")} ~<~ $5
  UNION SELECT id FROM bills WHERE patient_id IN (SELECT id FROM patients WHERE ${patients})`;

/** Every matching bill and payment, unordered ($1–$5 from searchParams, then the register's condition's). */
export function staffSearchResults(patients: string): string {
  return `
  SELECT 'payment' AS kind, i.status, i.total_kobo AS "amountKobo", i.created_at AS "createdAt", i.paid_at AS "paidAt",
    i.customer_name AS name, i.hospital_number AS "hospitalNumber", i.customer_phone AS phone, NULL::bigint AS "paidKobo",
    rc.code AS "receiptCode", i.reference, b.token AS "billToken",
    CASE WHEN g.gateway = 'remita' THEN g.gateway_reference END AS rrr, i.payment_method AS "paymentMethod", i.id
  FROM invoices i LEFT JOIN bills b ON b.id = i.bill_id LEFT JOIN gateway_payments g ON g.invoice_id = i.id
    LEFT JOIN receipt_codes rc ON rc.invoice_id = i.id
  WHERE i.id IN (${matchingPayments(patients)}) AND i.purpose = 'checkout'
  UNION ALL
  SELECT 'bill', b.status, b.total_kobo, b.created_at, b.paid_at, b.patient_name, b.hospital_number, b.patient_phone,
    b.paid_kobo, rc.code, NULL, b.token, NULL, NULL, b.id
  FROM bills b LEFT JOIN receipt_codes rc ON rc.bill_id = b.id WHERE b.id IN (${matchingBills(patients)})`;
}

/** The search's parameters $1–$5, from its terms. */
export function searchParams(terms: StaffSearchTerms): string[] {
  return [terms.exact, terms.lower, terms.phoneDigits, terms.rrr, prefixEnd(terms.lower)];
}

/** The search's SQL (every matching bill and payment, unordered) and its parameters, for `terms`. */
export function staffSearchQuery(terms: StaffSearchTerms): { sql: string; params: unknown[] } {
  const params: unknown[] = searchParams(terms);
  const patients = registerMatch(terms.exact, params.length + 1);
  return { sql: staffSearchResults(patients.where), params: [...params, ...patients.params] };
}

/** SQL for the staff search of a patient's money: bills (migration 0008) and hospital payments (0002). */
export class StaffSearchRepository {
  constructor(private readonly db: Database) {}

  /** The matching bills and payments, newest first, and how many match in all. */
  async search(terms: StaffSearchTerms, limit: number, offset: number): Promise<{ count: number; rows: StaffSearchRow[] }> {
    const { sql: results, params } = staffSearchQuery(terms);
    const counted = await this.db.query<{ n: number }>(`SELECT count(*)::bigint AS n FROM (${results}) r`, params);
    const listed = await this.db.query<StaffSearchRow>(
      `SELECT * FROM (${results}) r ORDER BY "createdAt" DESC, kind, id DESC
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    );
    return { count: counted.rows[0]?.n ?? 0, rows: listed.rows };
  }
}
