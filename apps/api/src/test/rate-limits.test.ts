import { randomBytes } from "node:crypto";
import { createServer, Socket, type Server } from "node:net";
import { API_PATHS } from "@hospipay/contract";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { openPostgres, type Database } from "../db/database";
import { clientKey, DatabaseCounterStore, RedisCounterStore, type CounterStore } from "../plugins/rate-limits";
import { createPaymentsHarness, guestCheckout, itemFor } from "./payments-harness";
import {
  buildUser,
  codeFrom,
  createServerDatabase,
  createTestApp,
  createTestDatabase,
  freePort,
  TEST_DB,
  type TestApp,
} from "./test-app";

/**
 * The brute-force limits of the public auth calls and the look-up, against the machine's Redis
 * (always there, locally and in CI: these tests never skip) and against the database store.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
/** Every key this run writes starts with this, so runs never see each other and cleanup is exact. */
const RUN_PREFIX = `hospipay:rl:test:${process.pid}-${randomBytes(4).toString("hex")}:`;
const SECRET = `rate-limit-test-secret-${randomBytes(16).toString("hex")}`;
let prefixes = 0;
const newPrefix = () => `${RUN_PREFIX}${(prefixes += 1)}:`;

let redis: Redis;
const apps: TestApp[] = [];
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
});

// Each test's apps (and the databases and servers under them) go when the test ends.
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close().catch(() => undefined);
  for (const close of closers.splice(0)) await close().catch(() => undefined);
});

