import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/test-app";
import { MailRepository } from "../modules/mail";
import type { Database } from "./database";
import { VacuumAfter } from "./vacuum-after";

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(async () => {
  await drop?.();
});

const vacuums = async (table: string) =>
  (await db.query<{ n: number }>(`SELECT pg_stat_get_vacuum_count('${table}'::regclass)::int AS n`)).rows[0]!.n;

describe("VacuumAfter (the mail outbox, as the mail worker counts it)", () => {
  it("vacuums the table once the changed rows reach the threshold, where the database does not vacuum it, after its turn", async () => {
    const { rows } = await db.query<{ on: boolean }>(
      "SELECT current_setting('autovacuum') = 'on' AND current_setting('track_counts') = 'on' AS on",
    );
    const databaseVacuums = db.kind === "postgres" && rows[0]!.on;
    let turns = 0;
    const vacuum = new VacuumAfter(db, "mail_outbox", 100, async () => void (turns += 1));
    const before = await vacuums("mail_outbox");
    await vacuum.count(60);
    await vacuum.count(39);
    expect(await vacuums("mail_outbox")).toBe(before);
    await vacuum.count(1);
    // The statistics collector may report the vacuum a moment later on a server.
    for (let wait = 0; wait < 50 && !databaseVacuums && (await vacuums("mail_outbox")) === before; wait++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await vacuums("mail_outbox")).toBe(databaseVacuums ? before : before + 1);
    expect(turns).toBe(databaseVacuums ? 0 : 1);
    // Counted from zero again.
    await vacuum.count(99);
    expect(turns).toBe(databaseVacuums ? 0 : 1);
  });
});

describe("the mail outbox's lease", () => {
  it("leases the messages due longest first, and none that are not due", async () => {
    const mail = new MailRepository(db);
    for (const [to, dueSecondsAgo] of [
      ["late@example.ng", 10],
      ["latest@example.ng", 600],
      ["later@example.ng", 60],
      ["future@example.ng", -60],
    ] as const) {
      await mail.enqueue({ to, subject: "Receipt", text: "Paid" });
      await db.query("UPDATE mail_outbox SET next_attempt_at = now() - make_interval(secs => $2) WHERE to_address = $1", [
        to,
        dueSecondsAgo,
      ]);
    }
    const first = await mail.leaseDue(2, 120);
    expect(first.map((m) => m.to)).toEqual(["latest@example.ng", "later@example.ng"]);
    const rest = await mail.leaseDue(10, 120);
    expect(rest.map((m) => m.to)).toEqual(["late@example.ng"]);
  });
});
