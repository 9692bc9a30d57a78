import type { BaseContext } from "../../lib/module-context";
import { LedgerCheckJob } from "./ledger-check.job";
import { LedgerRepository } from "./ledger.repository";

export { BILL_DEPOSITS_ACCOUNT } from "./account-codes";
export { LedgerCheckJob } from "./ledger-check.job";
export { checkLedger, ledgerIsSound, recordLedgerCheck } from "./ledger.check";
export type { LedgerReport } from "./ledger.check";
export { LedgerRepository } from "./ledger.repository";
export type { Posting } from "./ledger.repository";

/** The journal, and the periodic check that it balances. */
export function register(ctx: BaseContext) {
  const ledger = new LedgerRepository();
  const ledgerCheckJob = new LedgerCheckJob(ctx.db, ctx.log, ctx.env.LEDGER_CHECK_INTERVAL_MS, ctx.jobLeases);
  return { ledger, ledgerCheckJob };
}
