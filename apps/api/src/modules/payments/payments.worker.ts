import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database";
import { noWait } from "../../lib/requests-first";
import type { StaffInvoicesRepository } from "../staff/staff-invoices.repository";
import type { InvoicesRepository } from "./invoices.repository";
import type { SettlementService } from "./settlement.service";

const BATCH = 10;
const LEASE_SECONDS = 60;
/**
 * How often the staff day totals' deltas are folded. The statistics sum what is not folded yet, so
 * at a busy cashier (hundreds of payments a second, several deltas each) folding every pass of the
 * re-query loop (15 s) left tens of thousands of rows for each dashboard request to add up.
 */
const FOLD_INTERVAL_MS = 1_000;

/**
 * Re-queries pending gateway payments until they settle or expire, so a closed browser tab or a lost
 * notification never leaves money in limbo, one payment at a time, each when the process's requests let it
 * (RequestsFirst): a backlog of abandoned checkouts waits, the people at the cashier do not. Several
 * processes may run it: payments are leased. It also
 * does the database's housekeeping: expired rate-limit counters, and folding the staff day totals.
 */
export class PaymentsWorker {
  private timer: NodeJS.Timeout | null = null;
  private foldTimer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private folding: Promise<void> | null = null;
  /** While stop() waits: the pass in progress ends after the payment it is asking about (a backlog can be long). */
  private stopping = false;

  constructor(
    private readonly db: Database,
    private readonly invoices: InvoicesRepository,
    private readonly settlement: SettlementService,
    private readonly staffInvoices: StaffInvoicesRepository,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs: number,
    /** Waits for this process's turn before each re-query (RequestsFirst.turn): requests go first. */
    private readonly pace: () => Promise<void> = noWait,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.runOnce(), this.intervalMs);
    this.timer.unref();
    this.foldTimer = setInterval(() => void this.foldDayTotals(), FOLD_INTERVAL_MS);
    this.foldTimer.unref();
  }

  /** Folds the staff day totals' deltas (one pass at a time). */
  async foldDayTotals(): Promise<void> {
    if (this.folding) return this.folding;
    this.folding = this.staffInvoices
      .foldDayTotals()
      .then(
        () => undefined,
        (error: unknown) => this.log.error({ err: error }, "folding the staff day totals failed"),
      )
      .finally(() => {
        this.folding = null;
      });
    return this.folding;
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
          if (this.stopping) break;
          const ids = await this.invoices.leaseDue(BATCH, LEASE_SECONDS);
          for (const id of ids) {
            // A payment leased and not asked about is asked about when its lease ends.
            if (this.stopping) break;
            await this.pace();
            await this.settlement
              .reconcile(id)
              .catch((error: unknown) => this.log.error({ err: error, invoiceId: id }, "re-query failed"));
            checked += 1;
          }
          if (ids.length < BATCH) break;
        }
        // Housekeeping: expired rate-limit counters go (the day totals are folded on their own timer).
        await this.db.query(`DELETE FROM rate_counters WHERE window_start < now() - interval '1 day'`);
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
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    if (this.foldTimer) clearInterval(this.foldTimer);
    try {
      await this.running;
      await this.folding;
    } finally {
      this.stopping = false;
    }
  }
}
