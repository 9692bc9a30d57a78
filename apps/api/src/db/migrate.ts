import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Database, Queryable } from "./database";

/** Folder of the numbered SQL migrations (0001_name.sql, …). */
export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../migrations");

interface Migration {
  version: number;
  name: string;
  file: string;
}

async function listMigrations(dir: string): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file)).sort();
  return files.map((file) => ({ version: Number(file.slice(0, 4)), name: file.slice(5, -4), file: path.join(dir, file) }));
}

/** The highest migration version this code knows (the schema version a migrated database has). */
export async function latestMigrationVersion(dir = MIGRATIONS_DIR): Promise<number> {
  return Math.max(0, ...(await listMigrations(dir)).map((m) => m.version));
}

/**
 * The migrations that were squashed into 0001 to 0007 before the first release: version i + 1 was named
 * SQUASHED_CHAIN[i] (their files are kept for the tests in legacy-migrations/). A database migrated by all of
 * them has the schema of those seven files (migrate-squash.test.ts compares the two), so it is recorded as
 * migrated by them; one holding only some of them is refused. No shipped file may reuse a version and name
 * of this list.
 */
const SQUASHED_CHAIN = [
  "accounts",
  "payments",
  "wallets",
  "kyc",
  "staff_dashboards",
  "staff_operations",
  "staff_export",
  "staff_day_totals",
  "staff_filter_indexes",
  "rate_counters_unlogged",
  "staff_invoice_json",
  "day_totals_vacuum",
  "staff_page_changes",
  "staff_filter_method_indexes",
  "gateway_payments_due",
  "kyc_document_public_id",
  "transfer_approvals",
  "payment_reviews",
];
/** The last version of the files the chain was squashed into; later files are migrations like any other. */
export const SQUASHED_INTO = 7;

interface AppliedMigration {
  version: number;
  name: string;
}

/**
 * A database migrated by the whole squashed chain gets the squashed files' records in place of the chain's.
 * Throws, changing nothing, when it holds part of the chain, or more, which no file of `migrations` can bring
 * to the current schema. Returns the records now applied.
 */
async function adoptSquashedChain(
  tx: Queryable,
  migrations: Migration[],
  applied: AppliedMigration[],
): Promise<AppliedMigration[]> {
  const isSquashed = (row: AppliedMigration) =>
    SQUASHED_CHAIN[row.version - 1] === row.name && !migrations.some((m) => m.version === row.version && m.name === row.name);
  const squashed = applied.filter(isSquashed);
  if (squashed.length === 0) return applied;
  if (squashed.length < SQUASHED_CHAIN.length || applied.length > squashed.length) {
    const held = applied.map((row) => `${String(row.version).padStart(4, "0")}_${row.name}`).join(", ");
    throw new Error(
      `This database was migrated by migrations that were squashed before the first release, but not by exactly ` +
        `those (it holds ${held}). Delete the embedded database (the pglite folder in DATA_DIR) or drop this ` +
        `PostgreSQL database, and start again: a new one is migrated from the start. Nothing was changed.`,
    );
  }
  const adopted = migrations.filter((m) => m.version <= SQUASHED_INTO);
  await tx.query("DELETE FROM schema_migrations");
  for (const migration of adopted)
    await tx.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [migration.version, migration.name]);
  return adopted;
}

/**
 * Applies every migration not yet applied, in order, in one transaction. On a PostgreSQL server an
 * advisory lock makes concurrent starters wait for each other instead of applying twice.
 * Returns the versions applied.
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<number[]> {
  const migrations = await listMigrations(dir);
  return db.transaction(async (tx) => {
    if (db.kind === "postgres") await tx.query("SELECT pg_advisory_xact_lock(727001)");
    await tx.exec(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         version integer PRIMARY KEY,
         name text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const { rows } = await tx.query<AppliedMigration>("SELECT version, name FROM schema_migrations ORDER BY version");
    const applied = new Set((await adoptSquashedChain(tx, migrations, rows)).map((row) => row.version));
    const done: number[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      await tx.exec(await readFile(migration.file, "utf8"));
      await tx.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [migration.version, migration.name]);
      done.push(migration.version);
    }
    return done;
  });
}
