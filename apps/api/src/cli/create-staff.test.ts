import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite, openPostgres, type Database } from "../db/database";
import { REPO_ROOT } from "../env";
import { verifyPassword } from "../modules/accounts";
import { createServerDatabase, TEST_DB } from "../test/test-app";

const SCRIPT = "apps/api/src/cli/create-staff.ts";
const tempDirs: string[] = [];

afterAll(async () => {
  for (const dir of tempDirs) await rm(dir, { recursive: true, force: true });
});

async function freshDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "hospipay-create-staff-"));
  tempDirs.push(dir);
  return dir;
}

/** Runs the command as an operator would, from the repository root, without a DATABASE_URL unless given. */
function createStaff(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  delete childEnv.NODE_OPTIONS;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", SCRIPT, ...args], {
      cwd: REPO_ROOT,
      env: childEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

interface StaffRow {
  email: string;
  role: string;
  verified: boolean;
  is_demo: boolean;
  first_name: string;
  password_hash: string;
}

async function staffRows(db: Database): Promise<StaffRow[]> {
  const { rows } = await db.query<StaffRow>(
    `SELECT email, role, email_verified_at IS NOT NULL AS verified, is_demo, first_name, password_hash FROM users ORDER BY id`,
  );
  return rows;
}

/** Reads the embedded database a finished command left in DATA_DIR. */
async function rowsIn(dataDir: string): Promise<StaffRow[]> {
  const db = await openPglite(path.join(dataDir, "pglite"));
  try {
    return await staffRows(db);
  } finally {
    await db.close();
  }
}

// The embedded database's run: the PGlite lane only (the PostgreSQL lane's copy would repeat it exactly).
if (TEST_DB === "pglite") {
  describe("create-staff on the embedded database", () => {
    it("migrates a fresh DATA_DIR and creates a verified ADMIN, taking over a lock left by a dead process", async () => {
      const dataDir = await freshDataDir();
      const gone = spawn("true", [], { stdio: "ignore" });
      await new Promise((resolve) => gone.on("close", resolve));
      await writeFile(path.join(dataDir, "server.pid"), String(gone.pid));

      const run = await createStaff(
        ["--role", "ADMIN", "--email", "Head.Admin@Hospital.NG", "--password", "staff-pass-1", "--first-name", "Kemi"],
        {
          DATA_DIR: dataDir,
        },
      );
      expect(run.stderr).not.toMatch(/error/i);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^Created ADMIN account head\.admin@hospital\.ng \(id \d+, username head\.admin\)\.$/m);
      expect(run.stdout).not.toContain("staff-pass-1");

      const rows = await rowsIn(dataDir);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        email: "head.admin@hospital.ng",
        role: "ADMIN",
        verified: true,
        is_demo: false,
        first_name: "Kemi",
      });
      expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(rows[0]!.password_hash, "staff-pass-1")).toBe(true);
      // The lock is released when the command ends.
      expect(existsSync(path.join(dataDir, "server.pid"))).toBe(false);
    });

    it.each([
      [
        ["--role", "CUSTOMER", "--email", "c@hospital.ng", "--password", "staff-pass-1"],
        /--role must be ADMIN, AGENT or SUPERADMIN/,
      ],
      [["--email", "c@hospital.ng", "--password", "staff-pass-1"], /--role must be ADMIN, AGENT or SUPERADMIN/],
      [
        ["--role", "AGENT", "--email", "c@hospital.ng", "--password", "short"],
        /--password: Ensure this field has at least 8 characters\./,
      ],
      [["--role", "AGENT", "--email", "not-an-email", "--password", "staff-pass-1"], /--email: Enter a valid email address\./],
      [
        ["--role", "AGENT", "--email", "c@hospital.ng", "--password", "staff-pass-1", "--colour", "red"],
        /Unknown option '--colour'/,
      ],
    ])("refuses %j with a clear message, exit 2, and touches nothing", async (args, message) => {
      const dataDir = await freshDataDir();
      const run = await createStaff(args, { DATA_DIR: dataDir });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stderr).toContain("Usage: npm run create-staff");
      expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);
      expect(existsSync(path.join(dataDir, "server.pid"))).toBe(false);
    });

    it("refuses a second account for the same e-mail, whatever its case, and keeps the first", async () => {
      const dataDir = await freshDataDir();
      const first = await createStaff(["--role", "AGENT", "--email", "desk@hospital.ng", "--password", "staff-pass-1"], {
        DATA_DIR: dataDir,
      });
      expect(first.code).toBe(0);
      const again = await createStaff(["--role", "SUPERADMIN", "--email", "DESK@hospital.ng", "--password", "other-pass-2"], {
        DATA_DIR: dataDir,
      });
      expect(again.code).toBe(1);
      expect(again.stderr).toContain("An account with the email desk@hospital.ng already exists. Nothing was changed.");
      const rows = await rowsIn(dataDir);
      expect(rows.map((row) => [row.email, row.role])).toEqual([["desk@hospital.ng", "AGENT"]]);
      expect(await verifyPassword(rows[0]!.password_hash, "staff-pass-1")).toBe(true);
    });

    it("says the database is in use while a live server holds it, and opens nothing", async () => {
      const dataDir = await freshDataDir();
      const holder = spawn("sleep", ["30"], { stdio: "ignore" });
      try {
        const pidFile = path.join(dataDir, "server.pid");
        await writeFile(pidFile, String(holder.pid));
        const run = await createStaff(["--role", "ADMIN", "--email", "second@hospital.ng", "--password", "staff-pass-1"], {
          DATA_DIR: dataDir,
        });
        expect(run.code).toBe(1);
        expect(run.stderr).toContain(`is in use by a running Hospipay server (pid ${holder.pid})`);
        expect(run.stderr).toContain("Nothing was changed.");
        // The lock is still the server's, and the command stopped before it opened (or created) the database.
        expect(await readFile(pidFile, "utf8")).toBe(String(holder.pid));
        expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);
      } finally {
        holder.kill();
      }
    });
  });
}

// The PostgreSQL run exists only when the suite runs against the server (TEST_DB=postgres).
if (TEST_DB === "postgres") {
  describe("create-staff on a PostgreSQL server", () => {
    it("migrates a fresh database at DATABASE_URL and creates the account there, leaving DATA_DIR alone", async () => {
      const server = await createServerDatabase("hospipay_cli");
      const url = server.url;
      const db = openPostgres(url);
      try {
        const dataDir = await freshDataDir();
        const run = await createStaff(["--role", "AGENT", "--email", "pg.agent@hospital.ng", "--password", "staff-pass-1"], {
          DATA_DIR: dataDir,
          DATABASE_URL: url,
        });
        expect(run.code).toBe(0);
        expect(run.stdout).toMatch(/Created AGENT account pg\.agent@hospital\.ng/);
        const rows = await staffRows(db);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ email: "pg.agent@hospital.ng", role: "AGENT", verified: true });
        const migrations = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM schema_migrations");
        expect(migrations.rows[0]!.n).toBeGreaterThan(0);
        expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);
        expect(existsSync(path.join(dataDir, "server.pid"))).toBe(false);

        const again = await createStaff(["--role", "AGENT", "--email", "pg.agent@hospital.ng", "--password", "staff-pass-1"], {
          DATA_DIR: dataDir,
          DATABASE_URL: url,
        });
        expect(again.code).toBe(1);
        expect(again.stderr).toContain("already exists. Nothing was changed.");
      } finally {
        await db.close();
        await server.drop();
      }
    });
  });
}
