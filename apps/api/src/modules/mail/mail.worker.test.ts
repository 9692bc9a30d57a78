import pino from "pino";
import { describe, expect, it } from "vitest";
import type { VacuumAfter } from "../../db/vacuum-after";
import type { MailRepository, OutboxRow } from "./mail.repository";
import { MailWorker } from "./mail.worker";
import type { MailTransport } from "./transports";

/**
 * The worker's order of work, with the database and SMTP left out: each message is sent only when its
 * pace gives a turn (RequestsFirst in the API; requests-first.test.ts tests the turns, mail.test.ts real
 * delivery over SMTP).
 */
describe("MailWorker's pace", () => {
  it("sends each due message only when given a turn, one turn a message", async () => {
    const due = [1, 2].map(
      (id) => ({ id, to: `p${id}@example.ng`, subject: "Receipt", text: "Paid", attempts: 0 }) as unknown as OutboxRow,
    );
    const sent: string[] = [];
    const marked: number[] = [];
    const repo = {
      leaseDue: async (limit: number) => due.splice(0, limit),
      markSent: async (id: number) => void marked.push(id),
    } as unknown as MailRepository;
    const transport: MailTransport = { name: "test", send: async (mail) => void sent.push(mail.to), close: () => undefined };
    const turns: Array<() => void> = [];
    const counted: number[] = [];
    const vacuum = { count: async (rows: number) => void counted.push(rows) } as unknown as VacuumAfter;
    const worker = new MailWorker(
      repo,
      transport,
      pino({ level: "silent" }),
      60_000,
      () => new Promise((resolve) => turns.push(resolve)),
      vacuum,
    );
    const idle = () => new Promise((resolve) => setImmediate(resolve));

    const flushed = worker.flush();
    await idle();
    expect(sent).toEqual([]);
    turns.shift()!();
    await idle();
    expect(sent).toEqual(["p1@example.ng"]);
    expect(marked).toEqual([1]);
    while (turns.length === 0) await idle();
    turns.shift()!();
    expect(await flushed).toBe(2);
    expect(sent).toEqual(["p1@example.ng", "p2@example.ng"]);
    // The batch's two messages were each changed twice (leased, then sent) for the outbox's vacuum.
    expect(counted).toEqual([4]);
  });
});
