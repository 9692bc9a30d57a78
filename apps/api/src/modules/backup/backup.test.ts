import { randomUUID } from "node:crypto";
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ServiceRecord } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite, openPostgres, type Database } from "../../db/database";
import { latestMigrationVersion, migrate, MIGRATIONS_DIR } from "../../db/migrate";
import { createPaymentsHarness, itemFor, type PaymentsHarness } from "../../test/payments-harness";
import { buildUser, call, createServerDatabase, TEST_DB } from "../../test/test-app";
import { ledgerIsSound } from "../ledger";
import { BackupRepository } from "./backup.repository";
import {
  backupDatabase,
  BackupError,
  manifestPathOf,
  restoreBackup,
  type BackupResult,
  type RestoreTarget,
} from "./backup.service";

/**
 * The backup drill, on the database the suite runs on (TEST_DB): wallet payments go on while the backup is
 * taken, the backup is restored into a fresh database, and the restore must be a consistent cut of the source.
 */
const cleanups: Array<() => Promise<void>> = [];
let dir: string;
let source: { db: Database; url?: string };
let h: PaymentsHarness;
let openPrice: ServiceRecord;
const EXT = TEST_DB === "postgres" ? "dump" : "tar.gz";

/** A new database of the suite's kind: migrated to `migrationsDir`'s files when given, else left empty. */
async function newDatabase(migrationsDir?: string): Promise<{ db: Database; url?: string }> {
  if (TEST_DB === "pglite") {
    const db = await openPglite();
    if (migrationsDir) await migrate(db, migrationsDir);
    cleanups.push(() => db.close());
    return { db };
  }
  const server = await createServerDatabase("hospipay_backup");
  const db = openPostgres(server.url);
  if (migrationsDir) await migrate(db, migrationsDir);
  cleanups.push(async () => {
    await db.close();
    await server.drop();
  });
  return { db, url: server.url };
}

