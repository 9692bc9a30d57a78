import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startMailCatcher } from "./support/mail-catcher";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function freePort(): Promise<number> {
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
 * Starts what the journeys need: a real SMTP server (the mail catcher) and the whole app as
 * `npm start` runs it, on a fresh embedded database, sending its mail to that SMTP server.
 */
export default async function globalSetup() {
  const catcher = await startMailCatcher();
  const dataDir = await mkdtemp(path.join(tmpdir(), "hospipay-e2e-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const app = spawn(process.execPath, ["--import", "tsx", path.join(root, "apps/api/src/main.ts")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      PUBLIC_URL: baseUrl,
      SMTP_URL: `smtp://127.0.0.1:${catcher.smtpPort}`,
      MAIL_POLL_INTERVAL_MS: "200",
      // Request logs included, so the journeys can prove no secret or token is ever written to them.
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const logFile = path.join(dataDir, "app.log");
  const log = createWriteStream(logFile);
  const collect = (chunk: Buffer) => {
    if (output.length < 1_000_000) output += chunk.toString();
    log.write(chunk);
  };
  app.stdout.on("data", collect);
  app.stderr.on("data", collect);

  const deadline = Date.now() + 90_000;
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
  const demo = Object.fromEntries(
    [...output.matchAll(/^\s+(CUSTOMER|AGENT|ADMIN|SUPERADMIN)\s+(\S+@\S+)\s+(\S+)$/gm)].map((m) => [
      m[1],
      { email: m[2], password: m[3] },
    ]),
  );
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_URL = catcher.httpUrl;
  process.env.E2E_DEMO_ACCOUNTS = JSON.stringify(demo);
  process.env.E2E_APP_LOG = logFile;

  return async () => {
    app.kill("SIGTERM");
    await new Promise((resolve) => app.once("exit", resolve));
    await new Promise((resolve) => log.end(resolve));
    await catcher.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
