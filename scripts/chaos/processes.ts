// Child processes of a chaos run (the API, the standalone sandbox, a private PostgreSQL cluster) and
// their clean-up: every child is registered, and whatever is still running when the runner exits,
// fails or is interrupted is stopped by its own pid, never by name.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chownSync,
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SANDBOX_CREDENTIALS, type SandboxCredentials } from "@hospipay/sandbox";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Every child still running, with the signal it gets when the runner exits. */
const live = new Map<ChildProcess, NodeJS.Signals>();
const cleanups: Array<() => void> = [];

/** Runs at exit (normal, error or signal): its exit signal to every child still alive, then the other clean-ups. */
export function cleanUpNow(): void {
  for (const [child, signal] of live) {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      try {
        process.kill(child.pid, signal);
      } catch {
        // already gone
      }
    }
  }
  live.clear();
  while (cleanups.length > 0) {
    try {
      cleanups.pop()!();
    } catch {
      // best effort
    }
  }
}

/** Registers something to undo at exit (a private cluster to stop, a folder to remove). */
export function onCleanUp(fn: () => void): void {
  cleanups.push(fn);
}

let installed = false;
/** Installs the exit handlers once: the runner's children never outlive it. */
export function installCleanUpHandlers(): void {
  if (installed) return;
  installed = true;
  process.on("exit", cleanUpNow);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping the chaos run's processes`);
      cleanUpNow();
      process.exit(130);
    });
  }
}

/** The folder of this run's logs and private cluster. */
export const RUN_DIR = mkdtempSync(path.join(tmpdir(), "hospipay-chaos-"));

export interface Child {
  readonly name: string;
  /** Where its output goes. */
  readonly log: string;
  readonly process: ChildProcess;
  readonly pid: number;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive(): boolean;
  /** SIGKILL now, then wait for the exit. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL after graceMs. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Spawns `command args` in the repository's folder, output appended to RUN_DIR/<logName>.log. At the
 * runner's exit a child still alive gets `exitSignal` (SIGKILL unless given: nginx's master takes SIGTERM,
 * so that it stops its own workers).
 */
export function spawnProcess(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  logName = name,
  exitSignal: NodeJS.Signals = "SIGKILL",
): Child {
  const logPath = path.join(RUN_DIR, `${logName}.log`);
  const log = openSync(logPath, "a");
  const child = spawn(command, args, {
    cwd: ROOT,
    stdio: ["ignore", log, log],
    env: { ...process.env, ...env },
  });
  closeSync(log);
  live.set(child, exitSignal);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => {
      live.delete(child);
      resolve({ code, signal });
    }),
  );
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    name,
    log: logPath,
    process: child,
    pid: child.pid ?? 0,
    exited,
    alive,
    async kill() {
      if (alive()) child.kill("SIGKILL");
      await exited;
    },
    async stop(graceMs = 10_000) {
      if (!alive()) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => alive() && child.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Spawns node (with nodeArgs) with tsx on a TypeScript entry, output appended to RUN_DIR/<logName>.log. */
export function spawnNode(
  name: string,
  entry: string,
  env: Record<string, string>,
  logName = name,
  nodeArgs: string[] = [],
): Child {
  return spawnProcess(name, process.execPath, [...nodeArgs, "--import", "tsx", entry], env, logName);
}

/** Polls url until it answers 2xx, the child exits, or timeoutMs passes. */
export async function waitForHttp(url: string, child: Child, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!child.alive()) throw new Error(`${child.name} exited before it was ready (see ${child.log})`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${child.name} was not ready within ${timeoutMs / 1000} s (see ${child.log})`);
    await sleep(100);
  }
}

/**
 * This run's secrets, shared by every API process and the standalone sandbox: production mode refuses to
 * start on the sandbox's published ones. Identifiers and publishable keys stay the sandbox's.
 */
export const RUN_CREDENTIALS: SandboxCredentials = {
  catalogueToken: `chaos-catalogue-${randomBytes(8).toString("hex")}`,
  remita: { ...SANDBOX_CREDENTIALS.remita, apiKey: `chaos-remita-${randomBytes(8).toString("hex")}` },
  monnify: {
    ...SANDBOX_CREDENTIALS.monnify,
    apiKey: `MK_CHAOS_${randomBytes(6).toString("hex").toUpperCase()}`,
    secretKey: `chaos-monnify-${randomBytes(16).toString("hex")}`,
  },
  paystack: { ...SANDBOX_CREDENTIALS.paystack, secretKey: `sk_test_chaos_${randomBytes(16).toString("hex")}` },
  termii: { apiKey: `chaos-termii-${randomBytes(8).toString("hex")}` },
};

/** Signs this run's access tokens in every API process (a restarted API keeps accepting the earlier ones). */
const RUN_JWT_SECRET = randomBytes(32).toString("hex");

export interface ApiSettings {
  port: number;
  databaseUrl: string;
  sandboxUrl: string;
  /** The standalone sandbox's SMTP sink (startSandbox's smtpPort). */
  smtpPort: number;
  /** Extra or overriding environment. */
  env?: Record<string, string>;
}

/** The environment of the API process: production mode, every party pointed at the standalone sandbox. */
export function apiEnv(settings: ApiSettings): Record<string, string> {
  const sandbox = `${settings.sandboxUrl}/sandbox`;
  return {
    NODE_ENV: "production",
    PORT: String(settings.port),
    HOST: "127.0.0.1",
    DATABASE_URL: settings.databaseUrl,
    LOG_LEVEL: "warn",
    // Like production: no in-process simulators; the parties are reached over HTTP at these addresses.
    SANDBOX: "false",
    SEED_DEMO: "false",
    CATALOGUE_BASE_URL: `${sandbox}/provider`,
    REMITA_BASE_URL: `${sandbox}/remita`,
    MONNIFY_BASE_URL: `${sandbox}/monnify`,
    PAYSTACK_BASE_URL: `${sandbox}/paystack`,
    PAYSTACK_SCRIPT_URL: `${sandbox}/paystack/v2/inline.js`,
    SMS_BASE_URL: `${sandbox}/termii`,
    CATALOGUE_TOKEN: RUN_CREDENTIALS.catalogueToken,
    REMITA_API_KEY: RUN_CREDENTIALS.remita.apiKey,
    MONNIFY_API_KEY: RUN_CREDENTIALS.monnify.apiKey,
    MONNIFY_SECRET_KEY: RUN_CREDENTIALS.monnify.secretKey,
    PAYSTACK_SECRET_KEY: RUN_CREDENTIALS.paystack.secretKey,
    SMS_API_KEY: RUN_CREDENTIALS.termii.apiKey,
    JWT_SECRET: RUN_JWT_SECRET,
    HOSPITAL_ACCOUNT_NUMBER: "1234509876",
    PUBLIC_URL: `http://127.0.0.1:${settings.port}`,
    SMTP_URL: `smtp://127.0.0.1:${settings.smtpPort}`,
    PAYMENT_RECHECK_INTERVAL_MS: "1000",
    GATEWAY_TIMEOUT_MS: "2000",
    AUTH_RATE_LIMIT_MAX: "100000",
    LOOKUP_RATE_LIMIT_MAX: "100000",
    CHECKOUT_RATE_LIMIT_MAX: "100000",
    // The simulated browsers' callbacks all come from this machine's address.
    CALLBACK_RATE_LIMIT_MAX: "100000",
    MAIL_POLL_INTERVAL_MS: "1000",
    WEB_DIST_DIR: path.join(RUN_DIR, "no-web-build"),
    DATA_DIR: path.join(RUN_DIR, "data"),
    ...settings.env,
  };
}

