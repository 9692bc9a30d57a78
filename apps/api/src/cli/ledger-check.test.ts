import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "../db/database";
import { migrate } from "../db/migrate";
import { REPO_ROOT } from "../env";

const SCRIPT = path.join(REPO_ROOT, "apps/api/src/cli/ledger-check.ts");
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** Runs `npm run ledger:check`'s script on an embedded database in dataDir. */
function ledgerCheck(dataDir: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", SCRIPT], {
      cwd: REPO_ROOT,
      env,
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

describe("npm run ledger:check", () => {
  it("passes on a sound ledger and fails, naming the wallet, when a stored balance drifts from its postings", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "hospipay-ledger-check-"));
    dirs.push(dataDir);
    const fresh = await ledgerCheck(dataDir);
    expect(fresh.code).toBe(0);
    expect(fresh.stdout).toContain("The ledger is sound");

    // A wallet whose stored balance says ₦10.00 with no postings behind it.
    const db = await openPglite(path.join(dataDir, "pglite"));
    await migrate(db);
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
    await db.close();

    const drifted = await ledgerCheck(dataDir);
    expect(drifted.code).toBe(1);
    expect(drifted.stderr).toMatch(/Wallet of user \d+: stored ₦10\.00, postings give ₦0\.00\./);

    // Each run is recorded, for the metrics' last ledger check.
    const after = await openPglite(path.join(dataDir, "pglite"));
    const { rows } = await after.query<{ sound: boolean; differences: number; source: string }>(
      `SELECT sound, differences, source FROM ledger_checks ORDER BY id`,
    );
    await after.close();
    expect(rows).toEqual([
      { sound: true, differences: 0, source: "cli" },
      { sound: false, differences: 1, source: "cli" },
    ]);
  });
});
