// The reconciliation of a month of 1,000,000 gateway payments (issue 37): GET /api/staff/settlements/?month= (each
// gateway's days, payments counted in clearing against what was settled of them) and the month's differences, over
// real HTTP against the API started as a process of its own on a PostgreSQL server, in a database made for the run
// (its payments, ledger entries and settlements written set-based) and dropped after it.
import { API_PATHS, watDay } from "@hospipay/contract";
import { openPostgres, type Database } from "../../apps/api/src/db/database";
import { migrate } from "../../apps/api/src/db/migrate";
import { startApi, staffToken } from "./staff-dashboards";

const DATABASE = "hospipay_bench_settlements";
const PAYMENTS = 1_000_000;
/** Payments no settlement holds (withheld by the gateway): the differences the report finds. */
const UNSETTLED_EVERY = 1_000;
const TARGET_SECONDS = 60;

/**
 * PAYMENTS Paystack and Monnify payments completed over the days of this WAT month so far (the settlement clearing
 * debits the ledger wrote for each), a settlement per gateway and day holding all but one in UNSETTLED_EVERY of them,
 * with its lines, as the settlements module leaves them (migration 0037).
 */
async function seedMonth(db: Database, month: string, days: number): Promise<void> {
  await db.exec(`
    SET work_mem = '256MB';
    ALTER TABLE invoices DISABLE TRIGGER USER;
    INSERT INTO invoices (reference, payment_method, status, subtotal_kobo, charge_fee_kobo, total_kobo, customer_name,
      customer_email, customer_phone, customer_phone_digits, customer_meta, staff_head, created_at, paid_at)
    SELECT 'SETTLE-' || n, CASE WHEN n % 2 = 0 THEN 'paystack' ELSE 'monnify' END, 'completed', 150000 + (n % 9) * 5000, 10000,
      160000 + (n % 9) * 5000, 'Bench Payer', 'payer' || (n % 5000) || '@example.ng', '08030000000', '000000', '{}', '{}',
      at, at
    FROM generate_series(1, ${PAYMENTS}) AS n,
      LATERAL (SELECT timestamptz '${month}-01T00:00:00+01:00' + (((n / 2) % ${days}) * interval '1 day') + ((n % 86000) * interval '1 second') AS at) t;
    ALTER TABLE invoices ENABLE TRIGGER USER;
    INSERT INTO gateway_payments (invoice_id, gateway, gateway_reference, gateway_status, amount_paid_kobo, next_check_at)
    SELECT id, payment_method, reference, 'success', total_kobo, NULL FROM invoices WHERE reference LIKE 'SETTLE-%';
    INSERT INTO journal_entries (kind, invoice_id, description, created_at)
    SELECT 'payment', id, 'Payment ' || reference, paid_at FROM invoices WHERE reference LIKE 'SETTLE-%';
    INSERT INTO postings (entry_id, account_id, amount_kobo, created_at)
    SELECT e.id, a.id, CASE WHEN a.code LIKE 'clearing:%' THEN i.total_kobo ELSE -i.total_kobo END, e.created_at
    FROM journal_entries e JOIN invoices i ON i.id = e.invoice_id
    JOIN ledger_accounts a ON a.code IN ('clearing:' || i.payment_method, 'revenue:hospital')
    WHERE e.kind = 'payment' AND i.reference LIKE 'SETTLE-%';
    INSERT INTO gateway_settlements (gateway, settlement_ref, settled_on, gross_kobo, fees_kobo, net_kobo)
    SELECT gateway, gateway || '-' || day, day + 1, sum(total_kobo), sum(fee), sum(total_kobo) - sum(fee)
    FROM (
      SELECT i.payment_method AS gateway, ((i.paid_at AT TIME ZONE 'UTC') + interval '1 hour')::date AS day, i.total_kobo,
        least(round(i.total_kobo * 0.015), 200000)::bigint AS fee
      FROM invoices i WHERE i.reference LIKE 'SETTLE-%' AND i.id % ${UNSETTLED_EVERY} <> 0
    ) p GROUP BY gateway, day;
    INSERT INTO gateway_settlement_lines (settlement_id, gateway_reference, amount_kobo, fee_kobo, invoice_id)
    SELECT s.id, i.reference, i.total_kobo, least(round(i.total_kobo * 0.015), 200000)::bigint, i.id
    FROM invoices i JOIN gateway_settlements s ON s.gateway = i.payment_method
      AND s.settled_on = ((i.paid_at AT TIME ZONE 'UTC') + interval '1 hour')::date + 1
    WHERE i.reference LIKE 'SETTLE-%' AND i.id % ${UNSETTLED_EVERY} <> 0;
  `);
  // As autovacuum would after such a load (VACUUM runs outside a transaction, so on its own).
  await db.exec(
    "VACUUM ANALYZE invoices, gateway_payments, journal_entries, postings, gateway_settlements, gateway_settlement_lines",
  );
}

