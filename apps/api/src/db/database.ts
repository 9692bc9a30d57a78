import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/** Something SQL can be sent to: the database itself or an open transaction. */
export interface Queryable {
  /** Runs one parameterised statement. */
  query<R = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<{ rows: R[]; rowCount: number }>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** The system of record: PGlite embedded on disk, or a PostgreSQL server. Same SQL on both. */
export interface Database extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs fn inside BEGIN … COMMIT; any throw rolls back. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const INT8_OID = 20;
/** bigint columns hold kobo and ids, always within Number's safe range. */
const parseInt8 = (value: string) => Number(value);

/** Opens a PostgreSQL server connection pool. */
export function openPostgres(connectionString: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  pool.on("error", () => {
    // An idle client lost its connection; the pool replaces it. Queries report their own errors.
  });
  const run = async (client: pg.Pool | pg.PoolClient, sql: string, params?: readonly unknown[]) => {
    const result = await client.query(sql, params as unknown[] | undefined);
    return { rows: result.rows, rowCount: result.rowCount ?? 0 };
  };
  return {
    kind: "postgres",
    query: (sql, params) => run(pool, sql, params) as never,
    exec: async (sql) => {
      await pool.query(sql);
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const tx: Queryable = {
          query: (sql, params) => run(client, sql, params) as never,
          exec: async (sql) => {
            await client.query(sql);
          },
        };
        const result = await fn(tx);
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * Opens the embedded PGlite database (a folder on disk, or memory when dataDir is undefined).
 * PGlite is one session, so every statement and transaction takes a turn through one queue:
 * a transaction owns the session from BEGIN to COMMIT.
 */
export async function openPglite(dataDir?: string): Promise<Database> {
  const db = new PGlite(dataDir, { parsers: { [INT8_OID]: parseInt8 } });
  await db.waitReady;
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
  };
}
