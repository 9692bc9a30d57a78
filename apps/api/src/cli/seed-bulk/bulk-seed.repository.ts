import type { Database, Queryable } from "../../db/database";

/** One batch of generated invoices: the catalogue's fixed-price services, the run's tag and the numbers to make. */
export interface BulkBatch {
  names: string[];
  departments: string[];
  prices: number[];
  ids: string[];
  /** This run's tag in the references (BULK-<run>-<n>). */
  run: string;
  /** The batch's invoices are numbered start..end. */
  start: number;
  end: number;
  firstNames: readonly string[];
  lastNames: readonly string[];
  methods: readonly string[];
  statuses: readonly string[];
  chargeFeeKobo: number;
}

/** SQL of the bulk seeder (load tests and benchmarks): set-based inserts of generated invoices. */
export class BulkSeedRepository {
  constructor(private readonly db: Database) {}

  /** Invoices whose reference does not start with `prefix`, and journal entries (the seeder writes none). */
  async countOthers(prefix: string): Promise<{ invoices: number; journalEntries: number }> {
    const { rows } = await this.db.query<{ invoices: number; journal_entries: number }>(
      `SELECT (SELECT count(*) FROM invoices WHERE NOT starts_with(reference, $1))::int AS invoices,
       (SELECT count(*) FROM journal_entries)::int AS journal_entries`,
      [prefix],
    );
    return { invoices: Number(rows[0]!.invoices), journalEntries: Number(rows[0]!.journal_entries) };
  }

  /**
   * Inserts the batch's invoices (1 to 3 random catalogue items each, random payer, method, status and date
   * over the last year), their items, and receipt codes for the paid ones, in one statement.
   */
  async insertBatch(tx: Queryable, batch: BulkBatch): Promise<void> {
    await tx.query(
      `WITH series AS (SELECT g, 1 + floor(random() * 3)::int AS k FROM generate_series($6::int, $7::int) AS g),
       picks AS (
         SELECT s.g, n, 1 + floor(random() * array_length($1::text[], 1))::int AS idx, 1 + floor(random() * 2)::int AS qty
         FROM series s CROSS JOIN LATERAL generate_series(1, s.k) AS n
       ),
       sums AS (SELECT g, sum(($3::bigint[])[idx] * qty)::bigint AS subtotal FROM picks GROUP BY g),
       people AS (
         SELECT g, subtotal,
           ($8::text[])[1 + floor(random() * array_length($8::text[], 1))::int] AS first,
           ($9::text[])[1 + floor(random() * array_length($9::text[], 1))::int] AS last,
           ($10::text[])[1 + floor(random() * array_length($10::text[], 1))::int] AS method,
           ($11::text[])[1 + floor(random() * array_length($11::text[], 1))::int] AS status,
           now() - random() * interval '365 days' AS at,
           lpad((floor(random() * 1000000))::int::text, 6, '0') AS digits
         FROM sums
       ),
       inserted AS (
         INSERT INTO invoices (reference, purpose, payment_method, status, subtotal_kobo, charge_fee_kobo, total_kobo,
           customer_name, customer_email, customer_phone, customer_phone_digits, customer_meta, created_at, paid_at)
         SELECT 'BULK-' || $5 || '-' || g, 'checkout', method, status, subtotal, $12::bigint, subtotal + $12::bigint,
           first || ' ' || last, lower(first || '.' || last || g || '@example.ng'), '0803' || digits, digits,
           jsonb_build_object('name', first || ' ' || last), at, CASE WHEN status IN ('completed', 'refunded') THEN at END
         FROM people
         RETURNING id, reference, status
       ),
       -- Paid ones have their receipt codes, as a settlement writes them (migration 0009).
       codes AS (
         INSERT INTO receipt_codes (invoice_id, code)
         SELECT id, random_receipt_code() FROM inserted WHERE status IN ('completed', 'refunded')
       )
       INSERT INTO invoice_items (invoice_id, position, service_id, service_name, description, department_name, fixed_price,
         unit_price_kobo, qty, line_total_kobo)
       SELECT i.id, p.n, ($4::text[])[p.idx], ($1::text[])[p.idx], '', ($2::text[])[p.idx], true,
         ($3::bigint[])[p.idx], p.qty, ($3::bigint[])[p.idx] * p.qty
       FROM picks p JOIN inserted i ON i.reference = 'BULK-' || $5 || '-' || p.g`,
      [
        batch.names,
        batch.departments,
        batch.prices,
        batch.ids,
        batch.run,
        batch.start,
        batch.end,
        batch.firstNames,
        batch.lastNames,
        batch.methods,
        batch.statuses,
        batch.chargeFeeKobo,
      ],
    );
  }

  /** Fresh statistics of the tables a batch writes (see seedBulkInvoices). */
  async analyze(): Promise<void> {
    await this.db.query("ANALYZE invoices, invoice_items, invoice_departments, invoice_day_totals");
  }
}
