import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/** Root of the repository, so relative paths mean the same from any working directory. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

const booleanFromString = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .pipe(z.url().optional())
  .optional();

/**
 * Every setting of the API process, validated once at start. `process.env` is read nowhere else.
 * Defaults are the embedded, offline sandbox mode: no setting is needed to start.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("127.0.0.1"),
  /** Folder of the embedded database (PGlite) and other local state, used when DATABASE_URL is unset. */
  DATA_DIR: z.string().default("./data"),
  /** PostgreSQL server; when unset the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: optionalUrl,
  /** Secret for signing access tokens; when unset one is generated once and kept in the database. */
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(60 * 60 * 12),
  /** Public address of the web app, used in e-mailed links. Defaults to http://localhost:PORT. */
  PUBLIC_URL: optionalUrl,
  /** SMTP server for outgoing mail (smtp://user:pass@host:port); unset keeps mail in the sandbox mailbox. */
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default("Hospipay <no-reply@hospipay.local>"),
  MAIL_POLL_INTERVAL_MS: z.coerce.number().int().min(50).default(1000),
  /** Sandbox mode: serve the offline simulators and seed demo data. */
  SANDBOX: booleanFromString.default(true),
  /** Seed the demo accounts on a fresh database in sandbox mode. */
  SEED_DEMO: booleanFromString.default(true),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Requests per window per client address on each sign-in, registration, verification and reset call. */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
  AUTH_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  /** Folder of the built web app; served with an SPA fallback when it exists. */
  WEB_DIST_DIR: z.string().default(path.join(REPO_ROOT, "apps/web/dist")),
});

export type Env = z.infer<typeof envSchema>;

/** Parses the given variables (process.env by default); throws a readable error on bad configuration. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

/** The data folder as an absolute path (relative paths are taken from the working directory). */
export function resolveDataDir(env: Pick<Env, "DATA_DIR">): string {
  return path.resolve(process.cwd(), env.DATA_DIR);
}

/** The public web address used in e-mails. */
export function publicUrl(env: Pick<Env, "PUBLIC_URL" | "PORT">): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
}
