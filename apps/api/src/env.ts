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

/** A cap in whole naira, or "" / "none" for no cap (null). */
const optionalNaira = z.union([z.number(), z.string()]).transform((value, ctx): number | null => {
  const text = String(value).trim();
  if (text === "" || text === "none") return null;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 1) {
    ctx.addIssue({ code: "custom", message: "must be a whole number of naira (1 or more), or empty for no cap" });
    return z.NEVER;
  }
  return n;
});

/** A rate-limit window: one second to one day (the database store drops counters older than a day). */
const rateWindowMs = z.coerce.number().int().min(1000).max(86_400_000);

/** Fastify's trustProxy: false, true, a hop count, or the trusted addresses / CIDR ranges. */
const trustProxySetting = z
  .string()
  .trim()
  .optional()
  .transform((value): boolean | number | string[] => {
    if (value === undefined || value === "" || value === "false" || value === "0") return false;
    if (value === "true") return true;
    if (/^\d+$/.test(value)) return Number(value);
    return value
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
  });

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
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(60 * 60 * 12),
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
  /**
   * The level of the two lines each request writes ("incoming request", "request completed"); unset, debug in
   * sandbox mode (a readable console: set LOG_LEVEL=debug to see them) and info otherwise.
   */
  REQUEST_LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace"]).optional(),
  /**
   * Brute-force limits (see plugins/rate-limits.ts). Each limited route counts every request twice: per
   * client address and per account the request names, each in its own fixed window. Sign-in,
   * registration, verification, reset and password change use the AUTH_* budgets.
   */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
  AUTH_RATE_LIMIT_WINDOW_MS: rateWindowMs.default(60_000),
  AUTH_ACCOUNT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  AUTH_ACCOUNT_RATE_LIMIT_WINDOW_MS: rateWindowMs.default(15 * 60_000),
  /** Redis shared by every API process for the rate-limit counters; unset keeps them in the database. */
  REDIS_URL: optionalUrl.refine(
    (value) => value === undefined || /^rediss?:\/\//.test(value),
    "must be a redis:// or rediss:// URL",
  ),
  /** Longest wait for Redis on one request; past it (or with Redis down) limited routes answer 503. */
  REDIS_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** Prefix of every rate-limit key, in Redis and in the rate_counters table. */
  RATE_LIMIT_KEY_PREFIX: z
    .string()
    .trim()
    .regex(/^[\w:.-]{1,64}$/, "letters, digits, _ : . - only")
    .default("hospipay:rl:"),
  /**
   * Which proxies' X-Forwarded-For to believe for the client address: unset or false (the socket's
   * address), true (any), a hop count, or a comma-separated list of addresses / CIDR ranges.
   */
  TRUST_PROXY: trustProxySetting,
  /** Hospital catalogue provider (organisation 203); defaults to the sandbox simulator of this process. */
  CATALOGUE_BASE_URL: optionalUrl,
  CATALOGUE_TOKEN: z.string().min(1).default("sandbox-provider-token-203"),
  /** Remita host (the API paths and the inline script live under it); defaults to the sandbox. */
  REMITA_BASE_URL: optionalUrl,
  REMITA_MERCHANT_ID: z.string().min(1).default("2547916"),
  REMITA_SERVICE_TYPE_ID: z.string().min(1).default("4430731"),
  REMITA_API_KEY: z.string().min(1).default("1946"),
  REMITA_PUBLIC_KEY: z.string().min(1).default("pk_sandbox_remita_hospipay"),
  /** Monnify API base; defaults to the sandbox. */
  MONNIFY_BASE_URL: optionalUrl,
  MONNIFY_API_KEY: z.string().min(1).default("MK_TEST_HOSPIPAY"),
  MONNIFY_SECRET_KEY: z.string().min(1).default("sandbox-monnify-secret-hospipay"),
  MONNIFY_CONTRACT_CODE: z.string().min(1).default("7059707855"),
  /** Paystack API base and inline script; default to the sandbox. */
  PAYSTACK_BASE_URL: optionalUrl,
  PAYSTACK_SCRIPT_URL: optionalUrl,
  PAYSTACK_SECRET_KEY: z.string().min(1).default("sk_test_hospipay_sandbox"),
  PAYSTACK_PUBLIC_KEY: z.string().min(1).default("pk_test_hospipay_sandbox"),
  /** SMS provider (Termii's API: POST {base}/api/sms/send); defaults to the sandbox's phone simulator. */
  SMS_BASE_URL: optionalUrl,
  SMS_API_KEY: z.string().min(1).default("sandbox-termii-key-hospipay"),
  /** The sender ID messages come from, as registered with the provider: 3 to 11 letters or digits. */
  SMS_SENDER_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{3,11}$/, "3 to 11 letters or digits")
    .default("Hospipay"),
  /**
   * Termii's route for every message (all are transactional: codes, receipts, bill links, refunds): "dnd", the
   * transactional route that reaches numbers on Do-Not-Disturb at any hour (activated per account by Termii);
   * "generic" is the promotional route, which skips DND numbers, is blocked by MTN at night and fails codes.
   */
  SMS_CHANNEL: z.enum(["dnd", "generic"]).default("dnd"),
  /**
   * The most SMS sent to one number within any hour; further receipts, bill links and refunds wait in the
   * outbox until the hour allows them, a further verification code is dropped.
   */
  SMS_PER_NUMBER_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(8),
  /**
   * Verification codes by SMS, the one message anyone can ask for without paying or signing in: at most this
   * many queued to one number within an hour, however many accounts name it; a code over it is not queued.
   */
  SMS_CODES_PER_NUMBER_PER_HOUR: z.coerce.number().int().min(1).max(100).default(3),
  /** At most this many verification codes queued by SMS within an hour, to every number together; past it none is. */
  SMS_CODES_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(100),
  /** The hospital's name and address as the desk's printed slips head them (receipts, bill slips, shift reports). */
  HOSPITAL_NAME: z.string().trim().min(1).max(120).default("Federal Teaching Hospital"),
  HOSPITAL_ADDRESS: z.string().trim().max(200).default("1 Hospital Road, Ikeja, Lagos"),
  /** The hospital's own account for direct bank transfers (confirmed by staff). */
  HOSPITAL_BANK_NAME: z.string().default("First Bank of Nigeria"),
  HOSPITAL_ACCOUNT_NAME: z.string().default("Federal Teaching Hospital Revenue Account"),
  HOSPITAL_ACCOUNT_NUMBER: z.string().default("2034567891"),
  /** Timeout of every call to an outside party. */
  GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** A gateway payment not paid within this many minutes is closed as expired. */
  PAYMENT_TTL_MINUTES: z.coerce.number().int().min(1).default(60),
  /** An ADMIN's refund of more than this many naira waits for a SUPERADMIN's approval. */
  REFUND_APPROVAL_THRESHOLD_NAIRA: z.coerce.number().int().min(0).default(50_000),
  /**
   * An AGENT's bank-transfer confirmation with more than this many naira above the amount due waits for an
   * ADMIN's or SUPERADMIN's approval and settles nothing until then; within it, the excess settles at once
   * as an overpayment owed back to the payer.
   */
  TRANSFER_EXCESS_TOLERANCE_NAIRA: z.coerce.number().int().min(0).default(1_000),
  /** A drawer counted further than this from what it should hold waits for an admin's sign-off (issue 36). */
  DRAWER_VARIANCE_LIMIT_NAIRA: z.coerce.number().int().min(0).default(100),
  /** The least a part of a bill may be, in naira (unless less than that is left to pay). */
  BILL_MIN_PART_NAIRA: z.coerce.number().int().min(1).default(500),
  /**
   * How long (ms) a signed-in user's row (role, token version, active) answers the access check before it is
   * read again (SignedInCache): a revocation takes effect at once in the process that made it and within
   * this time in the others. 0 (the default) reads it on every request.
   */
  AUTH_USER_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /**
   * How many MB of staff filter pages the API keeps to answer again while nothing they show has changed (as
   * much again for the patient searches)
   * (ChangeCountCache; each answer is still checked against the database). 0 keeps none.
   */
  STAFF_PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /**
   * Whether this process runs the background work (outbox sending, payment re-queries, sweeps, folding,
   * purges, the periodic ledger check): "on" (the default, one process does everything) or "off" (an API
   * replica that only answers requests). Several "on" processes share the work: outbox messages and payments
   * are leased one by one, and each housekeeping job runs on the holder of its lease (table job_leases).
   */
  WORKERS: z.enum(["on", "off"]).default("on"),
  /** How often the worker role checks the whole ledger and records the outcome (ledger_checks). */
  LEDGER_CHECK_INTERVAL_MS: z.coerce.number().int().min(1000).max(86_400_000).default(3_600_000),
  /** How often the worker looks for pending gateway payments to re-query. */
  PAYMENT_RECHECK_INTERVAL_MS: z.coerce.number().int().min(100).default(15_000),
  /**
   * KYC tier caps in naira (docs/decisions/kyc-tiers.md): the largest single credit and the largest balance a
   * wallet of each tier may reach. An empty balance cap is none. Tier 1 is also every unverified customer.
   */
  KYC_TIER1_MAX_CREDIT_NAIRA: z.coerce.number().int().min(1).default(50_000),
  KYC_TIER1_MAX_BALANCE_NAIRA: optionalNaira.default(300_000),
  KYC_TIER2_MAX_CREDIT_NAIRA: z.coerce.number().int().min(1).default(100_000),
  KYC_TIER2_MAX_BALANCE_NAIRA: optionalNaira.default(500_000),
  KYC_TIER3_MAX_CREDIT_NAIRA: z.coerce.number().int().min(1).default(5_000_000),
  KYC_TIER3_MAX_BALANCE_NAIRA: optionalNaira.default(null),
  /** Wait after a failed reservation of a customer's account, doubled after each further failure (up to an hour). */
  RESERVED_ACCOUNT_RETRY_SECONDS: z.coerce.number().int().min(0).max(3_600).default(60),
  /**
   * How long (ms) the answer of a gateway status query about a payment answers every further ask about it
   * from the callback, the status page and unsigned notifications, instead of a new query (GatewayQueries).
   * The worker's re-query and signed webhooks always ask anew; a payment asked about within this time is due
   * for the worker when it ends. 0 only shares a query still in flight.
   */
  GATEWAY_QUERY_COOLDOWN_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Gateway callbacks (GET /api/express/callback/top-up/{gateway}/) per client address in each window. */
  CALLBACK_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
  CALLBACK_RATE_LIMIT_WINDOW_MS: rateWindowMs.default(60_000),
  /** Public transaction look-ups per client address, and per e-mail address, each in its window. */
  /** Public reads of a bill by its link's token, per client address and window (a guessed link costs one). */
  BILL_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(60),
  BILL_RATE_LIMIT_WINDOW_MS: rateWindowMs.default(60_000),
  LOOKUP_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
  LOOKUP_RATE_LIMIT_WINDOW_MS: rateWindowMs.default(60_000),
  LOOKUP_EMAIL_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  LOOKUP_EMAIL_RATE_LIMIT_WINDOW_MS: rateWindowMs.default(60_000),
  /**
   * Checkouts opened without signing in, per client address in its window: each one opens a gateway
   * payment and a pending invoice, so one address cannot open them by the thousand. Signed-in
   * customers' checkouts are not counted.
   */
  CHECKOUT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
  CHECKOUT_RATE_LIMIT_WINDOW_MS: rateWindowMs.default(60_000),
  /** Where KYC documents are stored (outside any served folder). Defaults to DATA_DIR/uploads. */
  UPLOAD_DIR: z.string().optional(),
  /** Folder of the built web app; served with an SPA fallback when it exists. */
  WEB_DIST_DIR: z.string().default(path.join(REPO_ROOT, "apps/web/dist")),
  /**
   * Serve the OpenAPI document and its UI at /docs. Unset: on in sandbox mode, off otherwise (the
   * document maps every route for whoever asks).
   */
  API_DOCS: booleanFromString.optional(),
  /**
   * Bearer token GET /metrics asks for (docs/metrics.md), compared in constant time; unset asks for none.
   * With neither METRICS_TOKEN nor METRICS_PORT, /metrics is open in sandbox mode and not served otherwise.
   */
  METRICS_TOKEN: z
    .string()
    .trim()
    .transform((value) => (value === "" ? undefined : value))
    .pipe(
      z
        .string()
        .regex(/^[\x21-\x7e]{16,256}$/, "16 to 256 printable characters, no spaces")
        .optional(),
    )
    .optional(),
  /** Internal port: when set, /metrics is served only on a second listener at HOST:METRICS_PORT, not on PORT. */
  METRICS_PORT: z
    .string()
    .trim()
    .transform((value) => (value === "" ? undefined : value))
    .pipe(z.coerce.number<string | undefined>().int().min(1).max(65535).optional())
    .optional(),
});

