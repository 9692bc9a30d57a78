import { isIPv6 } from "node:net";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import fp from "fastify-plugin";
import { Redis, type Result } from "ioredis";
import type { Database } from "../db/database";
import type { Env } from "../env";
import { keyedHash } from "../lib/crypto";
import { RoundBatch } from "../lib/round-batch";
import { AppError } from "../lib/errors";
import type { JobLeases } from "../lib/job-leases";
import { PeriodicTask } from "../lib/periodic-task";
import { RateCountersRepository } from "./rate-counters.repository";

/**
 * Brute-force and enumeration limits, one mechanism for every sensitive public call.
 *
 * A route opts in next to its access declaration: `config: { access: "public", limits: { policy:
 * "auth", account: "body.email" } }`. Each request is then counted before its handler runs (and after
 * its input is validated): under the client's address and, when the route names an account source,
 * under the account the request names, each in a fixed window with its own maximum from configuration.
 * Over either budget, the answer is 429 `{detail, code: "throttled"}` with Retry-After.
 *
 * The account counter is kept for any name the request carries, whether or not such an account
 * exists, and the decision is made before the handler looks anything up, so an answer at or past the
 * limit (status, body, headers, timing) says nothing about the account. Account names are stored only
 * as keyed hashes, so neither Redis nor the database holds e-mail addresses in its keys.
 *
 * The counters live where every API process sees them: Redis when REDIS_URL is set (one atomic script
 * per counter), else the rate_counters table of the database (one row per key, counted by one atomic
 * statement, so processes on the same PostgreSQL share them). There is no in-memory store.
 *
 * When the store cannot answer (Redis down, unreachable, or slower than REDIS_TIMEOUT_MS), a limited
 * route fails closed with 503 `{detail, code: "unavailable"}` and Retry-After: a payment wallet does
 * not take unlimited password, code or look-up guesses, anonymous checkouts or gateway callbacks
 * because a cache is down. Only these public calls depend on the store; signed-in payments, webhooks
 * and the rest go on.
 */

export type LimitPolicy = "auth" | "lookup" | "checkout" | "callback" | "bill";

/** Which account a request names: a body or query field (an e-mail or username), or the signed-in user. */
export type AccountSource = "body.email" | "body.username_or_email" | "query.email" | "user";

export interface RouteLimits {
  /** Which configured budgets apply. */
  policy: LimitPolicy;
  /**
   * The account the request names, counted on its own budget; omitted for calls that name none. Only
   * for a policy with an account budget (checked when the route is added).
   */
  account?: AccountSource;
  /** Count only requests made without signing in: a signed-in user's are let through uncounted. */
  anonymousOnly?: boolean;
}

export interface Budget {
  max: number;
  windowMs: number;
}

/** Each policy's budgets: every policy counts the client; those whose routes name an account count it too. */
export type LimitPolicies = Record<LimitPolicy, { client: Budget; account?: Budget }>;

/** One counter after a hit: how many hits this window has seen, and when the window ends. */
export interface CounterState {
  count: number;
  resetMs: number;
}

/** One counter to count a request on, with its window. */
export interface CounterHit {
  key: string;
  windowMs: number;
}

/**
 * Where the counters live. `hit` counts one request on each of its counters (distinct keys), in one
 * round trip, and answers their states after it, in the same order.
 */
export interface CounterStore {
  readonly kind: "redis" | "database";
  hit(counters: readonly CounterHit[]): Promise<CounterState[]>;
  close(): Promise<void>;
}

declare module "fastify" {
  interface FastifyContextConfig {
    limits?: RouteLimits;
  }
  interface FastifyInstance {
    /** The counter store of the rate limits (for health checks and tests). */
    readonly rateLimitStore: CounterStore;
  }
}

declare module "ioredis" {
  interface RedisCommander<Context> {
    hospipayRateHit(...keysThenWindows: Array<string | number>): Result<Array<[number, number]>, Context>;
  }
}

