import { copyFile, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { LEGACY_MIGRATIONS_DIR } from "../test/legacy-migrations";
import { createServerDatabase, TEST_DB } from "../test/test-app";
import { openPglite, openPostgres, type Database } from "./database";
import { migrate, MIGRATIONS_DIR } from "./migrate";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * An empty, unmigrated database of the kind under test, and a way to open more handles on it
 * (separate connection pools on the PostgreSQL server; the same handle for PGlite, one session).
 */
async function emptyDatabase(): Promise<{ db: Database; another: () => Database }> {
  if (TEST_DB === "pglite") {
    const db = await openPglite();
    cleanups.push(() => db.close());
    return { db, another: () => db };
  }
  const server = await createServerDatabase("hospipay_migrate");
  const handles: Database[] = [];
  const another = () => {
    const handle = openPostgres(server.url);
    handles.push(handle);
    return handle;
  };
  cleanups.push(async () => {
    for (const handle of handles) await handle.close();
    await server.drop();
  });
  return { db: another(), another };
}

async function migrationsDir(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "hospipay-migrations-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  for (const [name, sql] of Object.entries(files)) await writeFile(path.join(dir, name), sql);
  return dir;
}

const shippedVersions = async () =>
  (await readdir(MIGRATIONS_DIR))
    .filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => Number(file.slice(0, 4)));

async function tablesOf(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
  );
  return rows.map((row) => row.table_name);
}

describe("migrate", () => {
  it("applies every shipped migration once; running it again is a no-op", async () => {
    const { db } = await emptyDatabase();
    const versions = await shippedVersions();
    expect(versions.length).toBeGreaterThan(0);
    expect(await migrate(db)).toEqual(versions);
    const tables = await tablesOf(db);
    expect(tables).toEqual(expect.arrayContaining(["users", "mail_outbox", "schema_migrations", "app_secrets"]));

    expect(await migrate(db)).toEqual([]);
    expect(await tablesOf(db)).toEqual(tables);
    const { rows } = await db.query<{ version: number }>("SELECT version FROM schema_migrations ORDER BY version");
    expect(rows.map((row) => row.version)).toEqual(versions);
  });

  it("applies only the new files, in order, and ignores files that are not migrations", async () => {
    const { db } = await emptyDatabase();
    const dir = await migrationsDir({
      "0001_first.sql": "CREATE TABLE first_table (id integer PRIMARY KEY);",
      "README.md": "not SQL",
      "0002_second.sql": "CREATE TABLE second_table (first_id integer REFERENCES first_table (id));",
    });
    expect(await migrate(db, dir)).toEqual([1, 2]);
    await writeFile(path.join(dir, "0003_third.sql"), "ALTER TABLE second_table ADD COLUMN note text;");
    expect(await migrate(db, dir)).toEqual([3]);
    expect(await migrate(db, dir)).toEqual([]);
    const { rows } = await db.query<{ version: number; name: string }>(
      "SELECT version, name FROM schema_migrations ORDER BY version",
    );
    expect(rows).toEqual([
      { version: 1, name: "first" },
      { version: 2, name: "second" },
      { version: 3, name: "third" },
    ]);
  });

  it("applies nothing when one pending migration fails", async () => {
    const { db } = await emptyDatabase();
    const dir = await migrationsDir({
      "0001_good.sql": "CREATE TABLE good_table (id integer);",
      "0002_bad.sql": "CREATE TABLE half_done (id integer); SELECT * FROM no_such_table;",
    });
    await expect(migrate(db, dir)).rejects.toThrow(/no_such_table/);
    const tables = await tablesOf(db);
    expect(tables).not.toContain("good_table");
    expect(tables).not.toContain("half_done");
    expect(tables).not.toContain("schema_migrations");
  });

  it("applies once when two processes migrate the same database at the same time", async () => {
    const { db, another } = await emptyDatabase();
    const other = another();
    const versions = await shippedVersions();
    const results = await Promise.all([migrate(db), migrate(other), migrate(another())]);
    expect(results.filter((applied) => applied.length > 0)).toEqual([versions]);
    expect(results.filter((applied) => applied.length === 0)).toHaveLength(2);
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM schema_migrations");
    expect(rows[0]!.n).toBe(versions.length);
  });
});

