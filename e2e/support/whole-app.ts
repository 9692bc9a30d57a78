// The whole app started as `npm start` runs it, on a data folder of its own: for the journeys' global
// setup and for `npm run bench:web`. Also the Chromium both drive (Debian's, or CHROMIUM_PATH).
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Debian's Chromium (never a downloaded build). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The flags that run Chromium as root, offline but for the app (add --headless where the launcher does not). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export type DemoAccounts = Record<string, { email: string; password: string }>;

export interface WholeApp {
  app: ChildProcess;
  baseUrl: string;
  /** The demo accounts the app printed at its first start: role → e-mail and password. */
  demo: DemoAccounts;
  stop(): Promise<void>;
}

/** A port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/**
 * Starts apps/api/src/main.ts in production mode on the embedded database in dataDir, with env on top,
 * and resolves once it answers /readyz and has printed its demo accounts. Its output goes to onOutput.
 */
export async function startWholeApp(options: {
  dataDir: string;
  /** The port to listen on (default: a free one). */
  port?: number;
  env?: Record<string, string>;
  onOutput?: (chunk: Buffer) => void;
  timeoutMs?: number;
}): Promise<WholeApp> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const app = spawn(process.execPath, ["--import", "tsx", path.join(root, "apps/api/src/main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: options.dataDir,
      DATABASE_URL: "",
      PUBLIC_URL: baseUrl,
      // The journeys and bench:web open many guest checkouts, and sign many staff in, from 127.0.0.1 (a shard's
      // journeys run one after another on one app; the API suite tests the limits themselves).
      CHECKOUT_RATE_LIMIT_MAX: "100000000",
      AUTH_RATE_LIMIT_MAX: "100000000",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    if (output.length < 1_000_000) output += chunk.toString();
    options.onOutput?.(chunk);
  };
  app.stdout.on("data", collect);
  app.stderr.on("data", collect);
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  for (;;) {
    if (app.exitCode !== null) throw new Error(`the app exited during start-up:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok && /Demo accounts/.test(output)) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the app did not become ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // The demo banner is printed once at first start: role, e-mail, password.
  const demo: DemoAccounts = Object.fromEntries(
    [...output.matchAll(/^\s+(CUSTOMER|AGENT|ADMIN|SUPERADMIN)\s+(\S+@\S+)\s+(\S+)$/gm)].map((m) => [
      m[1]!,
      { email: m[2]!, password: m[3]! },
    ]),
  );
  const exited = new Promise<void>((resolve) => app.once("exit", () => resolve()));
  return {
    app,
    baseUrl,
    demo,
    async stop() {
      if (app.exitCode === null && app.signalCode === null) app.kill("SIGTERM");
      await exited;
    },
  };
}
