import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database";
import type { StaffInvoicesRepository } from "../staff/staff-invoices.repository";
import type { InvoicesRepository } from "./invoices.repository";
import type { SettlementService } from "./settlement.service";

const BATCH = 10;
const LEASE_SECONDS = 60;

/**
 * Re-queries pending gateway payments until they settle or expire, so a closed browser tab or a lost
 * notification never leaves money in limbo. Several processes may run it: payments are leased. Each
 * pass also does the database's housekeeping.
 */
export class PaymentsWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly invoices: InvoicesRepository,
    private readonly settlement: SettlementService,
    private readonly staffInvoices: StaffInvoicesRepository,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.runOnce(), this.intervalMs);
    this.timer.unref();
  }

  /** One pass: every due payment is asked about once. Returns how many were checked. */
  async runOnce(): Promise<number> {
    if (this.running) {
      await this.running;
      return 0;
    }
    let checked = 0;
    this.running = (async () => {
      try {
        for (;;) {
          const ids = await this.invoices.leaseDue(BATCH, LEASE_SECONDS);
          for (const id of ids) {
            await this.settlement.reconcile(id).catch((error: unknown) => this.log.error({ err: error, invoiceId: id }, "re-query failed"));
            checked += 1;
          }
          if (ids.length < BATCH) break;
        }
        // Housekeeping: expired rate-limit counters go, the staff day totals' deltas are folded.
        await this.db.query(`DELETE FROM rate_counters WHERE window_start < now() - interval '1 day'`);
        await this.staffInvoices.foldDayTotals();
      } catch (error) {
        this.log.error({ err: error }, "payments worker pass failed");
      }
    })();
    try {
      await this.running;
    } finally {
      this.running = null;
    }
    return checked;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