/** The budgets of each policy, from configuration. */
export function rateLimitPolicies(env: Env): LimitPolicies {
  return {
    auth: {
      client: { max: env.AUTH_RATE_LIMIT_MAX, windowMs: env.AUTH_RATE_LIMIT_WINDOW_MS },
      account: { max: env.AUTH_ACCOUNT_RATE_LIMIT_MAX, windowMs: env.AUTH_ACCOUNT_RATE_LIMIT_WINDOW_MS },
    },
    lookup: {
      client: { max: env.LOOKUP_RATE_LIMIT_MAX, windowMs: env.LOOKUP_RATE_LIMIT_WINDOW_MS },
      account: { max: env.LOOKUP_EMAIL_RATE_LIMIT_MAX, windowMs: env.LOOKUP_EMAIL_RATE_LIMIT_WINDOW_MS },
    },
    checkout: {
      client: { max: env.CHECKOUT_RATE_LIMIT_MAX, windowMs: env.CHECKOUT_RATE_LIMIT_WINDOW_MS },
    },
    callback: {
      client: { max: env.CALLBACK_RATE_LIMIT_MAX, windowMs: env.CALLBACK_RATE_LIMIT_WINDOW_MS },
    },
    bill: {
      client: { max: env.BILL_RATE_LIMIT_MAX, windowMs: env.BILL_RATE_LIMIT_WINDOW_MS },
    },
  };
}

// For each key, INCR and the window's expiry (ARGV, in the keys' order) in one step: a key never outlives
// its window, and two processes counting at once both see the same window. A key left without expiry
// (none should be) gets one.
const HIT_SCRIPT = `
local states = {}
for i, key in ipairs(KEYS) do
  local count = redis.call('INCR', key)
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then
    redis.call('PEXPIRE', key, ARGV[i])
    ttl = tonumber(ARGV[i])
  end
  states[i] = {count, ttl}
end
return states
`;

/** Counters in Redis, shared by every process that uses the same server. */
export class RedisCounterStore implements CounterStore {
  readonly kind = "redis";
  readonly client: Redis;

  constructor(url: string, timeoutMs: number, onError: (error: Error) => void, onReady: () => void) {
    this.client = new Redis(url, {
      lazyConnect: true,
      // Fail at once rather than queue while disconnected, and never retry a request: a limited route
      // answers 503 within REDIS_TIMEOUT_MS instead of hanging. The connection itself keeps retrying.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: timeoutMs,
      connectTimeout: Math.max(timeoutMs, 1000),
      retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
    });
    // The number of keys comes first in each call (hit()).
    this.client.defineCommand("hospipayRateHit", { lua: HIT_SCRIPT });
    this.client.on("error", onError);
    this.client.on("ready", onReady);
  }

  /** Connects, waiting at most timeoutMs; a failure is reported by the error handler, not thrown. */
  async connect(timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.client.connect().catch(() => undefined),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
  }

  async hit(counters: readonly CounterHit[]): Promise<CounterState[]> {
    const states = await this.client.hospipayRateHit(
      counters.length,
      ...counters.map((c) => c.key),
      ...counters.map((c) => c.windowMs),
    );
    return states.map(([count, resetMs]) => ({ count: Number(count), resetMs: Number(resetMs) }));
  }

  async close(): Promise<void> {
    this.client.disconnect();
  }
}

/**
 * Counters in the rate_counters table (migration 0007): one row per key, its window starting at the
 * key's first hit after the last window ended (as in Redis). Atomic under the rows' locks, so processes
 * on the same database share the counts and none is lost. The table is UNLOGGED: a counter is not worth
 * a disk flush (after a crash the counts start again), and a transaction that writes only such a table
 * commits without waiting for one. RateCountersPurge deletes windows older than a day, which is why a
 * window is at most a day.
 *
 * The requests read in one round of the event loop are counted together (RoundBatch), in one statement:
 * each key's row is locked and raised once, by the number of its hits, and the hits get the counts in
 * between, in the order they came (as if counted one by one). Many requests on one key (one client
 * address, behind which may be a whole ward's phones; one e-mail) then take one row lock a round instead
 * of queueing for it one by one.
 */
