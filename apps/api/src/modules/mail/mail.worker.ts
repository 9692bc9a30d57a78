import type { FastifyBaseLogger } from "fastify";
import type { VacuumAfter } from "../../db/vacuum-after";
import { OutboxWorker } from "../../lib/outbox-worker";
import { noWait } from "../../lib/requests-first";
import type { MailRepository, OutboxRow } from "./mail.repository";
import type { MailTransport } from "./transports";

/** The outbox is vacuumed after this many changed rows where the database does not vacuum it itself. */
export const OUTBOX_VACUUM_AFTER_ROWS = 2_000;

/** Sends the mail outbox off the request path (OutboxWorker: leases, retries with backoff, requests first). */
export class MailWorker extends OutboxWorker<OutboxRow> {
  constructor(
    repo: MailRepository,
    transport: MailTransport,
    log: FastifyBaseLogger,
    intervalMs: number,
    /** Waits for this process's turn before each message (RequestsFirst.turn): requests go first. */
    pace: () => Promise<void> = noWait,
    /** Vacuums the outbox where the database does not (VacuumAfter). */
    outboxVacuum: VacuumAfter | null = null,
  ) {
    super({
      kind: "mail",
      store: repo,
      sender: { name: transport.name, send: (mail) => transport.send(mail), close: () => transport.close() },
      log,
      intervalMs,
      pace,
      vacuum: outboxVacuum,
    });
  }
}
