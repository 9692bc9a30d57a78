// An HMO's claim batch of 10,000 lines (issue 37): built (POST /api/staff/hmo-claims/) and exported as CSV
// (GET /api/staff/hmo-claims/{id}/csv/) over real HTTP, against the API started as a process of its own on a
// PostgreSQL server, in a database made for the run (its bills written set-based) and dropped after it.
import { API_PATHS, watDay } from "@hospipay/contract";
import { openPostgres, type Database } from "../../apps/api/src/db/database";
import { migrate } from "../../apps/api/src/db/migrate";
import { startApi, staffToken } from "./staff-dashboards";

const DATABASE = "hospipay_bench_claims";
const LINES = 10_000;
const PATIENTS = 1_000;
const TARGET_SECONDS = 10;

/**
 * One HMO and its plan, PATIENTS enrollees and LINES final bills of one line each in this month (the HMO pays
 * each whole), as the split bills leave them (migration 0034), written set-based.
 */
async function seedFinalBills(db: Database): Promise<void> {
  await db.exec(`
    INSERT INTO users (username, email, first_name, last_name, phone_number, role, password_hash, email_verified_at)
    VALUES ('bench-desk@example.ng', 'bench-desk@example.ng', 'Bench', 'Desk', '08000000000', 'AGENT', 'not-a-hash', now());
    INSERT INTO hmos (name, nhia_code, contact_name, contact_phone, contact_email, bank_name, bank_account_number,
      bank_account_name, created_by)
    SELECT 'Bench HMO', 'NHIA/BENCH/1', 'Claims Desk', '08031112222', 'claims@bench.example.ng', 'Zenith Bank', '1012345678',
      'Bench HMO Limited', id FROM users WHERE email = 'bench-desk@example.ng';
    INSERT INTO ledger_accounts (code, kind, name) SELECT 'asset:hmo_receivable:' || id, 'asset', 'Owed by HMO ' || name FROM hmos;
    INSERT INTO hmo_plans (hmo_id, name, covered_bp, copay_bp, created_by) SELECT h.id, 'Bench Plan', 10000, 0, h.created_by FROM hmos h;
    INSERT INTO patients (hospital_number, first_name, last_name, phone, language, date_of_birth, created_by, updated_by)
    SELECT 'BENCH/' || n, 'Bench', 'Patient' || n, '0803' || lpad(n::text, 7, '0'), 'en', date '1980-01-01', u.id, u.id
    FROM generate_series(1, ${PATIENTS}) AS n, users u WHERE u.email = 'bench-desk@example.ng';
    INSERT INTO patient_enrolments (patient_id, plan_id, hmo_id, enrollee_id, valid_from, valid_to, created_by)
    SELECT p.id, pl.id, pl.hmo_id, 'BEN-' || p.id, date '2026-01-01', date '2030-12-31', p.created_by
    FROM patients p, hmo_plans pl;
    INSERT INTO bills (token, hospital_number, patient_name, patient_phone, patient_phone_digits, note, status, total_kobo,
      created_by, paid_at, locale, patient_id, enrolment_id, hmo_kobo)
    SELECT translate(substr(md5('bench-bill-' || n), 1, 20), '0189', 'wxyz'), p.hospital_number, 'Bench Patient', p.phone,
      right(p.phone, 6), '', 'paid', 150000 + (n % 7) * 2500, p.created_by, now(), 'en', p.id, e.id, 150000 + (n % 7) * 2500
    FROM generate_series(1, ${LINES}) AS n
    JOIN patients p ON p.hospital_number = 'BENCH/' || (1 + n % ${PATIENTS})
    JOIN patient_enrolments e ON e.patient_id = p.id;
    INSERT INTO bill_items (bill_id, position, service_id, service_name, department_name, quantity, unit_price_kobo,
      line_total_kobo, open_price, hmo_kobo, preauth_code)
    SELECT b.id, 1, 'SRV-' || (b.id % 40), 'Procedure ' || (b.id % 40), 'Surgery', 1, b.total_kobo, b.total_kobo, false,
      b.total_kobo, CASE WHEN b.id % 3 = 0 THEN 'PA/' || b.id END
    FROM bills b;
    ANALYZE;
  `);
}

/** The rows of the claim batch bench, or null (with the reason printed) without a PostgreSQL server. */
export async function benchHmoClaims(serverUrl: string | undefined): Promise<Array<Record<string, string>> | null> {
  console.log(`\nAn HMO claim batch of ${LINES.toLocaleString("en")} lines`);
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
    const seeded = performance.now();
    await seedFinalBills(db);
    console.log(
      `  ${LINES.toLocaleString("en")} final bills of ${PATIENTS} enrollees written in ${((performance.now() - seeded) / 1000).toFixed(1)} s.`,
    );
    const api = await startApi(url.toString());
    try {
      const token = await staffToken(db, api.base);
      const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
      const hmoId = (await db.query<{ id: number }>(`SELECT id::int AS id FROM hmos`)).rows[0]!.id;
      const month = watDay(new Date().toISOString()).slice(0, 7);
      const started = performance.now();
      const made = await fetch(`${api.base}${API_PATHS.staffHmoClaims}`, {
        method: "POST",
        headers,
        body: JSON.stringify({ hmo_id: hmoId, month }),
      });
      const body = (await made.json()) as { claim?: { id: number; lines: number; total: string } };
      if (made.status !== 201 || !body.claim)
        throw new Error(`claim batch: ${made.status} ${JSON.stringify(body).slice(0, 300)}`);
      const built = (performance.now() - started) / 1000;
      const exportStarted = performance.now();
      const csv = await fetch(`${api.base}${API_PATHS.staffHmoClaimCsv(body.claim.id)}`, { headers });
      const text = await csv.text();
      if (!csv.ok) throw new Error(`claim CSV: ${csv.status} ${text.slice(0, 300)}`);
      const exported = (performance.now() - exportStarted) / 1000;
      const rows = text.trimEnd().split("\r\n").length - 1;
      if (body.claim.lines !== LINES || rows !== LINES)
        throw new Error(`the batch holds ${body.claim.lines} lines and its CSV ${rows} rows, not ${LINES}`);
      const total = built + exported;
      return [
        {
          measure: `claim batch of ${LINES.toLocaleString("en")} lines (${body.claim.total} naira)`,
          built: `${built.toFixed(2)} s`,
          exported: `${exported.toFixed(2)} s (${(text.length / 1024).toFixed(0)} KB)`,
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
