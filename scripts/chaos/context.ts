import { openPostgres, type Database } from "../../apps/api/src/db/database";
import { migrate } from "../../apps/api/src/db/migrate";
import { freePort, startApi, startSandbox, type Child } from "./processes";
import type { Endpoints } from "./world";

/** The database a scenario runs on: its URL (for the API process) and the runner's own pool on it. */
export interface ChaosDatabase {
  url: string;
  db: Database;
}

export function databaseUrlOn(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Drops and creates `database` on the server at serverUrl (its sessions are ended first), then migrates it. */
export async function freshDatabase(serverUrl: string, database: string): Promise<ChaosDatabase> {
  const admin = openPostgres(serverUrl, { max: 1 });
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${database}`);
  } finally {
    await admin.close();
  }
  const url = databaseUrlOn(serverUrl, database);
  const db: Database = openPostgres(url, { max: 4 });
  await migrate(db);
  return { url, db };
}

/** An API process and its standalone sandbox, on ports of their own. */
export interface Stack {
  at: Endpoints;
  apiPort: number;
  api: Child;
  sandbox: Child;
  databaseUrl: string;
  apiEnv: Record<string, string>;
  /** Starts the API again on the same port (after a kill). */
  restartApi(logName?: string): Promise<Child>;
  stop(): Promise<void>;
}

/**
 * The chaos customers fund their wallets with millions of naira, unverified: the KYC tier caps (issue 22,
 * their own tests) are lifted for tier 1 here, so a scenario measures what it is about.
 */
export const UNCAPPED_TIER1 = { KYC_TIER1_MAX_CREDIT_NAIRA: "10000000", KYC_TIER1_MAX_BALANCE_NAIRA: "none" };

export async function startStack(databaseUrl: string, label: string, extraEnv: Record<string, string> = {}): Promise<Stack> {
  const apiEnv = { ...UNCAPPED_TIER1, ...extraEnv };
  const apiPort = await freePort();
  const sandboxPort = await freePort();
  const smtpPort = await freePort();
  const at: Endpoints = { api: `http://127.0.0.1:${apiPort}`, sandbox: `http://127.0.0.1:${sandboxPort}` };
  const sandbox = await startSandbox(sandboxPort, smtpPort, at.api, `${label}-sandbox`);
  const settings = { port: apiPort, databaseUrl, sandboxUrl: at.sandbox, smtpPort, env: apiEnv };
  let api: Child;
  try {
    api = await startApi(settings, `${label}-api`);
  } catch (error) {
    await sandbox.kill();
    throw error;
  }
  const stack: Stack = {
    at,
    apiPort,
    api,
    sandbox,
    databaseUrl,
    apiEnv,
    async restartApi(logName = `${label}-api`) {
      stack.api = await startApi(settings, logName);
      return stack.api;
    },
    async stop() {
      await stack.api.stop();
      await sandbox.stop();
    },
  };
  return stack;
}