afterAll(async () => {
  const keys = await redis.keys(`${RUN_PREFIX}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

async function app(overrides: Record<string, string>, options: { database?: Database } = {}): Promise<TestApp> {
  const t = await createTestApp({ JWT_SECRET: SECRET, ...overrides }, options);
  apps.push(t);
  return t;
}

/** An app on the machine's Redis with the given budgets (each app its own key prefix unless given). */
function redisApp(overrides: Record<string, string> = {}, options: { database?: Database } = {}) {
  return app({ REDIS_URL, RATE_LIMIT_KEY_PREFIX: newPrefix(), ...overrides }, options);
}

type Route = "login" | "verify" | "resend" | "forgot" | "lookup";

function requestFor(route: Route, email: string) {
  switch (route) {
    case "login":
      return {
        method: "POST" as const,
        url: API_PATHS.login,
        payload: { username_or_email: email, password: "wrong-password-1" },
      };
    case "verify":
      return { method: "POST" as const, url: API_PATHS.verifyEmail, payload: { email, code: "000000" } };
    case "resend":
      return { method: "POST" as const, url: API_PATHS.resendVerificationCode, payload: { email } };
    case "forgot":
      return { method: "POST" as const, url: API_PATHS.forgotPassword, payload: { email } };
    case "lookup":
      return { method: "GET" as const, url: `${API_PATHS.fetchTransactions}?email=${encodeURIComponent(email)}&digit=000000` };
  }
}

let addresses = 0;
/** A client address no other request of this file has used. */
const newIp = () => {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

async function send(t: TestApp, route: Route, email: string, from: { ip?: string; forwardedFor?: string } = {}) {
  const { method, url, payload } = requestFor(route, email);
  const response = await t.app.inject({
    method,
    url,
    remoteAddress: from.ip ?? newIp(),
    headers: {
      ...(payload ? { "content-type": "application/json" } : {}),
      ...(from.forwardedFor ? { "x-forwarded-for": from.forwardedFor } : {}),
    },
    payload: payload ? JSON.stringify(payload) : undefined,
  });
  let json: Record<string, unknown> = {};
  try {
    json = response.json();
  } catch {
    // not JSON
  }
  return { status: response.statusCode, json, headers: response.headers };
}

type Answer = Awaited<ReturnType<typeof send>>;

/** Two answers are the same but for the request id, the date and a Retry-After within a second. */
function expectSameAnswer(a: Answer, b: Answer, label: string) {
  expect(b.status, label).toBe(a.status);
  expect(b.json, label).toEqual(a.json);
  const comparable = (answer: Answer) => {
    const { date: _date, "x-request-id": _id, "retry-after": _retry, ...rest } = answer.headers;
    return rest;
  };
  expect(comparable(b), label).toEqual(comparable(a));
  expect(b.headers["retry-after"] === undefined, label).toBe(a.headers["retry-after"] === undefined);
  if (a.headers["retry-after"] !== undefined) {
    expect(Math.abs(Number(a.headers["retry-after"]) - Number(b.headers["retry-after"])), label).toBeLessThanOrEqual(1);
  }
}

function expectThrottled(answer: Answer, label = "") {
  expect(answer.status, label).toBe(429);
  expect(answer.json, label).toEqual({
    detail: expect.stringMatching(/^Too many requests\. Please wait (a minute|\d+ minutes) and try again\.$/),
    code: "throttled",
  });
  expect(Number(answer.headers["retry-after"]), label).toBeGreaterThan(0);
}

describe("rate limits on Redis", () => {
  it("keeps its counters in Redis under the configured prefix, with no e-mail address in any key", async () => {
    const prefix = newPrefix();
    const t = await app({ REDIS_URL, RATE_LIMIT_KEY_PREFIX: prefix });
    expect(t.app.rateLimitStore.kind).toBe("redis");
    expect((await send(t, "forgot", "Someone.Private@Example.NG")).status).toBe(200);
    const keys = await redis.keys(`${prefix}*`);
    expect(keys).toHaveLength(2);
    expect(keys.join(" ")).not.toMatch(/@|someone|private/i);
    for (const key of keys) {
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
    }
  });

  it("limits each client address, whichever accounts it names", async () => {
    const t = await redisApp({ AUTH_RATE_LIMIT_MAX: "3", AUTH_ACCOUNT_RATE_LIMIT_MAX: "100" });
    const ip = newIp();
    for (let i = 0; i < 3; i += 1) expect((await send(t, "login", `client${i}@example.ng`, { ip })).status).toBe(400);
    const fourth = await send(t, "login", "client-next@example.ng", { ip });
    expectThrottled(fourth);
    expect(fourth.json.detail).toBe("Too many requests. Please wait a minute and try again.");
    expect(Number(fourth.headers["retry-after"])).toBeLessThanOrEqual(60);
    // Another address has its own budget; each route counts on its own.
    expect((await send(t, "login", "client0@example.ng", { ip: newIp() })).status).toBe(400);
    expect((await send(t, "forgot", "client0@example.ng", { ip })).status).toBe(200);
  });

  describe("per account", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        JWT_SECRET: SECRET,
        REDIS_URL,
        RATE_LIMIT_KEY_PREFIX: newPrefix(),
        AUTH_ACCOUNT_RATE_LIMIT_MAX: "3",
        LOOKUP_EMAIL_RATE_LIMIT_MAX: "3",
        LOOKUP_RATE_LIMIT_MAX: "1000",
      });
    });
    afterAll(async () => {
      await t.close();
    });

    it.each<Route>(["login", "verify", "resend", "forgot", "lookup"])(
      "limits %s per account across client addresses",
      async (route) => {
        const email = `target-${route}@example.ng`;
        const allowed = [];
        for (let i = 0; i < 3; i += 1) allowed.push(await send(t, route, email));
        // (A second resend within 60 s is refused by the send wait, in its own words, not by the limiter.)
        for (const answer of allowed) expect(String(answer.json.detail), route).not.toMatch(/^Too many requests/);
        const fourth = await send(t, route, email.toUpperCase());
        expectThrottled(fourth, route);
        // Budgets of 15 minutes (auth) or 1 minute (look-up) by default.
        expect(Number(fourth.headers["retry-after"])).toBeLessThanOrEqual(route === "lookup" ? 60 : 900);
        if (route !== "lookup") expect(fourth.json.detail).toBe("Too many requests. Please wait 15 minutes and try again.");
        // Another account, from the same kind of fresh address, is not affected.
        expect((await send(t, route, `other-${route}@example.ng`)).status, route).not.toBe(429);
      },
    );
  });

  it("answers alike for existing and unknown accounts below, at and past the limit, and looks nothing up once limited", async () => {
    const h = await createPaymentsHarness({
      JWT_SECRET: SECRET,
      REDIS_URL,
      RATE_LIMIT_KEY_PREFIX: newPrefix(),
      AUTH_ACCOUNT_RATE_LIMIT_MAX: "1",
      LOOKUP_EMAIL_RATE_LIMIT_MAX: "1",
    });
    closers.push(() => h.close());
    const t = h.t;
    // Existing: a verified customer (sign-in, resend, reset), an unverified one (verification) and a
    // payer with a payment on record (look-up).
    const verified = await buildUser(t);
    const unverifiedEmail = `unverified-${randomBytes(3).toString("hex")}@example.ng`;
    const registered = await t.app.inject({
      method: "POST",
      url: API_PATHS.register,
      payload: {
        first_name: "Ada",
        last_name: "Obi",
        email: unverifiedEmail,
        phone_number: "08031234567",
        password: "correct-horse",
      },
    });
    expect(registered.statusCode).toBe(201);
    if (codeFrom(await t.mailbox(), unverifiedEmail) === "000000")
      throw new Error("the code under test happens to be the wrong code");
    const payer = `payer-${randomBytes(3).toString("hex")}@example.ng`;
    const [service] = (await h.catalogue()).filter((s) => s.fixed_price);
    const paid = await t.app.inject({
      method: "POST",
      url: API_PATHS.checkout,
      payload: guestCheckout([itemFor(service!)], "remita", { email: payer, phone: "08031234567" }),
    });
    expect(paid.statusCode).toBe(201);
    const lookedUp = await t.app.inject({
      method: "GET",
      url: `${API_PATHS.fetchTransactions}?email=${payer}&digit=234567`,
      remoteAddress: newIp(),
    });
    expect((lookedUp.json() as { results: unknown[] }).results).toHaveLength(1);
    // That look-up used the payer's only allowance; start the comparison on a fresh window.
    await redis.del(...(await redis.keys(`${t.env.RATE_LIMIT_KEY_PREFIX}*`)));

    const existing: Record<Route, string> = {
      login: verified.email,
      verify: unverifiedEmail,
      resend: verified.email,
      forgot: verified.email,
      lookup: payer,
    };
    const findByLogin = vi.spyOn(t.repositories.users, "findByLogin");
    const findByEmail = vi.spyOn(t.repositories.users, "findByEmail");
    const lookup = vi.spyOn(t.repositories.invoices, "lookup");
    const lookups = () => findByLogin.mock.calls.length + findByEmail.mock.calls.length + lookup.mock.calls.length;
    for (const route of Object.keys(existing) as Route[]) {
      const ghost = `ghost-${route}-${randomBytes(3).toString("hex")}@example.ng`;
      const first = [await send(t, route, existing[route]), await send(t, route, ghost)];
      expectSameAnswer(first[0]!, first[1]!, `${route} below the limit`);
      expect(first[0]!.json.code, route).not.toBe("throttled");
      const before = lookups();
      for (let i = 0; i < 2; i += 1) {
        const [real, unknown] = [await send(t, route, existing[route]), await send(t, route, ghost)];
        expectThrottled(real!, route);
        expectSameAnswer(real!, unknown!, `${route} past the limit`);
      }
      // Decided before any account is looked up: no timing difference either.
      expect(lookups(), route).toBe(before);
    }
    vi.restoreAllMocks();
  });

  it("shares the counters between two API processes on the same Redis", async () => {
    const prefix = newPrefix();
    const budgets = { RATE_LIMIT_KEY_PREFIX: prefix, AUTH_RATE_LIMIT_MAX: "4", AUTH_ACCOUNT_RATE_LIMIT_MAX: "4" };
    // Separate databases on purpose: only Redis can carry the counts from one to the other.
    const [a, b] = [await redisApp(budgets), await redisApp(budgets)];
    const ip = newIp();
    const byClient = [];
    for (let i = 0; i < 5; i += 1)
      byClient.push((await send(i % 2 === 0 ? a : b, "login", `shared-client-${i}@example.ng`, { ip })).status);
    expect(byClient).toEqual([400, 400, 400, 400, 429]);
    const byAccount = [];
    for (let i = 0; i < 5; i += 1)
      byAccount.push((await send(i % 2 === 0 ? b : a, "forgot", "shared-account@example.ng")).status);
    expect(byAccount).toEqual([200, 200, 200, 200, 429]);
  });

  it("lets exactly the budget through when both processes are hit at once", async () => {
    const budgets = { RATE_LIMIT_KEY_PREFIX: newPrefix(), AUTH_ACCOUNT_RATE_LIMIT_MAX: "5" };
    const [a, b] = [await redisApp(budgets), await redisApp(budgets)];
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => send(i % 2 === 0 ? a : b, "forgot", "stampede@example.ng")),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(11);
  });

  it("ignores X-Forwarded-For unless TRUST_PROXY names the proxy", async () => {
    const direct = await redisApp({ AUTH_RATE_LIMIT_MAX: "2" });
    const ip = newIp();
    const spoofed = [];
    for (let i = 0; i < 3; i += 1)
      spoofed.push((await send(direct, "forgot", `xff${i}@example.ng`, { ip, forwardedFor: newIp() })).status);
    expect(spoofed).toEqual([200, 200, 429]);

    const proxied = await redisApp({ AUTH_RATE_LIMIT_MAX: "2", TRUST_PROXY: "127.0.0.1" });
    const proxy = "127.0.0.1";
    const clients = [];
    for (let i = 0; i < 3; i += 1)
      clients.push((await send(proxied, "forgot", `proxied${i}@example.ng`, { ip: proxy, forwardedFor: newIp() })).status);
    expect(clients).toEqual([200, 200, 200]);
    const one = newIp();
    const same = [];
    for (let i = 0; i < 3; i += 1)
      same.push((await send(proxied, "forgot", `one${i}@example.ng`, { ip: proxy, forwardedFor: one })).status);
    expect(same).toEqual([200, 200, 429]);
  });
});

describe("rate limits on the database (no REDIS_URL)", () => {
  /** Two handles on one migrated database (a copy of the suite's migrated one): two pools on the server, or the one PGlite. */
  async function sharedDatabase(): Promise<[Database, Database]> {
    if (TEST_DB === "pglite") {
      const { db, drop } = await createTestDatabase();
      closers.push(drop);
      return [db, db];
    }
    const migrated = inject("migratedDatabase");
    if (migrated?.kind !== "postgres") throw new Error("the API project's global setup made no migrated template database");
    const server = await createServerDatabase("hospipay_rl", { template: migrated.template });
    const [one, two] = [openPostgres(server.url), openPostgres(server.url)];
    closers.push(async () => {
      await one.close();
      await two.close();
      await server.drop();
    });
    return [one, two];
  }

  it("shares the counters between two API processes on the same database", async () => {
    const [first, second] = await sharedDatabase();
    const budgets = { AUTH_RATE_LIMIT_MAX: "4", AUTH_ACCOUNT_RATE_LIMIT_MAX: "4" };
    const [a, b] = [await app(budgets, { database: first }), await app(budgets, { database: second })];
    expect(a.app.rateLimitStore.kind).toBe("database");
    const ip = newIp();
    const byClient = [];
    for (let i = 0; i < 5; i += 1)
      byClient.push((await send(i % 2 === 0 ? a : b, "login", `db-client-${i}@example.ng`, { ip })).status);
    expect(byClient).toEqual([400, 400, 400, 400, 429]);
    const byAccount = [];
    for (let i = 0; i < 5; i += 1) byAccount.push(await send(i % 2 === 0 ? b : a, "verify", "db-account@example.ng"));
    expect(byAccount.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 429]);
    expectThrottled(byAccount[4]!);
    const { rows } = await first.query<{ key: string }>("SELECT key FROM rate_counters WHERE key LIKE 'hospipay:rl:%'");
    expect(rows.map((row) => row.key).join(" ")).not.toMatch(/@/);
  });

  it("lets exactly the budget through when both processes are hit at once", async () => {
    const [first, second] = await sharedDatabase();
    const budgets = { AUTH_ACCOUNT_RATE_LIMIT_MAX: "5" };
    const [a, b] = [await app(budgets, { database: first }), await app(budgets, { database: second })];
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => send(i % 2 === 0 ? a : b, "forgot", "db-stampede@example.ng")),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(11);
  });

  it("starts a new window when the old one is over", async () => {
    const { db, drop } = await createTestDatabase();
    closers.push(drop);
    const t = await app({ AUTH_ACCOUNT_RATE_LIMIT_MAX: "1" }, { database: db });
    expect((await send(t, "forgot", "window@example.ng")).status).toBe(200);
    expect((await send(t, "forgot", "window@example.ng")).status).toBe(429);
    await db.query("UPDATE rate_counters SET window_start = window_start - interval '16 minutes'");
    expect((await send(t, "forgot", "window@example.ng")).status).toBe(200);
  });
});

describe("a request's counters, counted in one round trip", () => {
  const counters = (tag: string) => [
    { key: `${RUN_PREFIX}${tag}:client`, windowMs: 60_000 },
    { key: `${RUN_PREFIX}${tag}:account`, windowMs: 900_000 },
  ];
  const states = (answer: Array<{ count: number; resetMs: number }>) =>
    answer.map(({ count, resetMs }) => ({
      count,
      windowLeft: resetMs > 0 && resetMs <= 900_000 ? Math.ceil(resetMs / 60_000) : resetMs,
    }));
  /** Three hits on a client (1 min) and an account (15 min) counter, the third asked in the other order. */
  async function expectOwnCountsAndWindows(store: CounterStore, tag: string) {
    await store.hit(counters(tag));
    expect(states(await store.hit(counters(tag)))).toEqual([
      { count: 2, windowLeft: 1 },
      { count: 2, windowLeft: 15 },
    ]);
    expect(states(await store.hit([...counters(tag)].reverse()))).toEqual([
      { count: 3, windowLeft: 15 },
      { count: 3, windowLeft: 1 },
    ]);
  }

  it("keeps each counter's own count and window, in the order asked (database)", async () => {
    const { db, drop } = await createTestDatabase();
    closers.push(drop);
    const store = new DatabaseCounterStore(db);
    await expectOwnCountsAndWindows(store, "db");
    // Two minutes on: the client's window (1 min) is over and starts again; the account's (15 min) is not.
    await db.query("UPDATE rate_counters SET window_start = window_start - interval '2 minutes'");
    expect(states(await store.hit(counters("db")))).toEqual([
      { count: 1, windowLeft: 1 },
      { count: 4, windowLeft: 13 },
    ]);
  });

  it("counts the requests that arrive together in one statement, each with the count it would have had alone (database)", async () => {
    const { db, drop } = await createTestDatabase();
    closers.push(drop);
    const store = new DatabaseCounterStore(db);
    const client = { key: `${RUN_PREFIX}together:client`, windowMs: 60_000 };
    const account = (n: number) => ({ key: `${RUN_PREFIX}together:account:${n % 4}`, windowMs: 900_000 });
    const query = vi.spyOn(db, "query");
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) => store.hit(n % 2 ? [account(n), client] : [client, account(n)])),
    );
    expect(query).toHaveBeenCalledTimes(1);
    query.mockRestore();
    // First come, first counted: the client's counter 1 to 40, each account's 1 to 10, in the order asked.
    answers.forEach((answer, n) => {
      const [clientState, accountState] = n % 2 ? [answer[1]!, answer[0]!] : [answer[0]!, answer[1]!];
      expect(clientState.count, `request ${n}`).toBe(n + 1);
      expect(accountState.count, `request ${n}`).toBe(Math.floor(n / 4) + 1);
      expect(Math.ceil(clientState.resetMs / 60_000)).toBe(1);
      expect(Math.ceil(accountState.resetMs / 60_000)).toBe(15);
    });
    // The client's window is over: the next requests together start a new one, counted from 1.
    await db.query("UPDATE rate_counters SET window_start = window_start - interval '2 minutes' WHERE key = $1", [client.key]);
    const again = await Promise.all(Array.from({ length: 3 }, () => store.hit([client])));
    expect(again.map(([state]) => state!.count)).toEqual([1, 2, 3]);

    // When the statement fails, every request that waited on it is told (and refused by the guard), and
    // the next ones are counted again.
    const failing = vi.spyOn(db, "query").mockRejectedValueOnce(new Error("connection lost"));
    const failed = await Promise.allSettled(Array.from({ length: 3 }, () => store.hit([client])));
    failing.mockRestore();
    expect(failed.map((result) => result.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect((await store.hit([client]))[0]!.count).toBe(4);
  });

  it("keeps each counter's own count and window, in the order asked (Redis)", async () => {
    const store = new RedisCounterStore(
      REDIS_URL,
      1000,
      () => undefined,
      () => undefined,
    );
    await store.connect(1000);
    try {
      await expectOwnCountsAndWindows(store, "redis");
    } finally {
      await store.close();
    }
  });
});

describe("when Redis is down", () => {
  /** A TCP relay to the real Redis that the test can cut and restore. */
  async function relay(port: number): Promise<{ cut(): Promise<void>; restore(): Promise<void> }> {
    const target = new URL(REDIS_URL);
    const sockets = new Set<Socket>();
    let server: Server | null = null;
    const listen = () =>
      new Promise<void>((resolve, reject) => {
        server = createServer((client) => {
          const upstream = new Socket();
          sockets.add(client).add(upstream);
          upstream.connect(Number(target.port || 6379), target.hostname);
          client.pipe(upstream).pipe(client);
          const end = () => {
            client.destroy();
            upstream.destroy();
          };
          client.on("error", end).on("close", end);
          upstream.on("error", end).on("close", end);
        });
        server.once("error", reject);
        server.listen(port, "127.0.0.1", () => resolve());
      });
    await listen();
    const cut = async () => {
      const closing = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      await closing;
      server = null;
    };
    closers.push(cut);
    return { cut, restore: listen };
  }

  it("answers 503 at once (never 500, never a hang) when Redis cannot be reached, alike for every account", async () => {
    const port = await freePort();
    const t = await app({ REDIS_URL: `redis://127.0.0.1:${port}`, RATE_LIMIT_KEY_PREFIX: newPrefix() });
    const user = await buildUser(t);
    const started = Date.now();
    const [real, ghost] = [await send(t, "login", user.email), await send(t, "login", "ghost-down@example.ng")];
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(real.status).toBe(503);
    expect(real.json).toEqual({
      detail: "This service is temporarily unavailable. Please try again in a few seconds.",
      code: "unavailable",
    });
    expect(real.headers["retry-after"]).toBe("5");
    expectSameAnswer(real, ghost, "login with Redis down");
    for (const route of ["verify", "resend", "forgot", "lookup"] as const)
      expect((await send(t, route, user.email)).status, route).toBe(503);
    // Only the limited calls depend on Redis: the rest of the API goes on.
    expect((await t.app.inject({ method: "GET", url: API_PATHS.health })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: "GET", url: API_PATHS.profile, headers: { authorization: `Bearer ${user.token}` } }))
        .statusCode,
    ).toBe(200);
  });

  it("answers 503 within REDIS_TIMEOUT_MS when Redis accepts connections but never answers", async () => {
    const silent = createServer(() => undefined);
    const held: Socket[] = [];
    silent.on("connection", (socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", () => resolve()));
    closers.push(async () => {
      for (const socket of held) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    });
    const port = (silent.address() as { port: number }).port;
    const t = await app({ REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_TIMEOUT_MS: "300", RATE_LIMIT_KEY_PREFIX: newPrefix() });
    const started = Date.now();
    const answer = await send(t, "forgot", "hang@example.ng");
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(answer.status).toBe(503);
    expect(answer.json.code).toBe("unavailable");
  });

  it("refuses while Redis is away and limits again, with the same counts, once it is back", async () => {
    const port = await freePort();
    const link = await relay(port);
    const t = await app({
      REDIS_URL: `redis://127.0.0.1:${port}`,
      RATE_LIMIT_KEY_PREFIX: newPrefix(),
      AUTH_ACCOUNT_RATE_LIMIT_MAX: "2",
    });
    expect((await send(t, "forgot", "outage@example.ng")).status).toBe(200);
    await link.cut();
    const during = await send(t, "forgot", "outage@example.ng");
    expect(during.status).toBe(503);
    expect(during.json.code).toBe("unavailable");
    await link.restore();
    const deadline = Date.now() + 10_000;
    let after = await send(t, "forgot", "outage@example.ng");
    while (after.status === 503 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await send(t, "forgot", "outage@example.ng");
    }
    // The refused request counted nowhere; the one before the outage still does.
    expect(after.status).toBe(200);
    expectThrottled(await send(t, "forgot", "outage@example.ng"));
  });
});

describe("client addresses", () => {
  it("counts IPv4 as is and IPv6 by its /64", () => {
    expect(clientKey("203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("2001:db8:abcd:12:1:2:3:4")).toBe("2001:db8:abcd:12::/64");
    expect(clientKey("2001:db8:abcd:12::99")).toBe("2001:db8:abcd:12::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });
});
