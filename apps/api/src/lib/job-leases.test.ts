import { API_PATHS } from "@hospipay/contract";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { LedgerCheckJob } from "../modules/ledger";
import { startBackgroundWork } from "../background";
import { call, createTestApp, createTestDatabase, type TestApp } from "../test/test-app";
import { JobLeases, THIS_PROCESS } from "./job-leases";

const log = pino({ level: "silent" });
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(async () => {
  await drop();
});

/** Two worker processes on one database, as two lease holders. */
function twoWorkers(leaseSeconds = 30) {
  return [new JobLeases(db, log, "host-a:101", leaseSeconds), new JobLeases(db, log, "host-b:202", leaseSeconds)] as const;
}

async function leaseRow(name: string) {
  const { rows } = await db.query<{ holder: string; passes: number }>(
    `SELECT holder, passes::int AS passes FROM job_leases WHERE name = $1`,
    [name],
  );
  return rows[0] ?? null;
}

describe("job leases", () => {
  it("gives a job to one process while its lease lasts, and to another once its holder releases it", async () => {
    const [a, b] = twoWorkers();
    expect(await a.take("staff-day-totals")).toBe(true);
    expect(await b.take("staff-day-totals")).toBe(false);
    expect(await a.take("staff-day-totals")).toBe(true);
    expect(await leaseRow("staff-day-totals")).toEqual({ holder: "host-a:101", passes: 2 });
    // Another job is free for the other process.
    expect(await b.take("rate-counters-purge")).toBe(true);

    await a.releaseAll();
    expect(await b.take("staff-day-totals")).toBe(true);
    expect(await a.take("staff-day-totals")).toBe(false);
    expect(await leaseRow("staff-day-totals")).toEqual({ holder: "host-b:202", passes: 1 });
    await b.releaseAll();
  });

  it("lets another process take a job over when its holder stops renewing (died)", async () => {
    const [a, b] = twoWorkers(1);
    expect(await a.take("kyc-holds-sweep")).toBe(true);
    expect(await b.take("kyc-holds-sweep")).toBe(false);
    await sleep(1_200);
    expect(await b.take("kyc-holds-sweep")).toBe(true);
    expect(await a.take("kyc-holds-sweep")).toBe(false);
    await b.releaseAll();
  });

  it("never runs one job on two processes at once, even when their timers fire together", async () => {
    const [a, b] = twoWorkers();
    const inFlight = { a: 0, b: 0 };
    let bothAtOnce = false;
    const ran: string[] = [];
    const pass = (who: "a" | "b") => async () => {
      inFlight[who] += 1;
      if (inFlight.a > 0 && inFlight.b > 0) bothAtOnce = true;
      await sleep(20);
      inFlight[who] -= 1;
      ran.push(who);
      return who;
    };
    // Each process runs its passes one after another (PeriodicTask), both processes at the same time.
    const loop = async (leases: JobLeases, who: "a" | "b") => {
      const results: Array<string | null> = [];
      for (let i = 0; i < 10; i += 1) results.push(await leases.run("reserved-accounts-sweep", pass(who), null));
      return results;
    };
    const [fromA, fromB] = await Promise.all([loop(a, "a"), loop(b, "b")]);
    expect(bothAtOnce).toBe(false);
    // The first to take the lease kept it for every pass; the other skipped each time.
    expect(new Set(ran).size).toBe(1);
    expect(ran).toHaveLength(10);
    expect([...fromA, ...fromB].filter((result) => result === null)).toHaveLength(10);
    await a.releaseAll();
    await b.releaseAll();
  });

  it("renews the lease during a pass longer than the lease, so it is not taken over in the middle", async () => {
    const [a, b] = twoWorkers(1);
    let tries = 0;
    let takenOver = false;
    const longPass = a.run(
      "ledger-check",
      async () => {
        const until = Date.now() + 2_500;
        while (Date.now() < until) {
          tries += 1;
          if (await b.take("ledger-check")) takenOver = true;
          await sleep(150);
        }
        return "done";
      },
      "skipped",
    );
    expect(await longPass).toBe("done");
    expect(tries).toBeGreaterThan(10);
    expect(takenOver).toBe(false);
    await a.releaseAll();
  });

  it("answers `notHeld` (and logs) when the lease cannot be read, instead of throwing from a timer", async () => {
    const broken = { query: () => Promise.reject(new Error("connection lost")) } as unknown as Database;
    const leases = new JobLeases(broken, log, "host-c:303");
    let ran = false;
    const result = await leases.run(
      "rate-counters-purge",
      async () => {
        ran = true;
        return 1;
      },
      0,
    );
    expect(result).toBe(0);
    expect(ran).toBe(false);
  });

  it("refuses a job name outside the table's pattern", async () => {
    await expect(
      db.query(`INSERT INTO job_leases (name, holder, leased_until) VALUES ('Bad Name!', 'x', now())`),
    ).rejects.toThrow();
  });
});