describe("schema rules", () => {
  // One migrated database for these checks; each inserts its own rows.
  let shared: Promise<Database> | null = null;
  let dropShared: (() => Promise<void>) | null = null;
  afterAll(async () => {
    await dropShared?.();
  });
  const migrated = (): Promise<Database> =>
    (shared ??= (async () => {
      const { db } = await emptyDatabase();
      dropShared = cleanups.pop() ?? null;
      await migrate(db);
      return db;
    })());

  const insertUser = (db: Database, overrides: Partial<Record<"username" | "email" | "role" | "account_type", string>> = {}) =>
    db.query(
      `INSERT INTO users (username, email, first_name, last_name, phone_number, role, password_hash, account_type)
       VALUES ($1, $2, 'A', 'B', '08031234567', $3, 'hash', $4)`,
      [
        overrides.username ?? "someone",
        overrides.email ?? "someone@example.ng",
        overrides.role ?? "CUSTOMER",
        overrides.account_type ?? "INDIVIDUAL",
      ],
    );

  it("stores users.email lower-case only, and once", async () => {
    const db = await migrated();
    await expect(insertUser(db, { email: "Mixed.Case@Example.NG" })).rejects.toMatchObject({ code: "23514" });
    await insertUser(db, { email: "lower@example.ng", username: "lower" });
    await expect(insertUser(db, { email: "lower@example.ng", username: "other" })).rejects.toMatchObject({ code: "23505" });
    await expect(db.query("UPDATE users SET email = upper(email) WHERE username = 'lower'")).rejects.toMatchObject({
      code: "23514",
    });
    const { rows } = await db.query<{ email: string }>(
      "SELECT email FROM users WHERE email ILIKE '%case%' OR username IN ('lower', 'other')",
    );
    expect(rows).toEqual([{ email: "lower@example.ng" }]);
  });

  it("accepts only the four roles and the two account types", async () => {
    const db = await migrated();
    await expect(insertUser(db, { role: "ROOT" })).rejects.toMatchObject({ code: "23514" });
    await expect(insertUser(db, { role: "customer" })).rejects.toMatchObject({ code: "23514" });
    await expect(insertUser(db, { account_type: "BUSINESS" })).rejects.toMatchObject({ code: "23514" });
    for (const [i, role] of ["CUSTOMER", "ADMIN", "AGENT", "SUPERADMIN"].entries()) {
      await insertUser(db, { role, email: `r${i}@example.ng`, username: `r${i}` });
    }
  });
});