/** An empty restore target of the suite's kind, and a way to open it afterwards (closed by the cleanups). */
async function freshTarget(): Promise<{ target: RestoreTarget; open: () => Promise<Database> }> {
  if (TEST_DB === "pglite") {
    const folder = path.join(dir, `restore-${randomUUID()}`, "pglite");
    return {
      target: { kind: "pglite", dir: folder },
      open: async () => {
        const db = await openPglite(folder);
        // A test may close it itself first.
        cleanups.push(() => db.close().catch(() => undefined));
        return db;
      },
    };
  }
  const server = await createServerDatabase("hospipay_restore");
  const opened: Database[] = [];
  cleanups.push(async () => {
    for (const db of opened) await db.close().catch(() => undefined);
    await server.drop();
  });
  return {
    target: { kind: "postgres", url: server.url },
    open: async () => {
      const db = openPostgres(server.url, { max: 2 });
      opened.push(db);
      return db;
    },
  };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hospipay-backup-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  source = await newDatabase(MIGRATIONS_DIR);
  h = await createPaymentsHarness({}, { database: source.db });
  cleanups.push(() => h.close());
  openPrice = (await h.catalogue()).find((s) => s.fixed_price === "no" && Number(s.price) === 0)!;
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A customer whose wallet holds ₦100,000, funded the way a customer does it (top-up, Remita approves, callback). */
async function fundedCustomer() {
  const customer = await buildUser(h.t);
  const profile = await call(h.t, "GET", "/auth/profile/", undefined, customer.token);
  for (const amount of ["50000", "50000"]) {
    const res = await call(h.t, "POST", "/express/top-up/", { amount, payment_method: "remita" }, customer.token);
    expect(res.status).toBe(201);
    const rrr = (res.json.rrr_response as { RRR: string }).RRR;
    await h.control("/sandbox/remita/_control/pay", { rrr, outcome: "approve", notify: false });
    const callback = await call(
      h.t,
      "GET",
      `/api/express/callback/top-up/remita/?transaction_id=${String(res.json.reference)}&rrr=${rrr}&amount=${amount}`,
    );
    expect(callback.json.transaction_status).toBe("SUCCESS");
  }
  return { token: customer.token, walletId: Number(profile.json.wallet_id) };
}

/** One ₦200 wallet payment (₦100 and the ₦100 fee) with its own Idempotency-Key; returns the status. */
async function payFromWallet(payer: { token: string; walletId: number }): Promise<number> {
  const response = await h.t.app.inject({
    method: "POST",
    url: "/express/checkout/",
    headers: { authorization: `Bearer ${payer.token}`, "content-type": "application/json", "idempotency-key": randomUUID() },
    payload: JSON.stringify({
      items: [itemFor(openPrice, 1, "100.00")],
      customer_meta: {
        first_name: "Kemi",
        last_name: "Balogun",
        email: "kemi.someone@example.ng",
        phone_number: "08098765432",
        hospital_number: "FTH/2026/00999",
        transaction_description: "Physiotherapy",
      },
      payment_method: "wallet",
      wallet_id: payer.walletId,
      charge_fee: "100.00",
    }),
  });
  return response.statusCode;
}

/**
 * Wallet payments by every payer, one at a time each, until stopped. A short pause after each leaves the event
 * loop, which PGlite shares, some room for the backup's own file work.
 */
function startLoad(payers: Array<{ token: string; walletId: number }>) {
  let stopped = false;
  let succeeded = 0;
  const statuses: number[] = [];
  const loop = async (payer: { token: string; walletId: number }) => {
    while (!stopped) {
      const status = await payFromWallet(payer);
      statuses.push(status);
      if (status === 201) succeeded += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  const running = Promise.all(payers.map(loop));
  return {
    statuses,
    get succeeded() {
      return succeeded;
    },
    /** Waits until `n` payments in all have succeeded. */
    async until(n: number) {
      const deadline = Date.now() + 15_000;
      while (succeeded < n) {
        if (Date.now() > deadline) throw new Error(`only ${succeeded} of ${n} payments succeeded in time`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
}

interface EntryRow {
  id: number;
  kind: string;
  invoice_id: number | null;
  description: string;
  created_at: string;
}
interface PostingRow {
  id: number;
  entry_id: number;
  account_id: number;
  amount_kobo: number;
}

const entriesOf = async (db: Database) =>
  (
    await db.query<EntryRow>(
      "SELECT id, kind, invoice_id, description, created_at::text AS created_at FROM journal_entries ORDER BY id",
    )
  ).rows;
const postingsOf = async (db: Database) =>
  (await db.query<PostingRow>("SELECT id, entry_id, account_id, amount_kobo FROM postings ORDER BY id")).rows;
const entryCount = async (db: Database) =>
  (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM journal_entries")).rows[0]!.n;

let drill: BackupResult;

// A drill backs up, restores and checks whole databases: up to a minute each on a loaded two-core machine.
const DRILL_MS = 180_000;

describe(`backup drill (${TEST_DB})`, { timeout: DRILL_MS }, () => {
  it("backs up while wallet payments go on; the restore is sound, a consistent cut of the source, and every balance agrees", async () => {
    const payers = await Promise.all(Array.from({ length: 4 }, () => fundedCustomer()));
    const load = startLoad(payers);
    let committedBefore: number;
    let okDuring: number;
    try {
      await load.until(20);
      committedBefore = await entryCount(source.db);
      const okBefore = load.succeeded;
      drill = await backupDatabase(source.db, { out: path.join(dir, `drill.${EXT}`), databaseUrl: source.url });
      okDuring = load.succeeded - okBefore;
      // The load goes on after the backup: these payments are certainly not in it.
      await load.until(load.succeeded + 20);
    } finally {
      await load.stop();
    }
    expect(load.statuses.filter((status) => status !== 201)).toEqual([]);
    // pg_dump reads a snapshot and blocks no writer: payments commit while it runs.
    if (TEST_DB === "postgres") expect(okDuring).toBeGreaterThan(0);
    expect(drill.manifest).toMatchObject({ kind: TEST_DB, migration: await latestMigrationVersion() });

    const fresh = await freshTarget();
    const restored = await restoreBackup(drill.file, fresh.target);
    expect(restored.migrated).toEqual([]);
    expect(ledgerIsSound(restored.ledger)).toBe(true);
    const copy = await fresh.open();

    const sourceEntries = await entriesOf(source.db);
    const copyEntries = await entriesOf(copy);
    // Everything committed before the backup began is in it; what committed after it ended is not.
    expect(copyEntries.length).toBeGreaterThanOrEqual(committedBefore);
    expect(copyEntries.length).toBeLessThan(sourceEntries.length);
    // Every restored entry is the source's, unchanged, with all of its postings (no torn transaction).
    const sourceById = new Map(sourceEntries.map((entry) => [entry.id, entry]));
    for (const entry of copyEntries) expect(entry).toEqual(sourceById.get(entry.id));
    const restoredIds = new Set(copyEntries.map((entry) => entry.id));
    const sourcePostings = (await postingsOf(source.db)).filter((p) => restoredIds.has(p.entry_id));
    expect(await postingsOf(copy)).toEqual(sourcePostings);

    // Each restored wallet holds what the source's postings give when only the restored entries are counted.
    const expected = new Map<number, number>();
    for (const p of sourcePostings) expected.set(p.account_id, (expected.get(p.account_id) ?? 0) - p.amount_kobo);
    const wallets = (
      await copy.query<{ account: number; balance: number }>(
        "SELECT ledger_account_id AS account, balance_kobo AS balance FROM wallets ORDER BY id",
      )
    ).rows;
    expect(wallets.filter((w) => w.balance > 0).length).toBeGreaterThanOrEqual(payers.length);
    for (const wallet of wallets) expect(wallet.balance).toBe(expected.get(wallet.account) ?? 0);
  });

  it("brings a backup of an older schema up to date on restore", async () => {
    const latest = await latestMigrationVersion();
    const older = path.join(dir, "older-migrations");
    await mkdir(older);
    for (const file of await readdir(MIGRATIONS_DIR))
      if (/^\d{4}_/.test(file) && Number(file.slice(0, 4)) < latest)
        await copyFile(path.join(MIGRATIONS_DIR, file), path.join(older, file));
    const old = await newDatabase(older);
    const backup = await backupDatabase(old.db, { out: path.join(dir, `older.${EXT}`), databaseUrl: old.url });
    expect(backup.manifest.migration).toBe(latest - 1);
    const restored = await restoreBackup(backup.file, (await freshTarget()).target);
    expect(restored.migrated).toEqual([latest]);
    expect(ledgerIsSound(restored.ledger)).toBe(true);
  });
});

describe(`restore refuses bad input, changing nothing (${TEST_DB})`, { timeout: DRILL_MS }, () => {
  /** A copy of the drill's backup under another name, with its manifest, changed by `change`. */
  async function copyOfDrill(
    name: string,
    change: { file?: (data: Buffer) => void; manifest?: (m: Record<string, unknown>) => void },
  ) {
    const file = path.join(dir, `${name}.${EXT}`);
    const data = await readFile(drill.file);
    change.file?.(data);
    await writeFile(file, data);
    const manifest = JSON.parse(await readFile(drill.manifestFile, "utf8")) as Record<string, unknown>;
    change.manifest?.(manifest);
    await writeFile(manifestPathOf(file), JSON.stringify(manifest));
    return file;
  }

  /** Expects the restore to be refused with `message`, leaving the fresh target empty. */
  async function expectRefused(file: string, message: RegExp, target?: RestoreTarget) {
    const fresh = await freshTarget();
    await expect(restoreBackup(file, target ?? fresh.target)).rejects.toThrow(message);
    await expect(restoreBackup(file, target ?? fresh.target)).rejects.toBeInstanceOf(BackupError);
    if (target) return;
    if (fresh.target.kind === "pglite") await expect(readdir(fresh.target.dir)).rejects.toThrow(/ENOENT/);
    else expect(await new BackupRepository().userRelations(await fresh.open())).toBe(0);
  }

  it("a missing file, or one without its manifest", async () => {
    await expectRefused(path.join(dir, "no-such-backup.dump"), /There is no backup file at .*no-such-backup\.dump/);
    const alone = path.join(dir, `alone.${EXT}`);
    await copyFile(drill.file, alone);
    await expectRefused(alone, /has no manifest beside it/);
  });

  it("a corrupt file: one byte changed, or cut short", async () => {
    const flipped = await copyOfDrill("flipped", { file: (data) => (data[Math.floor(data.length / 2)]! ^= 0xff) });
    await expectRefused(flipped, /is damaged or incomplete/);
    const truncated = path.join(dir, `truncated.${EXT}`);
    await writeFile(truncated, (await readFile(drill.file)).subarray(0, 1000));
    await copyFile(drill.manifestFile, manifestPathOf(truncated));
    await expectRefused(truncated, /is damaged or incomplete/);
    const garbage = await copyOfDrill("garbage", { manifest: (m) => delete m.sha256 });
    await expectRefused(garbage, /is not a Hospipay backup manifest/);
  });

  it("a backup of the other kind of database", async () => {
    const other: RestoreTarget =
      TEST_DB === "pglite"
        ? { kind: "postgres", url: "postgres://nobody@127.0.0.1:1/never_dialled" }
        : { kind: "pglite", dir: path.join(dir, "never-made", "pglite") };
    await expectRefused(drill.file, /is a backup of .* each restores only into its own kind/, other);
    if (other.kind === "pglite") await expect(readdir(other.dir)).rejects.toThrow(/ENOENT/);
    // A manifest naming the other kind does not match the file's first bytes.
    const lying = await copyOfDrill("lying", { manifest: (m) => (m.kind = TEST_DB === "pglite" ? "postgres" : "pglite") });
    await expectRefused(lying, /is damaged or incomplete/, other);
  });

  it("a backup of a newer schema than this code knows", async () => {
    const newer = await copyOfDrill("newer", { manifest: (m) => (m.migration = 9999) });
    await expectRefused(newer, /holds schema version 9999 .* knows versions up to \d+/);
  });

  it("a target that is not empty, unless forced", async () => {
    const filled = await freshTarget();
    await restoreBackup(drill.file, filled.target);
    const db = await filled.open();
    await db.query("UPDATE wallets SET updated_at = updated_at"); // a live database, opened and used
    const before = await entriesOf(db);
    if (TEST_DB === "pglite") await db.close();
    await expect(restoreBackup(drill.file, filled.target)).rejects.toThrow(
      TEST_DB === "pglite"
        ? /holds an embedded database already.*--force/
        : /holds \d+ tables, views or sequences already.*--force/,
    );
    if (TEST_DB === "pglite") {
      const again = await filled.open();
      expect(await entriesOf(again)).toEqual(before);
      await again.close();
    } else {
      expect(await entriesOf(db)).toEqual(before);
      await db.close();
    }
    const forced = await restoreBackup(drill.file, filled.target, { force: true });
    expect(ledgerIsSound(forced.ledger)).toBe(true);
    if (TEST_DB === "pglite") expect(forced.movedAside).toMatch(/pglite\.replaced-\d{8}T\d{6}Z$/);
  });

  it("a backup never overwrites a file", async () => {
    await expect(backupDatabase(source.db, { out: drill.file, databaseUrl: source.url })).rejects.toThrow(/exists already/);
  });
});
