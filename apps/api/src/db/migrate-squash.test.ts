import { copyFile, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEGACY_MIGRATIONS_DIR as LEGACY_DIR } from "../test/legacy-migrations";
import { createServerDatabase, TEST_DB } from "../test/test-app";
import { openPglite, openPostgres, type Database } from "./database";
import { migrate, MIGRATIONS_DIR, SQUASHED_INTO } from "./migrate";

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An empty, unmigrated database of the kind under test. */
async function emptyDatabase(): Promise<Database> {
  if (TEST_DB === "pglite") {
    const db = await openPglite();
    cleanups.push(() => db.close());
    return db;
  }
  const server = await createServerDatabase("hospipay_squash");
  const db = openPostgres(server.url, { max: 2 });
  cleanups.push(async () => {
    await db.close();
    await server.drop();
  });
  return db;
}

const migrationFiles = async (dir: string) => (await readdir(dir)).filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file)).sort();
const versionOf = (file: string) => Number(file.slice(0, 4));
/** The shipped files the chain was squashed into (later ones change the schema further, as any migration). */
const squashedFiles = async () => (await migrationFiles(MIGRATIONS_DIR)).filter((file) => versionOf(file) <= SQUASHED_INTO);

/** A folder holding the given migration files, copied from their folders, and extra ones written here. */
async function folderOf(files: string[], extra: Record<string, string> = {}): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "hospipay-migrations-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  for (const file of files) await copyFile(file, path.join(dir, path.basename(file)));
  for (const [name, sql] of Object.entries(extra)) await writeFile(path.join(dir, name), sql);
  return dir;
}

/** Each part of the schema as one text line per object (an object's every property in its line). */
type Schema = Record<string, string[]>;

const PUBLIC = "JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'";

const CATALOG: Record<string, string> = {
  relations: `
    SELECT c.relkind::text || ' ' || c.relname || ' persistence=' || c.relpersistence::text
      || ' options=' || coalesce(array_to_string(c.reloptions, ','), '') || ' rls=' || c.relrowsecurity
      || ' replica=' || c.relreplident::text
      || CASE WHEN c.relkind IN ('r', 'p') THEN ' analysed=' || (c.reltuples >= 0) ELSE '' END AS line
    FROM pg_class c ${PUBLIC}`,
  columns: `
    SELECT c.relname || '.' || a.attname || ' #' || row_number() OVER (PARTITION BY c.oid ORDER BY a.attnum)
      || ' ' || format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END
      || coalesce(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '')
      || CASE a.attidentity WHEN 'a' THEN ' IDENTITY ALWAYS' WHEN 'd' THEN ' IDENTITY BY DEFAULT' ELSE '' END
      || CASE WHEN a.attgenerated <> '' THEN ' GENERATED ' || a.attgenerated::text ELSE '' END
      || coalesce(' COLLATE ' || co.collname, '') AS line
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid ${PUBLIC}
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    LEFT JOIN pg_collation co ON co.oid = a.attcollation
    WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f') AND a.attnum > 0 AND NOT a.attisdropped`,
  constraints: `
    SELECT coalesce(r.relname, t.typname) || ' ' || con.conname || ' ' || con.contype::text || ': '
      || pg_get_constraintdef(con.oid) AS line
    FROM pg_constraint con JOIN pg_namespace n ON n.oid = con.connamespace AND n.nspname = 'public'
    LEFT JOIN pg_class r ON r.oid = con.conrelid LEFT JOIN pg_type t ON t.oid = con.contypid`,
  indexes: `
    SELECT pg_get_indexdef(i.indexrelid) || CASE WHEN i.indisclustered THEN ' CLUSTERED' ELSE '' END
      || CASE WHEN i.indisvalid THEN '' ELSE ' INVALID' END AS line
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid ${PUBLIC}`,
  functions: `
    SELECT CASE WHEN p.prokind IN ('f', 'p') THEN pg_get_functiondef(p.oid) ELSE p.prokind::text || ' ' || p.proname END AS line
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace AND n.nspname = 'public'`,
  triggers: `
    SELECT pg_get_triggerdef(t.oid) || ' enabled=' || t.tgenabled::text AS line
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid ${PUBLIC}
    WHERE NOT t.tgisinternal`,
  views: `
    SELECT c.relname || ': ' || pg_get_viewdef(c.oid) AS line FROM pg_class c ${PUBLIC} WHERE c.relkind IN ('v', 'm')`,
  sequences: `
    SELECT c.relname || ' ' || format_type(s.seqtypid, NULL) || ' start=' || s.seqstart || ' increment=' || s.seqincrement
      || ' min=' || s.seqmin || ' max=' || s.seqmax || ' cache=' || s.seqcache || ' cycle=' || s.seqcycle
      || ' owned by ' || coalesce(owner.relname || '.' || a.attname || ' (' || dep.deptype::text || ')', '-')
      || ' last=' || coalesce(ps.last_value::text, 'none') AS line
    FROM pg_sequence s JOIN pg_class c ON c.oid = s.seqrelid ${PUBLIC}
    LEFT JOIN pg_depend dep ON dep.classid = 'pg_class'::regclass AND dep.objid = c.oid
      AND dep.refclassid = 'pg_class'::regclass AND dep.deptype IN ('a', 'i')
    LEFT JOIN pg_class owner ON owner.oid = dep.refobjid
    LEFT JOIN pg_attribute a ON a.attrelid = dep.refobjid AND a.attnum = dep.refobjsubid
    LEFT JOIN pg_sequences ps ON ps.schemaname = n.nspname AND ps.sequencename = c.relname`,
  types: `
    SELECT t.typname || ' ' || t.typtype::text || coalesce(' ' || format_type(nullif(t.typbasetype, 0), t.typtypmod), '')
      || coalesce(' (' || (SELECT string_agg(e.enumlabel, ', ' ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = t.oid) || ')', '')
      AS line
    FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace AND n.nspname = 'public'`,
  // Objects made by the migrations have OIDs from 16384 (FirstNormalObjectId) on.
  comments: `
    SELECT pg_describe_object(d.classoid, d.objoid, d.objsubid) || ': ' || d.description AS line
    FROM pg_description d WHERE d.objoid >= 16384`,
  policies: `
    SELECT tablename || ' ' || policyname || ' ' || cmd || ' ' || coalesce(qual, '') || ' ' || coalesce(with_check, '') AS line
    FROM pg_policies WHERE schemaname = 'public'`,
  extensions: `SELECT extname || ' ' || extversion AS line FROM pg_extension`,
};

