import type { FastifyBaseLogger } from "fastify";
import type { VacuumAfter } from "../../db/vacuum-after";
import { noWait } from "../../lib/requests-first";
import type { MailRepository } from "./mail.repository";
import type { MailTransport } from "./transports";

const BATCH = 20;
const LEASE_SECONDS = 120;
const MAX_ATTEMPTS = 8;
/** The outbox is vacuumed after this many changed rows where the database does not vacuum it itself. */
export const OUTBOX_VACUUM_AFTER_ROWS = 2_000;

/**
 * Sends what the outbox holds, off the request path. It polls on an interval and can be kicked after
 * a commit so mail leaves at once. Messages survive restarts: they stay in the table until sent.
 */
export class MailWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly repo: MailRepository,
    private readonly transport: MailTransport,
    private readonly log: FastifyBaseLogger,
    private readonly intervalMs: number,
    /** Waits for this process's turn before each message (RequestsFirst.turn): requests go first. */
    private readonly pace: () => Promise<void> = noWait,
    /**
     * Vacuums the outbox where the database does not (VacuumAfter): each lease and each send leaves an
     * index entry of the pending messages behind, which the next lease would walk.
     */
    private readonly outboxVacuum: VacuumAfter | null = null,
  ) {}

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.intervalMs);
    this.timer.unref();
    this.kick();
  }

  /** Runs a pass now (or right after the current one). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .then(() => undefined)
      .catch((error: unknown) => this.log.error({ err: error }, "mail worker pass failed"))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Waits for a pass in flight, then sends everything due now. Returns how many were sent. */
  async flush(): Promise<number> {
    while (this.running) await this.running;
    const pass = this.drain();
    this.running = pass.then(
      () => undefined,
      () => undefined,
    );
    try {
      return await pass;
    } finally {
      this.running = null;
    }
  }

  /** Sends every due message, batch after batch. Returns how many were sent. */
  private async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await this.repo.leaseDue(BATCH, LEASE_SECONDS);
      for (const mail of batch) {
        await this.pace();
        try {
          await this.transport.send(mail);
          await this.repo.markSent(mail.id, this.transport.name);
          sent += 1;
          this.log.info({ mailId: mail.id, transport: this.transport.name }, "mail sent");
        } catch (error) {
          const retryIn = Math.min(3600, 5 * 2 ** mail.attempts);
          await this.repo.markFailed(mail.id, error instanceof Error ? error.message : String(error), retryIn, MAX_ATTEMPTS);
          this.log.warn({ mailId: mail.id, attempts: mail.attempts, err: error }, "mail send failed; will retry");
        }
      }
      // Each message of the batch was changed twice: leased, then sent or put off.
      if (batch.length > 0)
        await this.outboxVacuum
          ?.count(batch.length * 2)
          .catch((error: unknown) => this.log.error({ err: error }, "vacuuming the mail outbox failed"));
      if (batch.length < BATCH || this.stopped) return sent;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
    this.transport.close();
  }
}
