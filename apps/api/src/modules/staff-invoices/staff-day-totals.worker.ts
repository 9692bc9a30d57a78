import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database";
import { VacuumAfter } from "../../db/vacuum-after";
import type { JobLeases } from "../../lib/job-leases";
import { PeriodicTask } from "../../lib/periodic-task";
import { noWait } from "../../lib/requests-first";
import type { StaffInvoicesRepository } from "./staff-invoices.repository";

/**
 * How often the staff day totals' deltas are folded. The statistics sum what is not folded yet, so
 * at a busy cashier (hundreds of payments a second, several deltas each) folding every pass of the
 * re-query loop (15 s) left tens of thousands of rows for each dashboard request to add up.
 */
const FOLD_INTERVAL_MS = 1_000;
/**
 * The day totals are vacuumed after this many rows were removed by folding, when the database does not
 * vacuum them itself: migration 0004's autovacuum threshold for the table.
 */
export const DAY_TOTALS_VACUUM_AFTER_ROWS = 2_000;

/**
 * Keeps the staff day totals (migration 0004) small: folds their deltas every FOLD_INTERVAL_MS, one pass
 * at a time, and vacuums them where the database runs no autovacuum.
 */
export class StaffDayTotalsWorker {
  private readonly task: PeriodicTask<void>;
  /**
   * The day totals are a queue in part: every change of an invoice appends deltas and each fold deletes
   * them, and every statistics request and filter page's change check reads the table's indexes. Where the
   * database runs no autovacuum they are vacuumed after DAY_TOTALS_VACUUM_AFTER_ROWS removed rows, in
   * this process's turn after requests, so that the vacuum never delays the people being served.
   */
  private readonly dayTotalsVacuum: VacuumAfter;

  constructor(
    db: Database,
    private readonly staffInvoices: StaffInvoicesRepository,
    private readonly log: FastifyBaseLogger,
    /** Waits for this process's turn before a vacuum (RequestsFirst.turn): requests go first. */
    pace: () => Promise<void> = noWait,
    /** With several worker processes: only the holder of the job's lease folds. */
    leases?: JobLeases,
  ) {
    const pass = () => this.foldAndVacuum();
    this.task = new PeriodicTask(FOLD_INTERVAL_MS, leases ? leases.guard("staff-day-totals", pass, undefined) : pass, undefined);
    this.dayTotalsVacuum = new VacuumAfter(db, "invoice_day_totals", DAY_TOTALS_VACUUM_AFTER_ROWS, pace);
  }

  start(): void {
    this.task.start();
  }

  /**
   * Folds the staff day totals' deltas (one pass at a time), and vacuums the day totals when folding has
   * left enough dead rows and the database does not vacuum (dayTotalsVacuum).
   */
  foldDayTotals(): Promise<void> {
    return this.task.runOnce();
  }

  stop(): Promise<void> {
    return this.task.stop();
  }

  private foldAndVacuum(): Promise<void> {
    return this.staffInvoices.foldDayTotals().then(
      (removed) =>
        this.dayTotalsVacuum
          .count(removed)
          .catch((error: unknown) => this.log.error({ err: error }, "vacuuming the staff day totals failed")),
      (error: unknown) => this.log.error({ err: error }, "folding the staff day totals failed"),
    );
  }
}