/** The schema of a database, and the rows its migrations wrote (but the times and random ids of that run). */
async function schemaOf(db: Database): Promise<Schema> {
  const schema: Schema = {};
  for (const [part, sql] of Object.entries(CATALOG)) {
    const { rows } = await db.query<{ line: string }>(sql);
    schema[part] = rows.map((row) => row.line).sort();
  }
  const { rows: tables } = await db.query<{ name: string; varying: string[] }>(
    `SELECT c.relname AS name,
       coalesce(array_agg(a.attname::text) FILTER (WHERE a.atttypid IN ('timestamptz'::regtype, 'uuid'::regtype)), '{}') AS varying
     FROM pg_class c ${PUBLIC} JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     WHERE c.relkind IN ('r', 'p') AND c.relname <> 'schema_migrations'
     GROUP BY c.relname ORDER BY c.relname`,
  );
  schema.rows = [];
  for (const table of tables) {
    const { rows } = await db.query<{ line: string }>(`SELECT (to_jsonb(t) - $1::text[])::text AS line FROM ${table.name} t`, [
      table.varying,
    ]);
    schema.rows.push(...rows.map((row) => `${table.name}: ${row.line}`));
  }
  schema.rows.sort();
  return schema;
}

/** Per part of the schema, the lines only one side has (none: the two are equal). */
function differences(chain: Schema, squashed: Schema) {
  const only = (lines: string[], others: string[]) => {
    const left = [...others];
    return lines.filter((line) => {
      const at = left.indexOf(line);
      if (at < 0) return true;
      left.splice(at, 1);
      return false;
    });
  };
  const found: Record<string, { onlyAfterTheChain: string[]; onlyAfterTheSquashedFiles: string[] }> = {};
  for (const part of new Set([...Object.keys(chain), ...Object.keys(squashed)])) {
    const a = chain[part] ?? [];
    const b = squashed[part] ?? [];
    const difference = { onlyAfterTheChain: only(a, b), onlyAfterTheSquashedFiles: only(b, a) };
    if (difference.onlyAfterTheChain.length > 0 || difference.onlyAfterTheSquashedFiles.length > 0) found[part] = difference;
  }
  return found;
}

