import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database";
import type { JobLeases } from "../../lib/job-leases";
import { PeriodicTask } from "../../lib/periodic-task";
import { LedgerCheckRepository } from "./ledger-check.repository";
import { checkLedger, ledgerIsSound, recordLedgerCheck, type LedgerReport } from "./ledger.check";

/** Records of checks older than this are removed by the job. */
const KEEP_CHECKS_DAYS = 90;

/**
 * The worker role's periodic ledger check (LEDGER_CHECK_INTERVAL_MS): every balance recomputed from the
 * postings, every entry balanced, the outcome recorded (ledger_checks) and an unsound ledger logged as an
 * error, on one worker process at a time (its lease). The first pass runs when the worker starts.
 */
export class LedgerCheckJob {
  private readonly task: PeriodicTask<LedgerReport | null>;
  private readonly checks = new LedgerCheckRepository();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    intervalMs: number,
    leases: JobLeases,
  ) {
    this.task = new PeriodicTask(
      intervalMs,
      leases.guard("ledger-check", () => this.check(), null),
      null,
    );
  }

  start(): void {
    this.task.start();
    void this.task.runOnce();
  }

  /** One check now (under the lease). Answers the report, or null when another process holds the job or it failed. */
  runOnce(): Promise<LedgerReport | null> {
    return this.task.runOnce();
  }

  stop(): Promise<void> {
    return this.task.stop();
  }

  private async check(): Promise<LedgerReport | null> {
    try {
      const report = await checkLedger(this.db);
      await recordLedgerCheck(this.db, report, "worker");
      await this.checks.deleteOlderThan(this.db, KEEP_CHECKS_DAYS);
      if (ledgerIsSound(report)) this.log.info({ entries: report.entries, wallets: report.wallets }, "ledger check: sound");
      else
        this.log.error(
          { unbalanced: report.unbalanced.length, walletDifferences: report.walletDifferences.length },
          "ledger check: the ledger is NOT sound (run npm run ledger:check for the details)",
        );
      return report;
    } catch (error) {
      this.log.error({ err: error }, "the ledger check failed");
      return null;
    }
  }
}