/** The real server entry (apps/api/src/main.ts) as its own process, as `npm start` runs it. */
export async function startApi(settings: ApiSettings, logName = "api"): Promise<Child> {
  const child = spawnNode("api", path.join(ROOT, "apps/api/src/main.ts"), apiEnv(settings), logName);
  await waitForHttp(`http://127.0.0.1:${settings.port}/readyz`, child);
  return child;
}

/**
 * The simulators as their own process (scripts/chaos/sandbox-server.ts), sending webhooks to apiUrl and
 * checking RUN_CREDENTIALS, with an SMTP sink on smtpPort for the API's mail.
 */
export async function startSandbox(port: number, smtpPort: number, apiUrl: string, logName = "sandbox"): Promise<Child> {
  const child = spawnNode(
    "sandbox",
    path.join(ROOT, "scripts/chaos/sandbox-server.ts"),
    {
      CHAOS_SANDBOX_PORT: String(port),
      CHAOS_SMTP_PORT: String(smtpPort),
      CHAOS_API_URL: apiUrl,
      CHAOS_CREDENTIALS: JSON.stringify(RUN_CREDENTIALS),
    },
    logName,
  );
  await waitForHttp(`http://127.0.0.1:${port}/_chaos/health`, child);
  return child;
}

// ---------------------------------------------------------------------------------------------------
// A private PostgreSQL cluster: restarting the machine's shared server would cut every other user's
// connections (other engineers' test runs), so the restart scenario runs on a cluster of its own, made
// with the same PostgreSQL binaries, on its own port, removed at the end.

