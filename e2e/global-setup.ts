import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { startMailCatcher } from "./support/mail-catcher";
import { startWholeApp } from "./support/whole-app";

/**
 * Starts what the journeys need: a real SMTP server (the mail catcher) and the whole app as
 * `npm start` runs it, on a fresh embedded database, sending its mail to that SMTP server.
 */
export default async function globalSetup() {
  const catcher = await startMailCatcher();
  const dataDir = await mkdtemp(path.join(tmpdir(), "hospipay-e2e-"));
  const logFile = path.join(dataDir, "app.log");
  const log = createWriteStream(logFile);
  const { baseUrl, demo, stop } = await startWholeApp({
    dataDir,
    // scripts/e2e.mjs gives each shard a port of its own; otherwise any free one.
    port: process.env.E2E_APP_PORT ? Number(process.env.E2E_APP_PORT) : undefined,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${catcher.smtpPort}`,
      MAIL_POLL_INTERVAL_MS: "200",
      // Request logs included, so the journeys can prove no secret or token is ever written to them.
      LOG_LEVEL: "info",
      REQUEST_LOG_LEVEL: "info",
      // Every journey's browser and request context calls the gateway callback from this one address.
      CALLBACK_RATE_LIMIT_MAX: "10000",
      // The journeys sign in as the same demo staff accounts many times within 15 minutes; the per-account
      // sign-in limit itself is tested in the API suite (rate-limits.test.ts).
      AUTH_ACCOUNT_RATE_LIMIT_MAX: "1000",
      // Rate-limit counters in this app's own database, never in a Redis another run (shard) shares.
      REDIS_URL: "",
    },
    onOutput: (chunk) => log.write(chunk),
  });
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_URL = catcher.httpUrl;
  process.env.E2E_DEMO_ACCOUNTS = JSON.stringify(demo);
  process.env.E2E_APP_LOG = logFile;

  return async () => {
    await stop();
    await new Promise((resolve) => log.end(resolve));
    await catcher.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