/** The rows of the reconciliation bench, or null (with the reason printed) without a PostgreSQL server. */
export async function benchSettlements(serverUrl: string | undefined): Promise<Array<Record<string, string>> | null> {
  console.log(`\nThe reconciliation of a month of ${PAYMENTS.toLocaleString("en")} gateway payments`);
  if (!serverUrl) {
    console.log("  skipped: it runs on a PostgreSQL server only (set BENCH_DATABASE_URL or TEST_DATABASE_URL).");
    return null;
  }
  const admin = openPostgres(serverUrl, { max: 1 });
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  const url = new URL(serverUrl);
  url.pathname = `/${DATABASE}`;
  const db = openPostgres(url.toString(), { max: 2 });
  try {
    await migrate(db);
    const today = watDay(new Date().toISOString());
    const month = today.slice(0, 7);
    const days = Number(today.slice(8, 10));
    const seeded = performance.now();
    await seedMonth(db, month, days);
    console.log(
      `  ${PAYMENTS.toLocaleString("en")} payments over ${days} day(s), their ledger entries and settlements written in ${((performance.now() - seeded) / 1000).toFixed(1)} s.`,
    );
    const api = await startApi(url.toString());
    try {
      const token = await staffToken(db, api.base);
      const headers = { authorization: `Bearer ${token}` };
      const started = performance.now();
      const report = await fetch(`${api.base}${API_PATHS.staffSettlements}?month=${month}`, { headers });
      const body = (await report.json()) as { days?: Array<{ payments: number }>; open_differences?: number };
      if (!report.ok || !body.days) throw new Error(`settlements report: ${report.status} ${JSON.stringify(body).slice(0, 300)}`);
      const reported = (performance.now() - started) / 1000;
      const counted = body.days.reduce((sum, row) => sum + row.payments, 0);
      if (counted !== PAYMENTS) throw new Error(`the report counts ${counted} payments, not ${PAYMENTS}`);
      const listStarted = performance.now();
      const listed = await fetch(`${api.base}${API_PATHS.settlementDifferences}?month=${month}`, { headers });
      const differences = (await listed.json()) as { results?: unknown[] };
      if (!listed.ok || !differences.results) throw new Error(`differences: ${listed.status}`);
      const differed = (performance.now() - listStarted) / 1000;
      const total = reported + differed;
      return [
        {
          measure: `month of ${PAYMENTS.toLocaleString("en")} payments (${body.days.length} gateway-days, ${body.open_differences} open)`,
          report: `${reported.toFixed(2)} s`,
          differences: `${differed.toFixed(2)} s (${differences.results.length} listed)`,
          total: `${total.toFixed(2)} s`,
          target: `< ${TARGET_SECONDS} s`,
          result: total < TARGET_SECONDS ? "PASS" : "MISS",
        },
      ];
    } finally {
      await api.stop();
    }
  } finally {
    await db.close();
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.close();
  }
}