const recorded = async (db: Database) =>
  (await db.query<{ version: number; name: string }>("SELECT version, name FROM schema_migrations ORDER BY version")).rows;

describe("the squashed migrations", () => {
  let chain: Schema;
  let squashed: Schema;
  beforeAll(async () => {
    const [byChain, bySquashedFiles] = await Promise.all([emptyDatabase(), emptyDatabase()]);
    expect(await migrate(byChain, LEGACY_DIR)).toHaveLength((await migrationFiles(LEGACY_DIR)).length);
    const squashedInto = await squashedFiles();
    expect(squashedInto).toHaveLength(SQUASHED_INTO);
    const onlySquashed = await folderOf(squashedInto.map((file) => path.join(MIGRATIONS_DIR, file)));
    expect(await migrate(bySquashedFiles, onlySquashed)).toHaveLength(SQUASHED_INTO);
    chain = await schemaOf(byChain);
    squashed = await schemaOf(bySquashedFiles);
  });

  it("build the schema the chain they replace built: every table, column, constraint, index, function, trigger, view, sequence and seeded row", () => {
    // The comparison reads real objects: each part the chain makes is there to compare.
    for (const part of ["relations", "columns", "constraints", "indexes", "functions", "triggers", "views", "sequences", "rows"])
      expect(chain[part], part).not.toHaveLength(0);
    const relations = chain.relations ?? [];
    expect(relations).toContain("r rate_counters persistence=u options= rls=false replica=d analysed=false");
    expect(relations.filter((line) => line.startsWith("r invoice_day_totals "))).toEqual([
      expect.stringMatching(/autovacuum_vacuum_threshold=2000.* analysed=true$/),
    ]);
    expect(chain.rows).toContain(
      `ledger_accounts: {"id": 8, "code": "suspense:underpayments", "kind": "liability", "name": "Short payments awaiting staff review (refund or settlement)", "user_id": null}`,
    );

    expect(differences(chain, squashed)).toEqual({});
  });

  it("reuse no version and name of the chain: a database migrated by the chain is told by its records", async () => {
    const legacy = await migrationFiles(LEGACY_DIR);
    for (const file of await migrationFiles(MIGRATIONS_DIR)) expect(legacy).not.toContain(file);
  });
});

describe("a database migrated by the chain the migrations were squashed from", () => {
  it("is recorded as migrated by the squashed files when it holds the whole chain, and takes later files as any other", async () => {
    const db = await emptyDatabase();
    await migrate(db, LEGACY_DIR);
    const shipped = await squashedFiles();
    const later = await folderOf(
      shipped.map((file) => path.join(MIGRATIONS_DIR, file)),
      { "0099_later.sql": "CREATE TABLE later_table (id integer PRIMARY KEY);" },
    );

    const laterShipped = shipped.map(versionOf).filter((version) => version > SQUASHED_INTO);
    expect(await migrate(db, later)).toEqual([...laterShipped, 99]);
    expect(await recorded(db)).toEqual([
      ...shipped.map((file) => ({ version: versionOf(file), name: file.slice(5, -4) })),
      { version: 99, name: "later" },
    ]);
    const afterSquash = (await migrationFiles(MIGRATIONS_DIR)).map(versionOf).filter((version) => version > SQUASHED_INTO);
    expect(await migrate(db)).toEqual(afterSquash);
    expect(await migrate(db)).toEqual([]);
  });

  it("is refused, with what to do and nothing changed, when it holds only part of the chain", async () => {
    const db = await emptyDatabase();
    const legacy = await migrationFiles(LEGACY_DIR);
    const part = legacy.filter((file) => file < "0011");
    await migrate(db, await folderOf(part.map((file) => path.join(LEGACY_DIR, file))));
    const before = await recorded(db);
    expect(before).toHaveLength(part.length);

    await expect(migrate(db)).rejects.toThrow(
      /squashed before the first release.*0010_rate_counters_unlogged.*Delete the embedded database \(the pglite folder in DATA_DIR\) or drop this PostgreSQL database/,
    );
    expect(await recorded(db)).toEqual(before);
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_class WHERE relname IN ('kyc_documents', 'payment_reviews') AND relkind = 'r'",
    );
    expect(rows[0]!.n).toBe(1);
  });
});