/** Outside the sandbox every party must be configured: nothing may silently point at a simulator. */
const REAL_PARTY_SETTINGS = [
  "CATALOGUE_BASE_URL",
  "REMITA_BASE_URL",
  "MONNIFY_BASE_URL",
  "PAYSTACK_BASE_URL",
  "PAYSTACK_SCRIPT_URL",
  "SMS_BASE_URL",
] as const;

/**
 * The settings that are credentials: whoever knows one can call a party as the hospital or sign its
 * webhooks, and their defaults are the sandbox's, published in docs/payments-contract.md. The other
 * party settings with sandbox defaults (REMITA_MERCHANT_ID, REMITA_SERVICE_TYPE_ID, REMITA_PUBLIC_KEY,
 * MONNIFY_CONTRACT_CODE, PAYSTACK_PUBLIC_KEY) are identifiers or publishable keys every browser sees; a
 * wrong one makes the real party refuse the calls signed with the real secret, it grants nothing.
 */
const CREDENTIAL_SETTINGS = [
  "CATALOGUE_TOKEN",
  "REMITA_API_KEY",
  "MONNIFY_API_KEY",
  "MONNIFY_SECRET_KEY",
  "PAYSTACK_SECRET_KEY",
  "SMS_API_KEY",
] as const;

/** Demo values that are no secret but would send real payers' money to an account that is not the hospital's. */
const DEMO_VALUE_SETTINGS = ["HOSPITAL_ACCOUNT_NUMBER"] as const;

