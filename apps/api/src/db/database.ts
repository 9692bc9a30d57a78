import { createHash } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";

/** Something SQL can be sent to: the database itself or an open transaction. */
export interface QueryOptions {
  /**
   * Keep the statement prepared on each server session (PostgreSQL): later runs skip parsing and, once
   * the server finds its generic plan as good, planning. Only for fixed SQL text on hot paths (the text
   * names the statement), and best without `$n IS NULL OR …` conditions, which a generic plan cannot use
   * in an index. PGlite runs every statement in one session and ignores it.
   */
  prepare?: boolean;
}

export interface Queryable {
  /** Runs one parameterised statement. */
  query<R = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<{ rows: R[]; rowCount: number }>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** The system of record: PGlite embedded on disk, or a PostgreSQL server. Same SQL on both. */
export interface Database extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs fn inside BEGIN … COMMIT; any throw rolls back. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * PGlite only: its data folder as a gzipped tarball, taken between two transactions (so it holds
   * every committed one and no part of another). Opened again with openPglite's `loadDataDir`.
   */
  dumpDataDir?(): Promise<Blob>;
}

/**
 * The database server cannot be reached, or the session was lost (a restart, a terminated backend):
 * a transient failure, answered 503 so that clients retry, not a bug. A statement in flight when the
 * session was lost may or may not have taken effect: a retry must be idempotent (Idempotency-Key).
 */
export class DatabaseUnavailableError extends Error {
  constructor(reason: unknown) {
    // The reason in the message, not as `cause`: CLI commands print the message only, and the log would repeat it.
    super(`the database is unavailable: ${reason instanceof Error ? reason.message : String(reason)}`);
    this.name = "DatabaseUnavailableError";
  }
}

/** Socket failures, pg's lost-connection errors and SQLSTATEs of class 08 (connection) and 57P (shutdown). */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (/^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)$/.test(code)) return true;
    if (/^(08...|57P0[1-3]|53300)$/.test(code)) return true;
  }
  return /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/.test(
    error.message,
  );
}

const unavailableIfLost = (error: unknown) => (isConnectionFailure(error) ? new DatabaseUnavailableError(error) : error);

const INT8_OID = 20;

/**
 * Settings every session of the app's databases starts with: a PostgreSQL server's pooled connections from
 * their start (the startup packet's options), PGlite's one session when it opens. pg_trgm's word similarity
 * threshold is how close a search word must be to a word of a patient's names to count as one typed with a
 * small typo (the register's search, `<%`): "emka" is 0.4 of "emeka" by trigrams, "ngozy" 0.67 of "ngozi".
 * Set per session, a search is one statement, with no transaction around it for a SET LOCAL.
 */
export const SESSION_SETTINGS: Readonly<Record<string, string>> = { "pg_trgm.word_similarity_threshold": "0.4" };
/** bigint columns hold kobo and ids, always within Number's safe range. */
const parseInt8 = (value: string) => Number(value);

/** Opens a PostgreSQL server connection pool. */
export function openPostgres(connectionString: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    options: Object.entries(SESSION_SETTINGS)
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(" "),
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  pool.on("error", () => {
    // An idle client lost its connection; the pool replaces it. Queries report their own errors.
  });
  const names = new Map<string, string>();
  const nameOf = (sql: string) => {
    let name = names.get(sql);
    if (!name) {
      name = `hp_${createHash("sha1").update(sql).digest("hex").slice(0, 16)}`;
      names.set(sql, name);
    }
    return name;
  };
  const run = async (client: pg.Pool | pg.PoolClient, sql: string, params?: readonly unknown[], options?: QueryOptions) => {
    try {
      const values = params as unknown[] | undefined;
      const result = options?.prepare
        ? await client.query({ name: nameOf(sql), text: sql, values })
        : await client.query(sql, values);
      return { rows: result.rows, rowCount: result.rowCount ?? 0 };
    } catch (error) {
      throw unavailableIfLost(error);
    }
  };
  return {
    kind: "postgres",
    query: (sql, params, options) => run(pool, sql, params, options) as never,
    exec: async (sql) => {
      await run(pool, sql);
    },
    async transaction(fn) {
      const client = await pool.connect().catch((error: unknown) => {
        throw unavailableIfLost(error);
      });
      // A checked-out client is not watched by the pool: without a listener of our own, a connection
      // lost between two statements (a server restart, a terminated backend) is an unhandled 'error'
      // event that ends the process. A client that failed so is destroyed, never pooled again.
      let broken: unknown;
      const onError = (error: Error) => {
        broken ??= error;
      };
      client.on("error", onError);
      try {
        await run(client, "BEGIN");
        const tx: Queryable = {
          query: (sql, params, options) => run(client, sql, params, options) as never,
          exec: async (sql) => {
            await run(client, sql);
          },
        };
        const result = await fn(tx);
        await run(client, "COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch((rollbackFailed: unknown) => {
          broken ??= rollbackFailed;
        });
        throw error;
      } finally {
        // A broken client keeps its listener: it may still report the socket's end while being closed.
        if (broken === undefined) client.off("error", onError);
        client.release(broken === undefined ? undefined : broken instanceof Error ? broken : new Error(String(broken)));
      }
    },
    close: () => pool.end(),
  };
}

/**
 * Opens the embedded PGlite database (a folder on disk, or memory when dataDir is undefined).
 * PGlite is one session, so every statement and transaction takes a turn through one queue:
 * a transaction owns the session from BEGIN to COMMIT. `loadDataDir` fills a folder that holds no
 * database yet from a tarball of dumpDataDir.
 */
export async function openPglite(dataDir?: string, options: { loadDataDir?: Blob } = {}): Promise<Database> {
  // pg_trgm: the patient register's search (migration 0025), as on the PostgreSQL server.
  const db = new PGlite({
    dataDir,
    parsers: { [INT8_OID]: parseInt8 },
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  await db.waitReady;
  for (const [name, value] of Object.entries(SESSION_SETTINGS)) await db.query(`SELECT set_config($1, $2, false)`, [name, value]);
  let tail: Promise<unknown> = Promise.resolve();
  const turn = <T>(work: () => Promise<T>): Promise<T> => {
    const next = tail.then(work, work);
    tail = next.catch(() => undefined);
    return next;
  };
  const run = async (sql: string, params?: readonly unknown[]) => {
    const result = await db.query(sql, params as unknown[] | undefined);
    return { rows: result.rows, rowCount: Math.max(result.affectedRows ?? 0, result.rows.length) };
  };
  const direct: Queryable = {
    query: (sql, params) => run(sql, params) as never,
    exec: async (sql) => {
      await db.exec(sql);
    },
  };
  return {
    kind: "pglite",
    query: (sql, params) => turn(() => run(sql, params)) as never,
    exec: (sql) => turn(() => direct.exec(sql)),
    transaction: (fn) =>
      turn(async () => {
        await db.exec("BEGIN");
        try {
          const result = await fn(direct);
          await db.exec("COMMIT");
          return result;
        } catch (error) {
          await db.exec("ROLLBACK").catch(() => undefined);
          throw error;
        }
      }),
    close: () => turn(() => db.close()),
    dumpDataDir: () =>
      turn(async () => {
        // A checkpoint first: the tarball's data files then hold every commit, and a restore replays no WAL.
        await db.exec("CHECKPOINT");
        return db.dumpDataDir("gzip");
      }),
  };
}
