import type { FastifyBaseLogger } from "fastify";
import type { VacuumAfter } from "../../db/vacuum-after";
import { OutboxWorker, type OutboxSender } from "../../lib/outbox-worker";
import { noWait } from "../../lib/requests-first";
import type { SmsOutboxRow, SmsRepository } from "./sms.repository";

/** The SMS outbox is vacuumed after this many changed rows where the database does not vacuum it itself. */
export const SMS_OUTBOX_VACUUM_AFTER_ROWS = 2_000;

export interface SmsWorkerOptions {
  repo: SmsRepository;
  sender: OutboxSender<SmsOutboxRow>;
  log: FastifyBaseLogger;
  intervalMs: number;
  /** SMS_PER_NUMBER_PER_HOUR. */
  perNumberPerHour: number;
  pace?: () => Promise<void>;
  vacuum?: VacuumAfter | null;
}

/**
 * Sends the SMS outbox off the request path (OutboxWorker: leases, retries with backoff, requests first).
 * At most `perNumberPerHour` messages go to one number within any hour: a message over that waits in the
 * outbox, its attempt uncounted, until the hour allows it. None is dropped, because each one reports
 * something that happened (a payment, a refund, a bill) or was asked for (a code); the limit keeps a
 * number from being flooded, by a fault or by someone asking for codes on another's account.
 */
export class SmsWorker extends OutboxWorker<SmsOutboxRow> {
  constructor(options: SmsWorkerOptions) {
    const { repo, perNumberPerHour } = options;
    super({
      kind: "sms",
      store: repo,
      sender: options.sender,
      log: options.log,
      intervalMs: options.intervalMs,
      pace: options.pace ?? noWait,
      vacuum: options.vacuum ?? null,
      holdFor: (sms) => repo.waitForNumber(sms.to, perNumberPerHour),
    });
  }
}
