import type { FastifyBaseLogger } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { createTestDatabase } from "../test/test-app";
import { RateCountersPurge } from "./rate-limits";

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(async () => {
  await drop();
});

describe("RateCountersPurge", () => {
  it("deletes the counters whose window started more than a day ago, and keeps the others", async () => {
    await db.query(
      `INSERT INTO rate_counters (key, window_start, count) VALUES
         ('purge:old', now() - interval '25 hours', 3), ('purge:day', now() - interval '23 hours', 2), ('purge:now', now(), 1)`,
    );
    const purge = new RateCountersPurge(db, pino({ level: "silent" }), 60_000);
    expect(await purge.runOnce()).toBe(1);
    const { rows } = await db.query<{ key: string }>("SELECT key FROM rate_counters WHERE key LIKE 'purge:%' ORDER BY key");
    expect(rows.map((row) => row.key)).toEqual(["purge:day", "purge:now"]);
    expect(await purge.runOnce()).toBe(0);
  });

  it("logs a failed purge and tries again at the next one", async () => {
    let down = true;
    const failing = {
      query: async () => {
        if (down) throw new Error("connection terminated");
        return { rows: [], rowCount: 4 };
      },
    } as unknown as Database;
    const errors: string[] = [];
    const log = { error: (_fields: unknown, message: string) => void errors.push(message) } as unknown as FastifyBaseLogger;
    const purge = new RateCountersPurge(failing, log, 60_000);
    expect(await purge.runOnce()).toBe(0);
    expect(errors).toEqual(["purging the rate-limit counters failed"]);
    down = false;
    expect(await purge.runOnce()).toBe(4);
    expect(errors).toHaveLength(1);
  });
});
