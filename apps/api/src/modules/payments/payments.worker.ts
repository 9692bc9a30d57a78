import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database";
import { VacuumAfter } from "../../db/vacuum-after";
import { PeriodicTask } from "../../lib/periodic-task";
import { noWait } from "../../lib/requests-first";
import type { InvoicesRepository } from "./invoices.repository";
import type { Closure, SettlementService } from "./settlement.service";

const BATCH = 10;
const LEASE_SECONDS = 60;
/**
 * The payments a pass finds to close are closed together, in one transaction: this many, or those found
 * within this long, whichever comes first, and the rest when the pass ends. Each closure changes the staff
 * pages of its day and department (migration 0004), and every page so changed is read again from the
 * database at its next request. Under load the worker asks about several payments a second (RequestsFirst),
 * so a backlog of expired checkouts closed one by one would send the pages of its department back to the
 * database at every closure, slowing the staff filter for everyone; closed together, they go back once a
 * group. A much longer window gains nothing more: the transaction, and the reads after it, only come in
 * bigger bursts.
 *
 * Nobody waits for these closures: a payment found paid is settled at once, one closed as expired still
 * settles if paid late, and the most a wait does is show an abandoned payment as pending for a few seconds
 * more (a payer's own status check asks the gateway, and closes it, itself). The window stays well under
 * the 30 seconds before a payment checked is due again (RECHECK_SECONDS), so it is not leased again before
 * it is closed.
 */
export const CLOSE_TOGETHER = { payments: 50, withinMs: 5_000 } as const;
/**
 * The gateway payments are vacuumed after this many changed rows, when the database does not vacuum them
 * itself: each lease and each check moves a payment's next check, which leaves its old entry in the due
 * index behind, for the next lease to walk.
 */
export const GATEWAY_PAYMENTS_VACUUM_AFTER_ROWS = 2_000;

/**
 * Re-queries pending gateway payments until they settle or expire, so a closed browser tab or a lost
 * notification never leaves money in limbo, one payment at a time, each when the process's requests let it
 * (RequestsFirst): a backlog of abandoned checkouts waits, the people at the cashier do not. A payment found
 * paid is settled at once; those to close (expired, declined) are closed together (CLOSE_TOGETHER). Several
 * processes may run it: payments are leased. The staff day totals are kept by StaffDayTotalsWorker, the
 * rate-limit counters by RateCountersPurge.
 */
export class PaymentsWorker {
  private readonly task: PeriodicTask<number>;
  /** While stop() waits: the pass in progress ends after the payment it is asking about (a backlog can be long). */
  private stopping = false;
  /** The gateway payments, vacuumed likewise (GATEWAY_PAYMENTS_VACUUM_AFTER_ROWS). */
  private readonly gatewayPaymentsVacuum: VacuumAfter;

  constructor(
    db: Database,
    private readonly invoices: InvoicesRepository,
    private readonly settlement: SettlementService,
    private readonly log: FastifyBaseLogger,
    intervalMs: number,
    /** Waits for this process's turn before each re-query (RequestsFirst.turn): requests go first. */
    private readonly pace: () => Promise<void> = noWait,
  ) {
    this.gatewayPaymentsVacuum = new VacuumAfter(db, "gateway_payments", GATEWAY_PAYMENTS_VACUUM_AFTER_ROWS, pace);
    this.task = new PeriodicTask(intervalMs, () => this.pass(), 0);
  }

  /** Sweeps run at the end of every pass, in order, each when requests let it (the reserved accounts' retries). */
  private readonly sweeps: Array<{ name: string; run: () => Promise<unknown> }> = [];

  /** Adds a sweep to every pass: one scheduler for the gateway work, not one per module. */
  alsoSweep(name: string, run: () => Promise<unknown>): void {
    this.sweeps.push({ name, run });
  }

  start(): void {
    this.task.start();
  }

  /** One pass: every due payment is asked about once. Returns how many were checked (0 while one is in progress). */
  runOnce(): Promise<number> {
    return this.task.runOnce();
  }

  private async pass(): Promise<number> {
    let checked = 0;
    // The payments found to close (an expired backlog, mostly), closed together (see CLOSE_TOGETHER).
    let closing: Closure[] = [];
    let firstFoundAt = 0;
    const closeFound = async () => {
      const found = closing;
      closing = [];
      // If this fails they stay pending, and are asked about again when their lease or next check comes.
      await this.settlement
        .closeAll(found)
        .catch((error: unknown) =>
          this.log.error({ err: error, invoiceIds: found.map((c) => c.invoice.id) }, "closing payments failed"),
        );
    };
    try {
      try {
        for (;;) {
          if (this.stopping) break;
          const ids = await this.invoices.leaseDue(BATCH, LEASE_SECONDS);
          for (const id of ids) {
            // A payment leased and not asked about is asked about when its lease ends.
            if (this.stopping) break;
            await this.pace();
            const before = closing.length;
            // The worker asks anew (its checks are scheduled, not anybody's to cause): an answer reused
            // from a public ask's cool-down could be the one this re-query is for.
            await this.settlement
              .reconcile(id, closing, { fresh: true })
              .catch((error: unknown) => this.log.error({ err: error, invoiceId: id }, "re-query failed"));
            checked += 1;
            if (before === 0 && closing.length > 0) firstFoundAt = Date.now();
            if (
              closing.length >= CLOSE_TOGETHER.payments ||
              (closing.length > 0 && Date.now() - firstFoundAt >= CLOSE_TOGETHER.withinMs)
            )
              await closeFound();
          }
          // Each payment leased changed its row twice: the lease, and the check (or its closure).
          await this.gatewayPaymentsVacuum
            .count(ids.length * 2)
            .catch((error: unknown) => this.log.error({ err: error }, "vacuuming the gateway payments failed"));
          if (ids.length < BATCH) break;
        }
      } finally {
        await closeFound();
      }
    } catch (error) {
      this.log.error({ err: error }, "payments worker pass failed");
    }
    for (const sweep of this.sweeps) {
      if (this.stopping) break;
      await this.pace();
      await sweep.run().catch((error: unknown) => this.log.error({ err: error, sweep: sweep.name }, "sweep failed"));
    }
    return checked;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    try {
      await this.task.stop();
    } finally {
      this.stopping = false;
    }
  }
}
