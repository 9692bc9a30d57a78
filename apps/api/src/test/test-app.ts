import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Role } from "@hospipay/contract";
import { inject } from "vitest";
import { buildApp, type AppContext } from "../app";
import { stopBackgroundWork } from "../background";
import { openPglite, openPostgres, type Database } from "../db/database";
import { migrate } from "../db/migrate";
import { loadEnv, type Env } from "../env";
import { createVerifiedUser } from "../modules/accounts";
import { StaffDeskRepository, type StaffDeskRights } from "../modules/staff-desk";

/** Which database the API suite runs on: PGlite (default) or the server at TEST_DATABASE_URL. */
export const TEST_DB = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

/**
 * A new database on the PostgreSQL server at TEST_DATABASE_URL, named after `prefix`: empty, or a copy
 * of `template`. `drop` removes it (after closing whatever the caller opened on it).
 */
export async function createServerDatabase(
  prefix = "hospipay_test",
  options: { template?: string } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = openPostgres(adminUrl, { max: 1 });
  await admin.query(options.template ? `CREATE DATABASE ${name} TEMPLATE ${options.template}` : `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

let migratedTarball: Promise<Blob> | null = null;

/**
 * A fresh, migrated database for one test file: an in-memory PGlite loaded from the migrated tarball of
 * the project's global setup (migrated-database.ts), or a new database on the PostgreSQL server created
 * from its migrated template (dropped again by the returned cleanup). `migrate` runs on the copy too.
 */
export async function createTestDatabase(): Promise<{ db: Database; drop: () => Promise<void> }> {
  const migrated = inject("migratedDatabase");
  if (TEST_DB === "pglite") {
    if (migrated?.kind !== "pglite") throw new Error("the API project's global setup made no migrated PGlite database");
    migratedTarball ??= readFile(migrated.tarball).then((bytes) => new Blob([bytes]));
    const db = await openPglite("memory://", { loadDataDir: await migratedTarball });
    await migrate(db);
    return { db, drop: () => db.close() };
  }
  if (migrated?.kind !== "postgres") throw new Error("the API project's global setup made no migrated template database");
  const server = await createServerDatabase("hospipay_test", { template: migrated.template });
  const db = openPostgres(server.url);
  await migrate(db);
  return {
    db,
    drop: async () => {
      await db.close();
      await server.drop();
    },
  };
}

export interface TestApp extends AppContext {
  /** Where the app listens. */
  url: string;
  /** Runs the mail worker once and returns the sandbox mailbox, newest first. */
  mailbox(): Promise<Array<{ to: string; subject: string; text: string; qr: string | null; sent_at: string }>>;
  close(): Promise<void>;
}

/** Test settings: quiet logs, generous rate limits, no web build, sandbox on. */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    SANDBOX: "true",
    AUTH_RATE_LIMIT_MAX: "10000",
    AUTH_ACCOUNT_RATE_LIMIT_MAX: "10000",
    CHECKOUT_RATE_LIMIT_MAX: "10000",
    CALLBACK_RATE_LIMIT_MAX: "10000",
    // The suite pays between two asks about a payment and expects the second to see it: its tests of the
    // cool-down set one (GatewayQueries still shares a query in flight).
    GATEWAY_QUERY_COOLDOWN_MS: "0",
    WEB_DIST_DIR: "/nonexistent-web-dist",
    PUBLIC_URL: "http://hospipay.test",
    UPLOAD_DIR: path.join(tmpdir(), `hospipay-test-uploads-${process.pid}`),
    ...overrides,
  });
}

/**
 * Overrides for an app in production mode (SANDBOX=false): every outside party and secret configured,
 * as a deploy must. The parties' addresses are never called by the tests that use this; the mail worker
 * is not started, so the SMTP address is never dialled either.
 */
export function productionSettings(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    SANDBOX: "false",
    CATALOGUE_BASE_URL: "https://catalogue.example.invalid",
    REMITA_BASE_URL: "https://remita.example.invalid",
    MONNIFY_BASE_URL: "https://monnify.example.invalid",
    PAYSTACK_BASE_URL: "https://paystack.example.invalid",
    PAYSTACK_SCRIPT_URL: "https://paystack.example.invalid/v2/inline.js",
    SMS_BASE_URL: "https://sms.example.invalid",
    CATALOGUE_TOKEN: `catalogue-${randomBytes(8).toString("hex")}`,
    REMITA_API_KEY: `remita-${randomBytes(8).toString("hex")}`,
    MONNIFY_API_KEY: `MK_PROD_${randomBytes(8).toString("hex")}`,
    MONNIFY_SECRET_KEY: `monnify-${randomBytes(16).toString("hex")}`,
    PAYSTACK_SECRET_KEY: `sk_live_${randomBytes(16).toString("hex")}`,
    SMS_API_KEY: `termii-${randomBytes(8).toString("hex")}`,
    SMTP_URL: "smtp://127.0.0.1:2525",
    JWT_SECRET: randomBytes(32).toString("hex"),
    HOSPITAL_ACCOUNT_NUMBER: "1234509876",
    ...overrides,
  };
}

/** Builds the whole API on a fresh database. The mail worker is not started: tests drain it. */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: { logStream?: NodeJS.WritableStream; database?: Database } = {},
): Promise<TestApp> {
  const own = options.database ? null : await createTestDatabase();
  const db = options.database ?? own!.db;
  // The app listens on a real port: its gateway adapters reach the sandbox simulators it serves over
  // real HTTP, and the simulators send their webhooks back to it, as in production.
  const port = overrides.PORT ?? String(await freePort());
  const ctx = await buildApp(testEnv({ PORT: port, ...overrides }), db, { logStream: options.logStream });
  await ctx.app.listen({ port: Number(port), host: "127.0.0.1" });
  ctx.services.reservedAccounts.start();
  return {
    url: `http://127.0.0.1:${port}`,
    ...ctx,
    async mailbox() {
      await ctx.mailWorker.flush();
      return ctx.repositories.mail.listSandboxMail(100);
    },
    async close() {
      await ctx.app.close();
      await stopBackgroundWork(ctx);
      if (own) await own.drop();
    },
  };
}

