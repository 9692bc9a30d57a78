import type { Queryable } from "../../db/database";

/** The few questions backup and restore ask a database about itself. */
export class BackupRepository {
  /** The highest migration applied, or null when the database has no Hospipay schema. */
  async schemaVersion(q: Queryable): Promise<number | null> {
    const { rows } = await q.query<{ exists: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS exists");
    if (!rows[0]?.exists) return null;
    const version = await q.query<{ version: number }>("SELECT coalesce(max(version), 0)::int AS version FROM schema_migrations");
    return version.rows[0]?.version ?? 0;
  }

  /** The server's major version (15 for 15.20). */
  async serverMajor(q: Queryable): Promise<number> {
    const { rows } = await q.query<{ n: string }>("SELECT current_setting('server_version_num') AS n");
    return Math.floor(Number(rows[0]?.n) / 10_000);
  }

  /** Tables, views and sequences outside the system schemas: a database with any is not empty. */
  async userRelations(q: Queryable): Promise<number> {
    const { rows } = await q.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
       WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f') AND s.nspname NOT IN ('pg_catalog', 'information_schema')
         AND s.nspname NOT LIKE 'pg_toast%'`,
    );
    return rows[0]?.n ?? 0;
  }

  /** Empties a PostgreSQL database: its schema public and everything in it. */
  async dropPublicSchema(q: Queryable): Promise<void> {
    await q.exec("DROP SCHEMA public CASCADE; CREATE SCHEMA public");
  }
}