/** Outside the sandbox these must be given: without them mail, links or signatures silently go wrong. */
const PRODUCTION_REQUIRED_SETTINGS = [
  // Without it verification codes and receipts stay in an outbox nobody reads, while the app says they were sent.
  "SMTP_URL",
  // Without it e-mailed links point at http://localhost.
  "PUBLIC_URL",
  // Without it a secret is generated and kept in the database: a database dump could then sign tokens.
  "JWT_SECRET",
] as const;

/**
 * What production mode (SANDBOX=false) lacks, every problem at once. `env` may be partly unparsed (it also
 * runs when other settings are malformed, so one start-up lists everything), hence the plain comparisons.
 */
function productionProblems(env: Record<string, unknown>): Array<{ name: string; message: string }> {
  if (env.SANDBOX !== false) return [];
  const problems: Array<{ name: string; message: string }> = [];
  for (const name of [...REAL_PARTY_SETTINGS, ...PRODUCTION_REQUIRED_SETTINGS]) {
    if (env[name] === undefined) problems.push({ name, message: "is required when SANDBOX=false" });
  }
  for (const name of CREDENTIAL_SETTINGS) {
    if (env[name] === envSchema.shape[name].parse(undefined)) {
      problems.push({ name, message: "is the sandbox's published value; set the real one when SANDBOX=false" });
    }
  }
  for (const name of DEMO_VALUE_SETTINGS) {
    if (env[name] === envSchema.shape[name].parse(undefined)) {
      problems.push({ name, message: "is the demo account; set the hospital's real account when SANDBOX=false" });
    }
  }
  return problems;
}