/** A port nothing listens on right now. */
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

let sequence = 0;

/** Creates a verified user of the given role and signs them in. */
export async function buildUser(
  t: AppContext,
  overrides: Partial<{
    role: Role;
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    phoneNumber: string;
  }> = {},
): Promise<{ id: number; email: string; password: string; token: string; role: Role }> {
  sequence += 1;
  const role = overrides.role ?? "CUSTOMER";
  const email = overrides.email ?? `${role.toLowerCase()}${sequence}-${randomBytes(3).toString("hex")}@example.ng`;
  const password = overrides.password ?? `pass-${randomBytes(6).toString("hex")}`;
  const user = await t.db.transaction((tx) =>
    createVerifiedUser(
      t.repositories.users,
      {
        email,
        password,
        firstName: overrides.firstName ?? "Chioma",
        lastName: overrides.lastName ?? "Adeyemi",
        phoneNumber: overrides.phoneNumber ?? "08031234567",
        role,
      },
      tx,
    ),
  );
  if (!user) throw new Error(`buildUser: ${email} exists`);
  const token = await t.services.tokens.issue({ userId: user.id, role, version: user.tokenVersion });
  return { id: user.id, email, password, token, role };
}

/**
 * Gives a staff member desk rights as a super admin would (PUT /api/staff/users/{id}/desk/ without the
 * request or its audit entry): departments as the catalogue names them, giving items unless told otherwise.
 */
export async function grantDesk(t: AppContext, userId: number, rights: Partial<StaffDeskRights>): Promise<void> {
  const desks = new StaffDeskRepository(t.db);
  await desks.save(
    t.db,
    userId,
    {
      departments: rights.departments ?? [],
      collectsMoney: rights.collectsMoney ?? false,
      givesItems: rights.givesItems ?? true,
      waiverLimitKobo: rights.waiverLimitKobo ?? null,
    },
    userId,
  );
}

/** Shorthand for a JSON request through Fastify's injector. */
export async function call(
  t: AppContext,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  body?: unknown,
  token?: string,
) {
  const response = await t.app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
  let json: Record<string, unknown> = {};
  try {
    json = response.json();
  } catch {
    // not JSON
  }
  return { status: response.statusCode, json, headers: response.headers, text: response.body };
}

/** The 6-digit code in the newest verification mail to an address. */
export function codeFrom(mails: Array<{ to: string; subject: string; text: string }>, to: string): string {
  const mail = mails.find((m) => m.to === to && /verification code/i.test(m.subject));
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no verification code mailed to ${to}`);
  return code;
}
