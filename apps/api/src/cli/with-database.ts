import type { Database } from "../db/database";
import { migrate } from "../db/migrate";
import { claimEmbeddedDatabase, DatabaseBusyError, openConfiguredDatabase } from "../db/open";
import { loadEnv, type Env } from "../env";

/**
 * Runs a command on the configured database (migrated first unless told not to) and closes it after. While a running server
 * holds the embedded database it changes nothing and exits with `busyCode`, saying so.
 */
export async function withConfiguredDatabase(
  work: (db: Database) => Promise<number>,
  options: { busyCode?: number; migrateFirst?: boolean } = {},
): Promise<number> {
  const { busyCode = 1, migrateFirst = true } = options;
  const env = loadEnv();
  const release = await claimForCommand(env);
  if (!release) return busyCode;
  const db = await openConfiguredDatabase(env);
  try {
    if (migrateFirst) await migrate(db);
    return await work(db);
  } finally {
    await db.close();
    await release();
  }
}

/**
 * Claims the embedded database for a command (nothing to claim with a server). Answers the release, or null
 * after saying so when a running server holds it.
 */
export async function claimForCommand(env: Env): Promise<(() => Promise<void>) | null> {
  try {
    return await claimEmbeddedDatabase(env);
  } catch (error) {
    if (error instanceof DatabaseBusyError) {
      console.error(error.message);
      return null;
    }
    throw error;
  }
}

/** Ends the process with the command's exit code, printing an unexpected error plainly. */
export function runCommand(command: () => Promise<number>): void {
  command().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