const checkedEnvSchema = envSchema
  .superRefine(
    (env, ctx) => {
      for (const { name, message } of productionProblems(env)) ctx.addIssue({ code: "custom", path: [name], message });
      if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
        ctx.addIssue({ code: "custom", path: ["METRICS_PORT"], message: "must differ from PORT (it is the internal port)" });
      }
    },
    // Also when another setting is malformed: the refusal lists every problem, not the first kind found.
    { when: () => true },
  )
  .transform((env) => ({ ...env, API_DOCS: env.API_DOCS ?? env.SANDBOX }));

export type Env = z.infer<typeof checkedEnvSchema>;

/** Parses the given variables (process.env by default); throws a readable error on bad configuration. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = checkedEnvSchema.safeParse(source);
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

/** The level of the request lines: REQUEST_LOG_LEVEL, or debug in sandbox mode and info otherwise. */
export function requestLogLevel(env: Pick<Env, "REQUEST_LOG_LEVEL" | "SANDBOX">): NonNullable<Env["REQUEST_LOG_LEVEL"]> {
  return env.REQUEST_LOG_LEVEL ?? (env.SANDBOX ? "debug" : "info");
}

/** Base URL of this process for loopback calls (the sandbox simulators in sandbox mode). */
export function selfUrl(env: Pick<Env, "PORT">, port = env.PORT): string {
  return `http://127.0.0.1:${port}`;
}

