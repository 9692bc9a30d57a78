import path from "node:path";
import { parseArgs } from "node:util";
import { formatNaira } from "@hospipay/contract";
import { loadEnv, resolveDataDir } from "../env";
import { restoreBackup, type RestoreTarget } from "../modules/backup";
import { ledgerIsSound } from "../modules/ledger";
import { claimForCommand, runCommand } from "./with-database";

const USAGE = "Usage: npm run restore -- FILE [--force]";

/** The target as the operator knows it, without a password. */
function describeTarget(target: RestoreTarget): string {
  if (target.kind === "pglite") return `the embedded database in ${target.dir}`;
  const url = new URL(target.url);
  url.password = "";
  return `the PostgreSQL database ${url.toString()}`;
}

/**
 * npm run restore -- FILE [--force]: a backup of npm run backup into the configured database, which must be
 * empty (a PostgreSQL database without tables, or a DATA_DIR without an embedded database) unless --force.
 * Then migrations and the ledger check run on it: exit 1 when the ledger is unsound, 2 on bad arguments or
 * while a server holds the embedded database.
 */
runCommand(async () => {
  let file: string;
  let force: boolean;
  try {
    const { values, positionals } = parseArgs({
      options: { force: { type: "boolean", default: false } },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length !== 1) throw new Error("Name one backup file.");
    file = positionals[0]!;
    force = values.force;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const env = loadEnv();
  const release = await claimForCommand(env);
  if (!release) return 2;
  try {
    const target: RestoreTarget = env.DATABASE_URL
      ? { kind: "postgres", url: env.DATABASE_URL }
      : { kind: "pglite", dir: path.join(resolveDataDir(env), "pglite") };
    const result = await restoreBackup(file, target, { force });
    const { manifest, ledger } = result;
    if (result.movedAside) console.log(`Moved the embedded database that was there to ${result.movedAside}.`);
    console.log(
      `Restored ${path.resolve(file)} (${manifest.kind}, taken ${manifest.createdAt} by Hospipay ${manifest.appVersion}, ` +
        `schema version ${manifest.migration}) into ${describeTarget(target)} in ${(result.ms / 1000).toFixed(1)} s.`,
    );
    console.log(result.migrated.length ? `Applied migrations: ${result.migrated.join(", ")}.` : "Its schema is up to date.");
    console.log(`Checked ${ledger.entries} journal entries, ${ledger.postings} postings, ${ledger.wallets} wallets.`);
    for (const entry of ledger.unbalanced)
      console.error(`Entry ${entry.entryId} does not balance: its postings sum to ${entry.sum} kobo.`);
    for (const wallet of ledger.walletDifferences) {
      console.error(
        `Wallet of user ${wallet.userId}: stored ${formatNaira(wallet.stored)}, postings give ${formatNaira(wallet.derived)}.`,
      );
    }
    if (!ledgerIsSound(ledger)) {
      console.error("The restored ledger is NOT sound: do not serve from this database before the differences are explained.");
      return 1;
    }
    console.log("The ledger is sound: every entry balances and every wallet equals its postings.");
    return 0;
  } finally {
    await release();
  }
});
