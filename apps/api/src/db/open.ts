import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { openPglite, openPostgres, type Database } from "./database";
import { resolveDataDir, type Env } from "../env";

/** Opens the configured database: the server at DATABASE_URL, or PGlite in DATA_DIR/pglite. */
export async function openConfiguredDatabase(env: Pick<Env, "DATABASE_URL" | "DATA_DIR">): Promise<Database> {
  if (env.DATABASE_URL) return openPostgres(env.DATABASE_URL);
  const dir = path.join(resolveDataDir(env), "pglite");
  await mkdir(dir, { recursive: true });
  return openPglite(dir);
}

/** Thrown when another live process holds the embedded database. */
export class DatabaseBusyError extends Error {
  constructor(
    readonly pid: number,
    readonly dataDir: string,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by a running Hospipay server (pid ${pid}). ` +
        `Stop the server first, or point DATABASE_URL at a PostgreSQL server. Nothing was changed.`,
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite is one process's database: two processes writing the same folder would corrupt it.
 * The owner writes its pid into DATA_DIR/server.pid; another process refuses while that pid lives.
 * Returns a release function. With a PostgreSQL server nothing is locked.
 */
export async function claimEmbeddedDatabase(env: Pick<Env, "DATABASE_URL" | "DATA_DIR">): Promise<() => Promise<void>> {
  if (env.DATABASE_URL) return async () => undefined;
  const dataDir = resolveDataDir(env);
  await mkdir(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, "server.pid");
  const existing = Number((await readFile(lockFile, "utf8").catch(() => "")).trim());
  if (existing && existing !== process.pid && isAlive(existing)) throw new DatabaseBusyError(existing, dataDir);
  await writeFile(lockFile, String(process.pid));
  return async () => {
    const owner = Number((await readFile(lockFile, "utf8").catch(() => "")).trim());
    if (owner === process.pid) await rm(lockFile, { force: true });
  };
}
