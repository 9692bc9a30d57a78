import { formatNaira } from "@hospipay/contract";
import { checkLedger, ledgerIsSound, recordLedgerCheck } from "../modules/ledger";
import { runCommand, withConfiguredDatabase } from "./with-database";

/** npm run ledger:check: recomputes every wallet balance from postings; exits 1 on any difference. */
function main(): Promise<number> {
  return withConfiguredDatabase(
    async (db) => {
      const report = await checkLedger(db);
      await recordLedgerCheck(db, report, "cli");
      console.log(`Checked ${report.entries} journal entries, ${report.postings} postings, ${report.wallets} wallets.`);
      for (const entry of report.unbalanced)
        console.error(`Entry ${entry.entryId} does not balance: its postings sum to ${entry.sum} kobo.`);
      for (const wallet of report.walletDifferences) {
        console.error(
          `Wallet of user ${wallet.userId}: stored ${formatNaira(wallet.stored)}, postings give ${formatNaira(wallet.derived)}.`,
        );
      }
      if (!ledgerIsSound(report)) return 1;
      console.log("The ledger is sound: every entry balances and every wallet equals its postings.");
      return 0;
    },
    { busyCode: 2 },
  );
}

runCommand(main);
