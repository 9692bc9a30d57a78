import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, existsSync, readdirSync } from "node:fs";
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { openPglite, openPostgres, type Database } from "../../db/database";
import { latestMigrationVersion, migrate } from "../../db/migrate";
import { REPO_ROOT } from "../../env";
import { checkLedger, type LedgerReport } from "../ledger";
import { BackupRepository } from "./backup.repository";

/** Which database a backup holds: the embedded PGlite folder or a PostgreSQL server's database. */
export type BackupKind = Database["kind"];

const backupManifestSchema = z.object({
  format: z.literal("hospipay-backup"),
  formatVersion: z.literal(1),
  kind: z.enum(["pglite", "postgres"]),
  /** When the backup was taken (ISO 8601, UTC). */
  createdAt: z.string(),
  /** The highest migration applied in the backed-up database: its schema version. */
  migration: z.number().int().min(0),
  /** The Hospipay version that took it. */
  appVersion: z.string(),
  /** The dump's file name (the manifest sits beside it as `<file>.json`). */
  file: z.string(),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** pg_dump's version (PostgreSQL backups): pg_restore must be of this major version or later. */
  pgDumpVersion: z.string().optional(),
});

/** The sidecar `<file>.json` of every backup: what restore checks before it changes anything. */
export type BackupManifest = z.infer<typeof backupManifestSchema>;

/** A refusal or failure with a message meant for the operator; nothing was changed unless it says so. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

/** A pg_dump custom archive starts with "PGDMP"; a gzip stream with 1f 8b. */
const MAGIC: Record<BackupKind, Buffer> = { postgres: Buffer.from("PGDMP"), pglite: Buffer.from([0x1f, 0x8b]) };
const EXTENSION: Record<BackupKind, string> = { postgres: "dump", pglite: "tar.gz" };
const KIND_NAME: Record<BackupKind, string> = {
  postgres: "a PostgreSQL server's database",
  pglite: "the embedded (PGlite) database",
};

/** The manifest's path for a backup file. */
export const manifestPathOf = (file: string) => `${file}.json`;

/** DATA_DIR/backups/hospipay-<UTC timestamp>.<dump|tar.gz>. */
export function defaultBackupPath(dataDir: string, kind: BackupKind, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  return path.join(dataDir, "backups", `hospipay-${stamp}.${EXTENSION[kind]}`);
}

async function appVersion(): Promise<string> {
  const pkg = JSON.parse(await readFile(path.join(REPO_ROOT, "package.json"), "utf8")) as { version?: string };
  return pkg.version ?? "unknown";
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

const repository = new BackupRepository();

/** A PostgreSQL client program found on this machine, with its version. */
export interface PgTool {
  command: string;
  version: string;
  major: number;
}

/**
 * Finds `tool` (pg_dump or pg_restore) of major version `minMajor` or later: on PATH, in pg_config's bindir,
 * or in Debian's /usr/lib/postgresql/<major>/bin; the newest found. Throws, saying what to install, when none is.
 */
export function findPgTool(tool: "pg_dump" | "pg_restore", minMajor: number): PgTool {
  const candidates: string[] = [tool];
  const bindir = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" });
  if (bindir.status === 0) candidates.push(path.join(bindir.stdout.trim(), tool));
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) for (const major of readdirSync(debian)) candidates.push(path.join(debian, major, "bin", tool));
  const found: PgTool[] = [];
  for (const command of candidates) {
    const run = spawnSync(command, ["--version"], { encoding: "utf8" });
    const version = run.status === 0 ? /(\d+)(?:\.(\d+))?/.exec(run.stdout) : null;
    if (version) found.push({ command, version: version[0], major: Number(version[1]) });
  }
  const usable = found.filter((t) => t.major >= minMajor).sort((a, b) => b.major - a.major)[0];
  if (usable) return usable;
  const seen = found.length
    ? ` Found only ${[...new Set(found.map((t) => `${t.command} ${t.version}`))].join(", ")}.`
    : ` None was found on PATH or in /usr/lib/postgresql/*/bin.`;
  throw new BackupError(
    `${tool} of PostgreSQL ${minMajor} or later is needed.${seen} Install PostgreSQL's client programs ` +
      `(Debian: apt-get install postgresql-client, or postgresql-client-${minMajor} from apt.postgresql.org for that version). ` +
      `Nothing was changed.`,
  );
}