describe("0016 of the chain squashed into the migrations: KYC documents' public ids, and corporate accounts without documents", () => {
  it("gives every existing document its own random UUID, and returns a corporate account without its three documents to individual", async () => {
    const { db } = await emptyDatabase();
    // The database as 0015 left it, holding what the KYC submission let through before.
    const before = await migrationsDir({});
    for (const file of (await readdir(LEGACY_MIGRATIONS_DIR)).filter((name) => /^\d{4}_/.test(name) && name < "0016"))
      await copyFile(path.join(LEGACY_MIGRATIONS_DIR, file), path.join(before, file));
    await migrate(db, before);
    const user = async (name: string) =>
      (
        await db.query<{ id: number }>(
          `INSERT INTO users (username, email, first_name, last_name, phone_number, role, password_hash, account_type)
           VALUES ($1, $2, 'A', 'B', '08031234567', 'CUSTOMER', 'hash', 'CORPORATE') RETURNING id`,
          [name, `${name}@example.ng`],
        )
      ).rows[0]!.id;
    const upgraded = await user("upgraded");
    const undocumented = await user("undocumented");
    const partial = await user("partial");
    for (const id of [upgraded, undocumented, partial]) {
      await db.query(
        `INSERT INTO kyc_records (user_id, account_type, dob, address, next_of_kin_name, next_of_kin_phone, next_of_kin_address, id_number, status)
         VALUES ($1, 'CORPORATE', '1990-01-01', 'a', 'b', 'c', 'd', 'e', 'verified')`,
        [id],
      );
    }
    const slots = (id: number, names: string[]) =>
      Promise.all(
        names.map((slot) =>
          db.query(
            `INSERT INTO kyc_documents (user_id, slot, stored_name, original_name, content_type, size_bytes)
             VALUES ($1, $2, $3, 'f.pdf', 'application/pdf', 10)`,
            [id, slot, `${id}-${slot}`],
          ),
        ),
      );
    await slots(upgraded, ["utility_bill", "cac_certificate", "board_letter"]);
    await slots(partial, ["utility_bill", "cac_certificate"]);

    // 0016 first, then the rest of the chain.
    expect((await migrate(db, LEGACY_MIGRATIONS_DIR))[0]).toBe(16);

    const { rows: docs } = await db.query<{ public_id: string }>("SELECT public_id::text FROM kyc_documents");
    expect(docs).toHaveLength(5);
    for (const doc of docs)
      expect(doc.public_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(docs.map((doc) => doc.public_id)).size).toBe(5);
    const { rows } = await db.query<{ username: string; user_type: string; record_type: string }>(
      `SELECT u.username, u.account_type AS user_type, k.account_type AS record_type
       FROM users u JOIN kyc_records k ON k.user_id = u.id ORDER BY u.username`,
    );
    expect(rows).toEqual([
      { username: "partial", user_type: "INDIVIDUAL", record_type: "INDIVIDUAL" },
      { username: "undocumented", user_type: "INDIVIDUAL", record_type: "INDIVIDUAL" },
      { username: "upgraded", user_type: "CORPORATE", record_type: "CORPORATE" },
    ]);
  });
});

describe("0030 bill part departments", () => {
  it("keeps what each bill's parts paid before parts were split, so later parts still end at each line", async () => {
    const { db } = await emptyDatabase();
    const before = await migrationsDir({});
    for (const file of (await readdir(MIGRATIONS_DIR)).filter((name) => /^\d{4}_/.test(name) && name < "0030"))
      await copyFile(path.join(MIGRATIONS_DIR, file), path.join(before, file));
    await migrate(db, before);
    const { rows: staff } = await db.query<{ id: number }>(
      `INSERT INTO users (username, email, first_name, last_name, phone_number, role, password_hash)
       VALUES ('agent', 'agent@example.ng', 'A', 'B', '08031234567', 'AGENT', 'hash') RETURNING id`,
    );
    const bill = async (token: string, paidKobo: number, status = "open") =>
      db.query(
        `INSERT INTO bills (token, hospital_number, patient_name, patient_phone, patient_phone_digits, total_kobo, paid_kobo,
           status, paid_at, created_by)
         VALUES ($1, 'H1', 'P Q', '08031112233', '112233', 100000, $2, $3, CASE WHEN $3 = 'paid' THEN now() END, $4)`,
        [token, paidKobo, status, staff[0]!.id],
      );
    await bill("aaaaaaaaaaaaaaaaaaaa", 0);
    await bill("bbbbbbbbbbbbbbbbbbbb", 40000);
    await bill("cccccccccccccccccccc", 100000, "paid");

    // 0030 and every migration after it, exactly.
    const later = (await readdir(MIGRATIONS_DIR))
      .filter((name) => /^\d{4}_/.test(name))
      .map((name) => Number(name.slice(0, 4)))
      .filter((version) => version >= 30)
      .sort((a, b) => a - b);
    expect(later[0]).toBe(30);
    expect(await migrate(db)).toEqual(later);
    const { rows } = await db.query<{ token: string; unsplit: number }>(
      "SELECT token, unsplit_kobo AS unsplit FROM bills ORDER BY token",
    );
    expect(rows.map((row) => Number(row.unsplit))).toEqual([0, 40000, 100000]);
  });
});