/** The folder holding initdb, pg_ctl and postgres, or null when PostgreSQL's binaries are not installed. */
export function findPostgresBinaries(): string | null {
  const fromConfig = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" });
  const candidates: string[] = [];
  if (fromConfig.status === 0) candidates.push(fromConfig.stdout.trim());
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    for (const version of readdirSync(debian).sort((a, b) => Number(b) - Number(a)))
      candidates.push(path.join(debian, version, "bin"));
  }
  return candidates.find((dir) => ["initdb", "pg_ctl", "postgres"].every((bin) => existsSync(path.join(dir, bin)))) ?? null;
}

export interface PrivateCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  serverUrl: string;
  port: number;
  /**
   * Stops the server, "fast" (sessions terminated, clean shutdown) or "immediate" (as a crash: recovery
   * at the next start), keeps it down for downMs, and starts it again.
   */
  restart(mode: "fast" | "immediate", downMs: number): Promise<{ downMs: number }>;
  stop(): void;
}

function pgUserIds(): { uid: number; gid: number } | null {
  const id = (flag: string) => spawnSync("id", [flag, "postgres"], { encoding: "utf8" });
  const uid = id("-u");
  const gid = id("-g");
  return uid.status === 0 && gid.status === 0 ? { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) } : null;
}

/**
 * initdb + pg_ctl start of a throwaway cluster on a free port (trust auth, user postgres). As root the
 * server runs as the postgres account (PostgreSQL refuses root). Returns null, with the reason, when
 * this machine cannot run one.
 */
export async function startPrivateCluster(): Promise<PrivateCluster | { unavailable: string }> {
  const bin = findPostgresBinaries();
  if (!bin) return { unavailable: "PostgreSQL's server binaries (initdb, pg_ctl) are not installed" };
  const isRoot = process.getuid?.() === 0;
  const owner = isRoot ? pgUserIds() : null;
  if (isRoot && !owner) return { unavailable: "running as root and there is no postgres account to run a server as" };
  // A folder of its own, owned by the account the server runs as (RUN_DIR is private to this user).
  const base = mkdtempSync(path.join(tmpdir(), "hospipay-chaos-pg-"));
  onCleanUp(() => rmSync(base, { recursive: true, force: true }));
  const dir = path.join(base, "data");
  const socketDir = path.join(base, "socket");
  const logFile = path.join(RUN_DIR, "pg-server.log");
  const serverLog = path.join(base, "server.log");
  for (const folder of [dir, socketDir]) mkdirSync(folder);
  writeFileSync(serverLog, "");
  if (owner) for (const item of [base, dir, socketDir, serverLog]) chownSync(item, owner.uid, owner.gid);
  const port = await freePort();
  const run = (tool: string, args: string[]) => {
    const command = path.join(bin, tool);
    const result = owner
      ? spawnSync("runuser", ["-u", "postgres", "--", command, ...args], { encoding: "utf8" })
      : spawnSync(command, args, { encoding: "utf8" });
    return {
      ok: result.status === 0,
      output: `${result.stdout ?? ""}${result.stderr ?? ""}${result.error ? String(result.error) : ""}`,
    };
  };
  const init = run("initdb", ["-D", dir, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8", "--locale=C"]);
  if (!init.ok) return { unavailable: `initdb failed: ${init.output.trim().split("\n").slice(-3).join(" ")}` };
  const options = `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60 -c shared_buffers=64MB`;
  const ctl = (args: string[]) => run("pg_ctl", ["-D", dir, "-l", serverLog, "-o", options, "-w", "-t", "60", ...args]);
  const started = ctl(["start"]);
  if (!started.ok) return { unavailable: `pg_ctl start failed: ${started.output.trim()}` };
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    run("pg_ctl", ["-D", dir, "-m", "immediate", "-w", "stop"]);
    try {
      copyFileSync(serverLog, logFile);
    } catch {
      // the server's own log is a convenience only
    }
    rmSync(base, { recursive: true, force: true });
  };
  onCleanUp(stop);
  return {
    serverUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async restart(mode, downMs) {
      const began = Date.now();
      // pg_ctl blocks; it runs as a child so that the event loop (the load) keeps going meanwhile.
      const ctlAsync = (args: string[]) =>
        new Promise<void>((resolve, reject) => {
          const command = path.join(bin, "pg_ctl");
          const full = ["-D", dir, "-l", serverLog, "-o", options, "-w", "-t", "60", ...args];
          const child = owner
            ? spawn("runuser", ["-u", "postgres", "--", command, ...full], { stdio: "ignore" })
            : spawn(command, full, { stdio: "ignore" });
          child.once("exit", (code) =>
            code === 0 ? resolve() : reject(new Error(`pg_ctl ${args.join(" ")} exited with ${code}`)),
          );
          child.once("error", reject);
        });
      await ctlAsync(["-m", mode, "stop"]);
      await sleep(downMs);
      await ctlAsync(["start"]);
      return { downMs: Date.now() - began };
    },
    stop,
  };
}
