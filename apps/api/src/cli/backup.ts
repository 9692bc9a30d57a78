import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadEnv, resolveDataDir } from "../env";
import { backupDatabase, defaultBackupPath } from "../modules/backup";
import { formatBytes } from "./format-bytes";
import { runCommand, withConfiguredDatabase } from "./with-database";

const USAGE = "Usage: npm run backup -- [--out FILE]";

/**
 * npm run backup: the configured database to a file (pg_dump --format=custom for a PostgreSQL server, PGlite's
 * data folder as a tar.gz for the embedded one) and its manifest beside it. Default file:
 * DATA_DIR/backups/hospipay-<UTC timestamp>.<dump|tar.gz>. Refuses (exit 2) while a server holds the embedded database.
 */
runCommand(async () => {
  let out: string | undefined;
  try {
    ({ out } = parseArgs({ options: { out: { type: "string" } }, strict: true }).values);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const env = loadEnv();
  const embedded = path.join(resolveDataDir(env), "pglite");
  if (!env.DATABASE_URL && !existsSync(path.join(embedded, "PG_VERSION"))) {
    // Opening it would create an empty one.
    console.error(`There is no embedded database in ${embedded} (and DATABASE_URL is unset): nothing to back up.`);
    return 1;
  }
  return withConfiguredDatabase(
    async (db) => {
      const result = await backupDatabase(db, {
        out: out ?? defaultBackupPath(resolveDataDir(env), db.kind),
        databaseUrl: env.DATABASE_URL,
      });
      const { manifest } = result;
      console.log(
        `Wrote ${result.file} (${formatBytes(manifest.bytes)}, ${manifest.kind}, schema version ${manifest.migration}) ` +
          `in ${(result.ms / 1000).toFixed(1)} s.`,
      );
      console.log(`Its manifest: ${result.manifestFile} (keep the two together; restore needs both).`);
      return 0;
    },
    { busyCode: 2, migrateFirst: false },
  );
});
