import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite } from "../db/database";
import { migrate } from "../db/migrate";
import { REPO_ROOT } from "../env";

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** Runs `npm run <script> -- args`'s script on an embedded database in dataDir. */
function run(script: "backup" | "restore", dataDir: string, args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(REPO_ROOT, `apps/api/src/cli/${script}.ts`), ...args], {
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

describe("npm run backup / npm run restore (embedded database)", () => {
  it("backs up a stopped app's DATA_DIR, refuses while a server holds it, and restores only into a DATA_DIR without a database", async () => {
    const base = await mkdtemp(path.join(tmpdir(), "hospipay-backup-cli-"));
    dirs.push(base);
    const source = path.join(base, "source");
    await mkdir(source);
    const db = await openPglite(path.join(source, "pglite"));
    await migrate(db);
    await db.close();

    const file = path.join(base, "nightly.tar.gz");
    const backup = await run("backup", source, ["--out", file]);
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Wrote .*nightly\.tar\.gz \([\d.]+ MB, pglite, schema version \d+\) in [\d.]+ s\./);
    expect(backup.stdout).toContain(`${file}.json`);

    // This test process stands for a running server holding the folder.
    await writeFile(path.join(source, "server.pid"), String(process.pid));
    const busy = await run("backup", source, ["--out", path.join(base, "busy.tar.gz")]);
    expect(busy.code).toBe(2);
    expect(busy.stderr).toContain("in use by a running Hospipay server");

    const target = path.join(base, "target");
    const restored = await run("restore", target, [file]);
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(
      /Restored .*nightly\.tar\.gz \(pglite, taken .* schema version \d+\) into the embedded database/,
    );
    expect(restored.stdout).toContain("The ledger is sound");

    const again = await run("restore", target, [file]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/holds an embedded database already.*--force.*Nothing was changed\./);

    const usage = await run("restore", target, []);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("Usage: npm run restore -- FILE [--force]");
  });
});
