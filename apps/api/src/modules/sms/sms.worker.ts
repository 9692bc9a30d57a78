import type { FastifyBaseLogger } from "fastify";
import type { VacuumAfter } from "../../db/vacuum-after";
import { OutboxWorker, type OutboxSender } from "../../lib/outbox-worker";
import { noWait } from "../../lib/requests-first";
import type { SmsOutboxRow, SmsRefusal, SmsRepository } from "./sms.repository";

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
  /** Told of each verification code dropped over its number's limit (the metrics count them). */
  refused?: (reason: SmsRefusal) => void;
}

/**
 * Sends the SMS outbox off the request path (OutboxWorker: leases, retries with backoff, requests first).
 * At most `perNumberPerHour` messages go to one number within any hour. A receipt, bill link or refund
 * over that waits in the outbox, its attempt uncounted, until the hour allows it: each reports something
 * that happened. A verification code over it is dropped ('dropped', never sent): anyone may ask for one,
 * and a code held for an hour would have expired anyway.
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
      holdFor: async (sms) => {
        const wait = await repo.waitForNumber(sms.to, perNumberPerHour);
        if (wait === null || sms.kind !== "verification_code") return wait;
        options.refused?.("number_hourly_limit");
        return { drop: "over the number's hourly limit" };
      },
    });
  }
}