describe("the periodic ledger check", () => {
  it("records each check it runs, on the lease holder only, and finds a drifted wallet", async () => {
    const [, other] = twoWorkers();
    const job = new LedgerCheckJob(db, log, 60_000, new JobLeases(db, log, THIS_PROCESS));
    const sound = await job.runOnce();
    expect(sound).not.toBeNull();
    expect(sound!.unbalanced).toEqual([]);
    expect(sound!.walletDifferences).toEqual([]);

    // Another worker's job skips while this process holds the lease.
    const elsewhere = new LedgerCheckJob(db, log, 60_000, other);
    expect(await elsewhere.runOnce()).toBeNull();

    // A wallet whose stored balance says ₦10.00 with no postings behind it.
    await db.query(
      `INSERT INTO users (username, email, first_name, last_name, phone_number, role, password_hash)
       VALUES ('drift', 'drift@example.ng', 'Drift', 'Er', '08000000000', 'CUSTOMER', 'x')`,
    );
    await db.query(
      `INSERT INTO ledger_accounts (code, kind, name, user_id) SELECT 'wallet:' || id, 'liability', 'w', id FROM users WHERE username = 'drift'`,
    );
    await db.query(
      `INSERT INTO wallets (user_id, ledger_account_id, balance_kobo)
       SELECT u.id, a.id, 1000 FROM users u JOIN ledger_accounts a ON a.user_id = u.id WHERE u.username = 'drift'`,
    );
    const drifted = await job.runOnce();
    expect(drifted!.walletDifferences).toHaveLength(1);

    const { rows } = await db.query<{ sound: boolean; differences: number; source: string }>(
      `SELECT sound, differences, source FROM ledger_checks ORDER BY id`,
    );
    expect(rows).toEqual([
      { sound: true, differences: 0, source: "worker" },
      { sound: false, differences: 1, source: "worker" },
    ]);
    await job.stop();
    await db.query(`DELETE FROM wallets WHERE user_id = (SELECT id FROM users WHERE username = 'drift')`);
  });
});

describe("the worker role (WORKERS)", () => {
  const register = (t: TestApp, email: string) =>
    call(t, "POST", API_PATHS.register, {
      first_name: "Ada",
      last_name: "Obi",
      email,
      phone_number: "08031234567",
      password: "Ada-pays-2026",
    });
  const mailTo = async (t: TestApp, email: string) =>
    (await t.db.query<{ status: string }>(`SELECT status FROM mail_outbox WHERE to_address = $1`, [email])).rows.map(
      (row) => row.status,
    );

  it("off (an API replica): starts no background work, and what its requests queue waits for a worker", async () => {
    const t = await createTestApp({ WORKERS: "off", MAIL_POLL_INTERVAL_MS: "100" });
    try {
      expect(startBackgroundWork(t)).toBe(false);
      expect((await register(t, "ada.off@example.ng")).status).toBe(201);
      await sleep(1_000);
      expect(await mailTo(t, "ada.off@example.ng")).toEqual(["pending"]);
      // A worker's pass (another process, in production) sends it.
      expect(await t.mailWorker.flush()).toBe(1);
      expect(await mailTo(t, "ada.off@example.ng")).toEqual(["sent"]);
    } finally {
      await t.close();
    }
  });

  it("on: the process sends what it queued by itself, and releases its job leases when it stops", async () => {
    const t = await createTestApp({ WORKERS: "on", MAIL_POLL_INTERVAL_MS: "100" }, { database: db });
    let closed = false;
    try {
      expect(startBackgroundWork(t)).toBe(true);
      expect((await register(t, "ada.on@example.ng")).status).toBe(201);
      const deadline = Date.now() + 10_000;
      while ((await mailTo(t, "ada.on@example.ng"))[0] !== "sent" && Date.now() < deadline) await sleep(50);
      expect(await mailTo(t, "ada.on@example.ng")).toEqual(["sent"]);
      // The periodic ledger check ran at start, under its lease.
      const held = async () =>
        (await db.query<{ name: string }>(`SELECT name FROM job_leases WHERE holder = $1`, [THIS_PROCESS])).rows.map(
          (row) => row.name,
        );
      while (!(await held()).includes("ledger-check") && Date.now() < deadline) await sleep(50);
      expect(await held()).toContain("ledger-check");
      await t.close();
      closed = true;
      expect(await held()).toEqual([]);
    } finally {
      if (!closed) await t.close();
    }
  });
});