export class DatabaseCounterStore implements CounterStore {
  readonly kind = "database";
  private readonly hits = new RoundBatch<readonly CounterHit[], CounterState[]>((asks) => this.countAll(asks));
  private readonly counters: RateCountersRepository;

  constructor(db: Database) {
    this.counters = new RateCountersRepository(db);
  }

  hit(counters: readonly CounterHit[]): Promise<CounterState[]> {
    return this.hits.ask(counters);
  }

  /** Counts the requests' hits in one statement; each request gets its counters' states, in its order. */
  private async countAll(requests: ReadonlyArray<readonly CounterHit[]>): Promise<CounterState[][]> {
    // Hits per key, in the order they came; a key has one window (its route's budget).
    const keys = new Map<string, { windowMs: number; hits: number }>();
    for (const counters of requests)
      for (const { key, windowMs } of counters) {
        const known = keys.get(key);
        if (known) known.hits += 1;
        else keys.set(key, { windowMs, hits: 1 });
      }
    // The rows are locked in key order, so two statements counting on the same keys never wait on each other in a circle.
    const sorted = [...keys.keys()].sort();
    const rows = await this.counters.hit(
      sorted,
      sorted.map((key) => keys.get(key)!.windowMs),
      sorted.map((key) => keys.get(key)!.hits),
    );
    // Each key's hits take the counts up to its new count, first come first.
    const next = new Map(
      rows.map((row) => [row.key, { count: Number(row.count) - keys.get(row.key)!.hits + 1, resetMs: Number(row.reset_ms) }]),
    );
    return requests.map((counters) =>
      counters.map(({ key }) => {
        const state = next.get(key);
        if (!state) throw new Error("rate counter not returned");
        return { count: state.count++, resetMs: state.resetMs };
      }),
    );
  }

  async close(): Promise<void> {
    // The database belongs to the app.
  }
}

/**
 * Deletes the rate_counters rows whose window started more than a day ago (a window is at most a day), so
 * that the table holds only the keys seen lately. Each API process runs it, at the payment re-query
 * interval (PAYMENT_RECHECK_INTERVAL_MS).
 */
export class RateCountersPurge {
  private readonly task: PeriodicTask<number>;
  private readonly counters: RateCountersRepository;

  constructor(
    db: Database,
    private readonly log: FastifyBaseLogger,
    intervalMs: number,
    /** With several worker processes: only the holder of the job's lease purges. */
    leases?: JobLeases,
  ) {
    this.counters = new RateCountersRepository(db);
    const pass = () => this.purge();
    this.task = new PeriodicTask(intervalMs, leases ? leases.guard("rate-counters-purge", pass, 0) : pass, 0);
  }

  start(): void {
    this.task.start();
  }

  /** One purge (one at a time). Returns how many counters were deleted (0 when it failed: logged). */
  runOnce(): Promise<number> {
    return this.task.runOnce();
  }

  stop(): Promise<void> {
    return this.task.stop();
  }

  private purge(): Promise<number> {
    return this.counters.deleteDayOld().catch((error: unknown) => {
      this.log.error({ err: error }, "purging the rate-limit counters failed");
      return 0;
    });
  }
}

/**
 * The client part of a key: an IPv4 address as is, an IPv6 address by its /64 (one subscriber usually
 * holds a whole /64, so counting single addresses would let it rotate through them).
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const address = ip.split("%")[0]!;
  if (!isIPv6(address)) return ip;
  const [head = "", tail] = address.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(missing, 0)).fill("0"), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => (parseInt(group, 16) || 0).toString(16))
    .join(":")}::/64`;
}

/** The account a request names, normalised (trimmed, lower-case), or undefined when it names none. */
export function accountOf(request: FastifyRequest, source: AccountSource): string | undefined {
  if (source === "user") return request.user ? `user:${request.user.id}` : undefined;
  const [from, field] = source.split(".") as ["body" | "query", string];
  const holder = (from === "body" ? request.body : request.query) as Record<string, unknown> | undefined;
  const value = holder?.[field];
  if (typeof value !== "string") return undefined;
  const normalised = value.trim().toLowerCase();
  return normalised === "" ? undefined : `name:${normalised}`;
}