/** Where each outside party is reached: configured URLs, else this process's sandbox. */
export function partyUrls(env: Env, port = env.PORT) {
  const self = selfUrl(env, port);
  return {
    catalogue: (env.CATALOGUE_BASE_URL ?? `${self}/sandbox/provider`).replace(/\/$/, ""),
    remita: (env.REMITA_BASE_URL ?? `${self}/sandbox/remita`).replace(/\/$/, ""),
    monnify: (env.MONNIFY_BASE_URL ?? `${self}/sandbox/monnify`).replace(/\/$/, ""),
    paystack: (env.PAYSTACK_BASE_URL ?? `${self}/sandbox/paystack`).replace(/\/$/, ""),
    sms: (env.SMS_BASE_URL ?? `${self}/sandbox/termii`).replace(/\/$/, ""),
  };
}

/**
 * The gateways' inline scripts as the browser loads them: the real party's absolute URL when one is
 * configured, else the sandbox's same-origin path (so it works whatever host the app is opened on).
 */
export function widgetScripts(env: Env) {
  return {
    remita: env.REMITA_BASE_URL
      ? `${env.REMITA_BASE_URL.replace(/\/$/, "")}/payment/v1/remita-pay-inline.bundle.js`
      : "/sandbox/remita/payment/v1/remita-pay-inline.bundle.js",
    paystack: env.PAYSTACK_SCRIPT_URL ?? "/sandbox/paystack/v2/inline.js",
  };
}

/** The folder of uploaded documents as an absolute path. */
export function uploadDir(env: Pick<Env, "UPLOAD_DIR" | "DATA_DIR">): string {
  return env.UPLOAD_DIR ? path.resolve(process.cwd(), env.UPLOAD_DIR) : path.join(resolveDataDir(env), "uploads");
}
