import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite, openPostgres, type Database } from "../db/database";
import { migrate } from "../db/migrate";
import { REPO_ROOT } from "../env";
import { createServerDatabase, TEST_DB } from "../test/test-app";

const SCRIPT = "apps/api/src/cli/seed-bulk.ts";
const cleanups: Array<() => Promise<void>> = [];
/** Each test runs the command twice, each run starting tsx and migrating a database: slow on a busy machine. */
const TWO_RUNS_MS = 120_000;

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/**
 * A fresh database for the command, on what the suite runs on: the embedded one in a DATA_DIR of its
 * own, or a new database on the PostgreSQL server at DATABASE_URL. `use` opens it (migrated) and closes
 * it again, so that the command can open the embedded one after.
 */
async function freshTarget(): Promise<{
  env: Record<string, string>;
  use: <T>(work: (db: Database) => Promise<T>) => Promise<T>;
}> {
  if (TEST_DB === "postgres") {
    const server = await createServerDatabase("hospipay_seed_bulk");
    cleanups.push(server.drop);
    const dataDir = await mkdtemp(path.join(tmpdir(), "hospipay-seed-bulk-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    return {
      env: { DATABASE_URL: server.url, DATA_DIR: dataDir },
      use: async (work) => {
        const db = openPostgres(server.url, { max: 1 });
        try {
          await migrate(db);
          return await work(db);
        } finally {
          await db.close();
        }
      },
    };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), "hospipay-seed-bulk-"));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  return {
    env: { DATA_DIR: dataDir },
    use: async (work) => {
      const db = await openPglite(path.join(dataDir, "pglite"));
      try {
        await migrate(db);
        return await work(db);
      } finally {
        await db.close();
      }
    },
  };
}

/** Runs the command as an operator would, from the repository root, without a DATABASE_URL unless given. */
function seedBulk(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  delete childEnv.NODE_OPTIONS;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", SCRIPT, ...args], {
      cwd: REPO_ROOT,
      env: childEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const references = (db: Database) =>
  db
    .query<{ reference: string }>("SELECT reference FROM invoices ORDER BY id")
    .then(({ rows }) => rows.map((row) => row.reference.replace(/^BULK-.*$/, "BULK")));

/** A checkout invoice as the product writes one: a real payment. */
async function realInvoice(db: Database): Promise<void> {
  await db.query(
    `INSERT INTO invoices (reference, purpose, payment_method, status, subtotal_kobo, charge_fee_kobo, total_kobo,
       customer_name, customer_email, customer_phone, customer_phone_digits, customer_meta)
     VALUES ('HSP-0A1B2C3D4E5F60718293', 'checkout', 'remita', 'completed', 500000, 10000, 510000,
       'Ada Payer', 'ada.payer@example.ng', '08031234567', '8031234567', '{"name": "Ada Payer"}')`,
  );
}

describe(`seed:bulk (${TEST_DB})`, () => {
  it(
    "proceeds on an empty database, and again on one holding only its own invoices",
    async () => {
      const target = await freshTarget();
      const first = await seedBulk(["--invoices", "30"], target.env);
      expect(first.stderr).toBe("");
      expect(first.code).toBe(0);
      expect(first.stdout).toContain("30 / 30 invoices");
      const again = await seedBulk(["--invoices", "20"], target.env);
      expect(again.stderr).toBe("");
      expect(again.code).toBe(0);
      expect(await target.use(references)).toEqual(Array(50).fill("BULK"));
      // Paid invoices have receipt codes, as settled ones do; the others have none.
      const mismatched = await target.use((db) =>
        db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM invoices i
           WHERE (i.status IN ('completed', 'refunded')) <> EXISTS (SELECT 1 FROM receipt_codes rc WHERE rc.invoice_id = i.id)`,
        ),
      );
      expect(mismatched.rows[0]!.n).toBe(0);
    },
    TWO_RUNS_MS,
  );

  it(
    "refuses a database holding a real payment with a clear message and exit 1, writing nothing; proceeds with --force",
    async () => {
      const target = await freshTarget();
      await target.use(realInvoice);
      const refused = await seedBulk(["--invoices", "20"], target.env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        "This database holds payments seed:bulk did not make (1 invoice, 0 ledger entries). seed:bulk writes made-up invoices for load tests; nothing was written. Run it on an empty database, or add --force to add them anyway.",
      );
      expect(refused.stdout).toBe("");
      expect(await target.use(references)).toEqual(["HSP-0A1B2C3D4E5F60718293"]);

      const forced = await seedBulk(["--invoices", "20", "--force"], target.env);
      expect(forced.stderr).toBe("");
      expect(forced.code).toBe(0);
      expect(await target.use(references)).toEqual(["HSP-0A1B2C3D4E5F60718293", ...Array(20).fill("BULK")]);
    },
    TWO_RUNS_MS,
  );
});
