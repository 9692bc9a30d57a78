import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { API_PATHS } from "@hospipay/contract";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite, openPostgres, type Database } from "../db/database";
import { REPO_ROOT } from "../env";
import { verifyPassword } from "../modules/accounts";
import { createServerDatabase, freePort, TEST_DB } from "../test/test-app";

const EMAILS = ["customer@demo.hospipay.ng", "agent@demo.hospipay.ng", "admin@demo.hospipay.ng", "superadmin@demo.hospipay.ng"];
const tempDirs: string[] = [];
const servers = new Set<ChildProcess>();

afterAll(async () => {
  for (const server of servers) server.kill("SIGKILL");
  for (const dir of tempDirs) await rm(dir, { recursive: true, force: true });
});

async function freshDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "hospipay-demo-passwords-"));
  tempDirs.push(dir);
  return dir;
}

/** The environment of a command or server run as a newcomer would: sandbox defaults, no DATABASE_URL unless given. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const result: NodeJS.ProcessEnv = { ...process.env, WEB_DIST_DIR: "/nonexistent-web-dist", ...env };
  if (!env.DATABASE_URL) delete result.DATABASE_URL;
  for (const name of ["NODE_OPTIONS", "LOG_LEVEL", "REQUEST_LOG_LEVEL", "SANDBOX", "SEED_DEMO", "PUBLIC_URL", "SMTP_URL"])
    if (!(name in env)) delete result[name];
  return result;
}

/** Runs `npm run demo:passwords` from the repository root. */
function demoPasswords(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", "demo:passwords"], {
      cwd: REPO_ROOT,
      env: childEnv(env),
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

interface RunningServer {
  url: string;
  /** Everything the server printed so far. */
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts the server (src/main.ts) as `npm start` does, and waits for its ready block. */
async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", path.join(REPO_ROOT, "apps/api/src/main.ts")], {
    cwd: REPO_ROOT,
    env: childEnv({ PORT: String(port), ...env }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  servers.add(child);
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const end = Date.now() + 120_000;
  while (!output.includes("New demo passwords:")) {
    if (child.exitCode !== null || Date.now() > end) throw new Error(`the server did not get ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://localhost:${port}`,
    output: () => output,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
      servers.delete(child);
    },
  };
}

/** The ready block: the plain lines from its heading to its last line. */
function readyBlockOf(output: string): string[] {
  const lines = output.split("\n");
  const start = lines.findIndex((line) => line.startsWith("Hospipay is ready at "));
  const end = lines.findIndex((line, index) => index > start && line.startsWith("New demo passwords:"));
  expect(start, output).toBeGreaterThan(-1);
  return lines.slice(start, end + 1);
}

/** The e-mail → password table printed by the ready block or the command. */
function passwordsIn(lines: string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const line of lines) {
    const match = /^ {2}(CUSTOMER|AGENT|ADMIN|SUPERADMIN) +(\S+@demo\.hospipay\.ng) +(\S+)$/.exec(line);
    if (match) found.set(match[2]!, match[3]!);
  }
  return found;
}

const signIn = (url: string, email: string, password: string) =>
  fetch(`${url}${API_PATHS.login}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username_or_email: email, password }),
  }).then((res) => res.status);

async function demoHashes(db: Database): Promise<Map<string, string>> {
  const { rows } = await db.query<{ email: string; password_hash: string }>(
    `SELECT email, password_hash FROM users WHERE email = ANY($1::text[])`,
    [EMAILS],
  );
  return new Map(rows.map((row) => [row.email, row.password_hash]));
}

async function allVerify(hashes: Map<string, string>, passwords: Map<string, string>): Promise<boolean[]> {
  return Promise.all(EMAILS.map((email) => verifyPassword(hashes.get(email) ?? null, passwords.get(email) ?? "")));
}

// The embedded database's run: the PGlite lane only (the PostgreSQL lane's copy would repeat it exactly).
if (TEST_DB === "pglite") {
  describe("a newcomer's first start, on the embedded database", () => {
    it("prints the demo accounts as a plain block once ready; demo:passwords refuses while it runs, then gives new ones", async () => {
      const dataDir = await freshDataDir();
      const env = { DATA_DIR: dataDir, UPLOAD_DIR: path.join(dataDir, "uploads") };
      const server = await startServer(env);
      const block = readyBlockOf(server.output());
      // After the start's JSON log lines, none of its own lines is JSON.
      const lines = server.output().split("\n");
      const running = lines.findIndex((line) => line.includes('"msg":"Hospipay is running at'));
      expect(running, server.output()).toBeGreaterThan(-1);
      expect(running).toBeLessThan(lines.indexOf(block[0]!));
      for (const line of block) expect(line.trimStart().startsWith("{"), line).toBe(false);
      expect(block[0]).toBe(`Hospipay is ready at ${server.url} (sandbox mode)`);
      expect(block).toContain("Demo accounts, one per role. The passwords are shown only this once:");
      expect(block).toContain(`Sign in at ${server.url}/login`);
      expect(block).toContain(`E-mails the app sends: ${server.url}/sandbox/mailbox`);
      expect(block.at(-1)).toBe("New demo passwords: stop the server, then run npm run demo:passwords");
      const first = passwordsIn(block);
      expect([...first.keys()]).toEqual(EMAILS);

      // Requests write no line to the console at the default level.
      for (let i = 0; i < 5; i += 1) expect((await fetch(`${server.url}${API_PATHS.health}`)).status).toBe(200);
      expect(await signIn(server.url, EMAILS[0]!, first.get(EMAILS[0]!)!)).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(server.output()).not.toContain("incoming request");
      expect(server.output()).not.toContain("request completed");

      const refused = await demoPasswords(env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("is in use by a running Hospipay server");
      expect(refused.stderr).toContain("Nothing was changed.");
      expect(refused.stdout).not.toMatch(/demo\.hospipay\.ng/);
      expect(await signIn(server.url, EMAILS[1]!, first.get(EMAILS[1]!)!)).toBe(200);
      await server.stop();

      const run = await demoPasswords(env);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      const printed = run.stdout.trim().split("\n");
      expect(printed[0]).toBe("New demo passwords (shown only now):");
      const fresh = passwordsIn(printed);
      expect([...fresh.keys()]).toEqual(EMAILS);
      for (const email of EMAILS) expect(fresh.get(email)).not.toBe(first.get(email));
      expect(existsSync(path.join(dataDir, "server.pid"))).toBe(false);
      const db = await openPglite(path.join(dataDir, "pglite"));
      try {
        const hashes = await demoHashes(db);
        expect(await allVerify(hashes, fresh)).toEqual([true, true, true, true]);
        expect(await allVerify(hashes, first)).toEqual([false, false, false, false]);
      } finally {
        await db.close();
      }

      // A later start lists the accounts without passwords and names the command again.
      const again = await startServer(env);
      try {
        const later = readyBlockOf(again.output());
        expect(later).toContain("Demo accounts, one per role (their passwords were shown when they were created):");
        for (const email of EMAILS) expect(later.some((line) => line.endsWith(` ${email}`))).toBe(true);
        for (const password of fresh.values()) expect(again.output()).not.toContain(password);
        expect(await signIn(again.url, EMAILS[2]!, fresh.get(EMAILS[2]!)!)).toBe(200);
      } finally {
        await again.stop();
      }
    }, 300_000);

    it("says so, and changes nothing, in a database without demo accounts", async () => {
      const dataDir = await freshDataDir();
      const run = await demoPasswords({ DATA_DIR: dataDir });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("This database has no demo accounts");
      expect(run.stdout).toBe("");
    }, 120_000);
  });
}

// The PostgreSQL run exists only when the suite runs against the server (TEST_DB=postgres).
if (TEST_DB === "postgres") {
  describe("demo:passwords on a PostgreSQL server", () => {
    it("gives new passwords while the server runs (nothing to stop): the new ones sign in, the old ones no more", async () => {
      const database = await createServerDatabase("hospipay_demo");
      const db = openPostgres(database.url);
      const dataDir = await freshDataDir();
      const env = { DATA_DIR: dataDir, DATABASE_URL: database.url, UPLOAD_DIR: path.join(dataDir, "uploads") };
      const server = await startServer(env);
      try {
        const block = readyBlockOf(server.output());
        expect(block.at(-1)).toBe("New demo passwords: run npm run demo:passwords");
        const first = passwordsIn(block);
        expect([...first.keys()]).toEqual(EMAILS);
        const run = await demoPasswords(env);
        expect(run.stderr).toBe("");
        expect(run.code).toBe(0);
        const fresh = passwordsIn(run.stdout.split("\n"));
        expect([...fresh.keys()]).toEqual(EMAILS);
        const hashes = await demoHashes(db);
        expect(await allVerify(hashes, fresh)).toEqual([true, true, true, true]);
        expect(await signIn(server.url, EMAILS[3]!, fresh.get(EMAILS[3]!)!)).toBe(200);
        expect(await signIn(server.url, EMAILS[0]!, first.get(EMAILS[0]!)!)).toBe(400);
        expect(existsSync(path.join(dataDir, "pglite"))).toBe(false);
      } finally {
        await server.stop();
        await db.close();
        await database.drop();
      }
    }, 300_000);
  });
}