/** The URL without its password, which goes to the child in PGPASSWORD (not on its command line, seen by ps). */
function libpqTarget(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

function runTool(tool: PgTool, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    // The child gets this process's environment (PATH, libpq's PG* settings such as PGSSLMODE) plus the password.
    // eslint-disable-next-line no-restricted-properties -- passed through to the child, not read as configuration
    const child = spawn(tool.command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", (error) => reject(new BackupError(`${tool.command} could not run: ${error.message}`)));
    child.on("close", (code) => {
      if (code === 0) resolve();
      else
        reject(
          new BackupError(
            `${path.basename(tool.command)} failed (exit ${code}): ${stderr.trim().split("\n").slice(-5).join(" ")}`,
          ),
        );
    });
  });
}

/** What a backup wrote. */
export interface BackupResult {
  file: string;
  manifestFile: string;
  manifest: BackupManifest;
  ms: number;
}

/**
 * Backs up an open database to `out` (refusing to overwrite a file) and writes its manifest beside it.
 * PostgreSQL: pg_dump --format=custom of `databaseUrl` (one consistent snapshot; writers go on meanwhile).
 * PGlite: its data folder between two transactions (the server's other work waits for it).
 */
export async function backupDatabase(db: Database, options: { out: string; databaseUrl?: string }): Promise<BackupResult> {
  const started = performance.now();
  const file = path.resolve(options.out);
  const manifestFile = manifestPathOf(file);
  for (const existing of [file, manifestFile]) {
    if (existsSync(existing))
      throw new BackupError(`${existing} exists already; a backup never overwrites one. Nothing was written.`);
  }
  await mkdir(path.dirname(file), { recursive: true });
  const createdAt = new Date().toISOString();
  const migration = await repository.schemaVersion(db);
  if (migration === null)
    throw new BackupError("This database has no Hospipay schema (no schema_migrations table): nothing to back up.");
  // Written under a temporary name: a failed backup leaves nothing that looks like one.
  const partial = `${file}.partial`;
  let pgDumpVersion: string | undefined;
  try {
    if (db.kind === "postgres") {
      if (!options.databaseUrl) throw new BackupError("A PostgreSQL backup needs the database's URL.");
      const pgDump = findPgTool("pg_dump", await repository.serverMajor(db));
      pgDumpVersion = pgDump.version;
      const target = libpqTarget(options.databaseUrl);
      await runTool(pgDump, ["--format=custom", "--no-password", `--file=${partial}`, `--dbname=${target.dbname}`], target.env);
    } else {
      if (!db.dumpDataDir) throw new BackupError("This database cannot dump its data folder.");
      const tarball = await db.dumpDataDir();
      await writeFile(partial, Buffer.from(await tarball.arrayBuffer()), { flag: "wx" });
    }
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  const manifest: BackupManifest = {
    format: "hospipay-backup",
    formatVersion: 1,
    kind: db.kind,
    createdAt,
    migration,
    appVersion: await appVersion(),
    file: path.basename(file),
    bytes: (await stat(file)).size,
    sha256: await sha256Of(file),
    ...(pgDumpVersion ? { pgDumpVersion } : {}),
  };
  await writeFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`, { flag: "wx" });
  return { file, manifestFile, manifest, ms: performance.now() - started };
}

/**
 * Reads and checks a backup before anything is changed: the file and its manifest exist, the file is the one
 * the manifest describes (size, sha256, the kind's first bytes), and its schema is not newer than this code's.
 */
export async function readBackup(fileArg: string): Promise<BackupManifest> {
  const file = path.resolve(fileArg);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new BackupError(`There is no backup file at ${file}. Nothing was changed.`);
  const manifestFile = manifestPathOf(file);
  const text = await readFile(manifestFile, "utf8").catch(() => null);
  if (text === null) {
    throw new BackupError(
      `${file} has no manifest beside it (${path.basename(manifestFile)}, written by npm run backup): its kind and schema ` +
        `version are unknown, so it is not restored. Nothing was changed.`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  const result = backupManifestSchema.safeParse(parsed);
  if (!result.success) throw new BackupError(`${manifestFile} is not a Hospipay backup manifest. Nothing was changed.`);
  const manifest = result.data;
  const head = Buffer.alloc(MAGIC[manifest.kind].length);
  const handle = await open(file, "r");
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  if (info.size !== manifest.bytes || !head.equals(MAGIC[manifest.kind]) || (await sha256Of(file)) !== manifest.sha256) {
    throw new BackupError(
      `${file} is damaged or incomplete: it is not the ${manifest.bytes}-byte backup its manifest describes ` +
        `(size or sha256 differ). Nothing was changed.`,
    );
  }
  const latest = await latestMigrationVersion();
  if (manifest.migration > latest) {
    throw new BackupError(
      `${file} holds schema version ${manifest.migration} (Hospipay ${manifest.appVersion}); this Hospipay knows versions ` +
        `up to ${latest}. Restore it with Hospipay ${manifest.appVersion} or later. Nothing was changed.`,
    );
  }
  return manifest;
}

/** Where a restore goes: a PostgreSQL database (by URL) or a PGlite data folder (DATA_DIR/pglite). */
export type RestoreTarget = { kind: "postgres"; url: string } | { kind: "pglite"; dir: string };

/** What a restore did. */
export interface RestoreResult {
  manifest: BackupManifest;
  /** Migrations applied after the restore (a backup of an older version brought up to date). */
  migrated: number[];
  ledger: LedgerReport;
  /** Where a forced restore moved an embedded database that was there (PGlite). */
  movedAside?: string;
  ms: number;
}

async function restorePostgres(file: string, manifest: BackupManifest, url: string, force: boolean): Promise<Database> {
  const target = openPostgres(url, { max: 1 });
  try {
    const relations = await repository.userRelations(target);
    if (relations > 0 && !force) {
      throw new BackupError(
        `The target database holds ${relations} tables, views or sequences already; a backup is restored into an empty ` +
          `database (createdb, then DATABASE_URL pointing at it). Add --force to drop its schema public, with everything ` +
          `in it, first. Nothing was changed.`,
      );
    }
    const dumpMajor = Number(/^\d+/.exec(manifest.pgDumpVersion ?? "")?.[0] ?? 0);
    const pgRestore = findPgTool("pg_restore", Math.max(dumpMajor, await repository.serverMajor(target)));
    if (relations > 0) await repository.dropPublicSchema(target);
    const libpq = libpqTarget(url);
    // One transaction: a restore that fails leaves the database as it was before pg_restore ran. Objects belong
    // to the user restoring, so a dump restores under another role name.
    await runTool(
      pgRestore,
      [
        "--single-transaction",
        "--exit-on-error",
        "--no-owner",
        "--no-privileges",
        "--no-password",
        `--dbname=${libpq.dbname}`,
        file,
      ],
      libpq.env,
    );
  } finally {
    await target.close();
  }
  return openPostgres(url, { max: 2 });
}

async function restorePglite(file: string, dir: string, force: boolean): Promise<{ db: Database; movedAside?: string }> {
  const held = existsSync(dir) ? await readdir(dir) : [];
  let movedAside: string | undefined;
  if (held.length > 0) {
    if (!force) {
      throw new BackupError(
        `${dir} holds an embedded database already; a backup is restored into a DATA_DIR without one. Add --force to move ` +
          `it aside (to ${path.basename(dir)}.replaced-<timestamp>) and restore in its place. Nothing was changed.`,
      );
    }
    movedAside = `${dir}.replaced-${new Date()
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d+Z$/, "Z")}`;
    await rename(dir, movedAside);
  }
  await mkdir(dir, { recursive: true });
  try {
    const db = await openPglite(dir, { loadDataDir: new Blob([await readFile(file)]) });
    return { db, movedAside };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    if (movedAside) await rename(movedAside, dir);
    throw new BackupError(
      `The backup could not be opened as a PGlite database: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/**
 * Restores a backup into an empty target (a non-empty one only with `force`), then migrates it to this code's
 * schema and runs the ledger check on it. The caller decides what an unsound ledger means.
 */
export async function restoreBackup(
  fileArg: string,
  target: RestoreTarget,
  options: { force?: boolean } = {},
): Promise<RestoreResult> {
  const started = performance.now();
  const file = path.resolve(fileArg);
  const manifest = await readBackup(file);
  if (manifest.kind !== target.kind) {
    throw new BackupError(
      `${file} is a backup of ${KIND_NAME[manifest.kind]}, and the target is ${KIND_NAME[target.kind]}: each restores only ` +
        `into its own kind (${manifest.kind === "postgres" ? "set DATABASE_URL" : "unset DATABASE_URL and set DATA_DIR"}). Nothing was changed.`,
    );
  }
  const force = options.force ?? false;
  let db: Database;
  let movedAside: string | undefined;
  if (target.kind === "postgres") db = await restorePostgres(file, manifest, target.url, force);
  else ({ db, movedAside } = await restorePglite(file, target.dir, force));
  try {
    const migrated = await migrate(db);
    const ledger = await checkLedger(db);
    return { manifest, migrated, ledger, movedAside, ms: performance.now() - started };
  } finally {
    await db.close();
  }
}
