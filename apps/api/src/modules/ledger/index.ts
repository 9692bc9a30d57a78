export { LedgerCheckJob } from "./ledger-check.job";
export { checkLedger, ledgerIsSound, recordLedgerCheck } from "./ledger.check";
export type { LedgerReport } from "./ledger.check";
export { LedgerRepository } from "./ledger.repository";
export type { Posting } from "./ledger.repository";
