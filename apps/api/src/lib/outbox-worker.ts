import type { FastifyBaseLogger } from "fastify";
import type { VacuumAfter } from "../db/vacuum-after";
import { noWait } from "./requests-first";

const BATCH = 20;
const LEASE_SECONDS = 120;
const MAX_ATTEMPTS = 8;

/** A message leased from an outbox table: its id and how many times sending it was tried (this one included). */
export interface OutboxItem {
  id: number;
  attempts: number;
}

/** The SQL of one outbox table (mail_outbox, sms_outbox). */
export interface OutboxStore<T extends OutboxItem> {
  /** Leases up to `limit` due messages for `leaseSeconds`, counting an attempt on each. */
  leaseDue(limit: number, leaseSeconds: number): Promise<T[]>;
  /** Records a delivery; `providerId` is the receiving party's id of the message, when it gives one. */
  markSent(id: number, transport: string, providerId?: string | null): Promise<void>;
  /** Records a failed attempt, due again in `retryInSeconds`; after `maxAttempts` it is given up as failed. */
  markFailed(id: number, error: string, retryInSeconds: number, maxAttempts: number): Promise<void>;
  /** Puts a leased message back, due in `seconds`, without counting the attempt (a rate limit held it). */
  hold?(id: number, seconds: number): Promise<void>;
  /** Gives a leased message up unsent, recording why (a rate limit refused it). */
  drop?(id: number, reason: string): Promise<void>;
}

/** Delivers one message somewhere; throws when it could not. May return the party's id of the message. */
export interface OutboxSender<T> {
  readonly name: string;
  send(item: T): Promise<string | null | void>;
  close(): void;
}

export interface OutboxWorkerOptions<T extends OutboxItem> {
  /** What the outbox holds ("mail", "sms"): the log lines' words and the id's field name (`mailId`, `smsId`). */
  kind: string;
  store: OutboxStore<T>;
  sender: OutboxSender<T>;
  log: FastifyBaseLogger;
  intervalMs: number;
  /** Waits for this process's turn before each message (RequestsFirst.turn): requests go first. */
  pace?: () => Promise<void>;
  /**
   * Vacuums the outbox where the database does not (VacuumAfter): each lease and each send leaves an
   * index entry of the pending messages behind, which the next lease would walk.
   */
  vacuum?: VacuumAfter | null;
  /**
   * Seconds a message must wait before it may be sent (a per-recipient limit), null to send it now, or
   * `{ drop }` to give it up unsent, with the reason recorded.
   */
  holdFor?: (item: T) => Promise<number | null | { drop: string }>;
}

/**
 * Sends what an outbox table holds, off the request path. It polls on an interval and can be kicked
 * after a commit so messages leave at once. Messages survive restarts: they stay in the table until sent;
 * a lease makes a crash mid-send a retry after the lease, and failures are retried with a doubling wait.
 * Log lines name a message by its id only: a body may carry a code or a link that is the payer's alone.
 */
export class OutboxWorker<T extends OutboxItem> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly pace: () => Promise<void>;

  constructor(private readonly options: OutboxWorkerOptions<T>) {
    this.pace = options.pace ?? noWait;
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.options.intervalMs);
    this.timer.unref();
    this.kick();
  }

  /**
   * Runs a pass now (or right after the current one), once started: before that (the demo seed, before the
   * process listens and its sandbox provider can be reached) messages wait for start()'s first pass.
   */
  kick(): void {
    if (this.stopped || !this.timer) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .then(() => undefined)
      .catch((error: unknown) => this.options.log.error({ err: error }, `${this.options.kind} worker pass failed`))
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
    const { kind, store, sender, log, holdFor, vacuum } = this.options;
    const idField = `${kind}Id`;
    let sent = 0;
    for (;;) {
      const batch = await store.leaseDue(BATCH, LEASE_SECONDS);
      for (const item of batch) {
        await this.pace();
        try {
          const wait = holdFor ? await holdFor(item) : null;
          if (typeof wait === "object" && wait !== null) {
            if (!store.drop) throw new Error(`the ${kind} outbox cannot drop a message`);
            await store.drop(item.id, wait.drop);
            log.info({ [idField]: item.id }, `${kind} dropped by its per-recipient limit`);
            continue;
          }
          if (typeof wait === "number" && store.hold) {
            await store.hold(item.id, wait);
            log.info({ [idField]: item.id, waitSeconds: wait }, `${kind} held by its per-recipient limit`);
            continue;
          }
          const providerId = await sender.send(item);
          await store.markSent(item.id, sender.name, providerId ?? null);
          sent += 1;
          log.info({ [idField]: item.id, transport: sender.name }, `${kind} sent`);
        } catch (error) {
          const retryIn = Math.min(3600, 5 * 2 ** item.attempts);
          await store.markFailed(item.id, error instanceof Error ? error.message : String(error), retryIn, MAX_ATTEMPTS);
          log.warn({ [idField]: item.id, attempts: item.attempts, err: error }, `${kind} send failed; will retry`);
        }
      }
      // Each message of the batch was changed twice: leased, then sent or put off.
      if (batch.length > 0)
        await vacuum
          ?.count(batch.length * 2)
          .catch((error: unknown) => log.error({ err: error }, `vacuuming the ${kind} outbox failed`));
      if (batch.length < BATCH || this.stopped) return sent;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    this.options.sender.close();
  }
}