/** "a minute" for a wait of up to a minute, else the whole minutes. */
function waitPhrase(seconds: number): string {
  if (seconds <= 60) return "a minute";
  return `${Math.ceil(seconds / 60)} minutes`;
}

const throttled = (seconds: number) =>
  new AppError(
    429,
    "throttled",
    `Too many requests. Please wait ${waitPhrase(seconds)} and try again.`,
    {},
    { "retry-after": String(seconds) },
  );

const UNAVAILABLE_RETRY_SECONDS = 5;
const unavailable = () =>
  new AppError(
    503,
    "unavailable",
    "This service is temporarily unavailable. Please try again in a few seconds.",
    {},
    { "retry-after": String(UNAVAILABLE_RETRY_SECONDS) },
  );

export interface RateLimitsOptions {
  db: Database;
  /** Keys the hashes of account names. */
  secret: string;
  redisUrl: string | undefined;
  redisTimeoutMs: number;
  keyPrefix: string;
  policies: LimitPolicies;
}

/** Registers the counter store and guards every route that declares `config.limits`. */
export const rateLimitsPlugin = fp(
  async (app: FastifyInstance, opts: RateLimitsOptions) => {
    let store: CounterStore;
    if (opts.redisUrl) {
      let failing = false;
      const redis = new RedisCounterStore(
        opts.redisUrl,
        opts.redisTimeoutMs,
        (error) => {
          // One line per outage, not one per reconnection attempt.
          if (!failing) app.log.error({ err: error }, "redis unavailable: rate-limited routes answer 503 until it is back");
          failing = true;
        },
        () => {
          if (failing) app.log.info("redis available again");
          failing = false;
        },
      );
      await redis.connect(Math.max(opts.redisTimeoutMs, 1000));
      store = redis;
    } else {
      store = new DatabaseCounterStore(opts.db);
    }
    app.decorate("rateLimitStore", store);
    app.addHook("onClose", async () => {
      await store.close();
    });

    const hashed = (name: string) => keyedHash(opts.secret, `rate-limit:${name}`).slice(0, 32);

    const guardFor = (url: string, limits: RouteLimits): preHandlerAsyncHookHandler => {
      const budgets = opts.policies[limits.policy];
      const accountBudget = budgets.account;
      if (limits.account && !accountBudget) throw new Error(`${url}: the "${limits.policy}" rate-limit policy counts no account`);
      // GET and its automatic HEAD share the route's counters.
      const base = `${opts.keyPrefix}${url}:`;
      return async function rateLimitGuard(request: FastifyRequest, _reply: FastifyReply) {
        if (limits.anonymousOnly && request.user) return;
        const counted: Array<{ budget: Budget; key: string }> = [
          { budget: budgets.client, key: `${base}client:${clientKey(request.ip)}` },
        ];
        const account = limits.account ? accountOf(request, limits.account) : undefined;
        if (account && accountBudget) counted.push({ budget: accountBudget, key: `${base}account:${hashed(account)}` });
        let states: CounterState[];
        try {
          states = await store.hit(counted.map(({ budget, key }) => ({ key, windowMs: budget.windowMs })));
        } catch (error) {
          request.log.warn({ err: error, store: store.kind }, "rate-limit store failed; refusing the request");
          throw unavailable();
        }
        let retryMs = 0;
        states.forEach((state, index) => {
          if (state.count > counted[index]!.budget.max) retryMs = Math.max(retryMs, state.resetMs);
        });
        if (retryMs > 0) throw throttled(Math.max(1, Math.ceil(retryMs / 1000)));
      };
    };

    app.addHook("onRoute", (route) => {
      const limits = route.config?.limits;
      if (!limits) return;
      const guard = guardFor(route.url, limits);
      const existing = route.preHandler ? [route.preHandler].flat() : [];
      route.preHandler = [guard, ...existing];
    });
  },
  { name: "rate-limits" },
);
