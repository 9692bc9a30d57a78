import { formatNaira } from "@hospipay/contract";
import { claimEmbeddedDatabase, DatabaseBusyError, openConfiguredDatabase } from "../db/open";
import { migrate } from "../db/migrate";
import { loadEnv } from "../env";
import { checkLedger, ledgerIsSound } from "../modules/ledger/ledger.check";

/** npm run ledger:check: recomputes every wallet balance from postings; exits 1 on any difference. */
async function main(): Promise<number> {
  const env = loadEnv();
  let release: () => Promise<void>;
  try {
    release = await claimEmbeddedDatabase(env);
  } catch (error) {
    if (error instanceof DatabaseBusyError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  const db = await openConfiguredDatabase(env);
  try {
    await migrate(db);
    const report = await checkLedger(db);
    console.log(`Checked ${report.entries} journal entries, ${report.postings} postings, ${report.wallets} wallets.`);
    for (const entry of report.unbalanced) console.error(`Entry ${entry.entryId} does not balance: its postings sum to ${entry.sum} kobo.`);
    for (const wallet of report.walletDifferences) {
      console.error(`Wallet of user ${wallet.userId}: stored ${formatNaira(wallet.stored)}, postings give ${formatNaira(wallet.derived)}.`);
    }
    if (!ledgerIsSound(report)) return 1;
    console.log("The ledger is sound: every entry balances and every wallet equals its postings.");
    return 0;
  } finally {
    await db.close();
    await release();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
