// The physical limit of a wallet payment's design on this machine: the very SQL the API runs for one
// payment, recorded from the real code path, then replayed straight through the database driver at the
// same concurrency, with no HTTP, no validation, no JSON and no application code in between.
//
// Recording: two payments (two customers) go through the API's real routes in this process, on a
// database wrapper that records every statement a request sends (text, parameters, result rows).
// Comparing the two recordings statement by statement tells which parameters are constants and which
// vary per payment, and how: the customer's user or wallet id, the new reference, an id an earlier
// statement returned (the invoice's), the current time, a new receipt code. The replay fills those in for
// each payment.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { buildApp } from "../../apps/api/src/app";
import type { Database, Queryable } from "../../apps/api/src/db/database";
import type { Env } from "../../apps/api/src/env";
import { newReceiptCode } from "../../apps/api/src/modules/payments/receipt-code";

export interface Payer {
  userId: number;
  walletId: number;
  token: string;
}

type Step =
  | { kind: "begin" }
  | { kind: "commit" }
  | { kind: "sql"; sql: string; params: unknown[]; rows: Array<Record<string, unknown>>; inTransaction: boolean };

type Param =
  | { kind: "const"; value: unknown }
  | { kind: "user" }
  | { kind: "wallet" }
  | { kind: "result"; step: number; column: string }
  | { kind: "now"; offsetMs: number }
  | { kind: "receiptCode" }
  | { kind: "text"; template: string; json: boolean };

type Program = Array<
  { kind: "begin" } | { kind: "commit" } | { kind: "sql"; sql: string; params: Param[]; inTransaction: boolean }
>;

export interface BaselineResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  statements: number;
  /** Parameters that differed between the two recordings for no reason found; replayed as first recorded. */
  unexplained: number;
}

/** A Database that also records, into the current AsyncLocalStorage store, every statement it runs. */
function recording(db: Database, store: AsyncLocalStorage<Step[]>): Database {
  const wrap = (q: Queryable, inTransaction: boolean): Queryable => ({
    async query(sql, params) {
      const result = await q.query(sql, params);
      store.getStore()?.push({
        kind: "sql",
        sql,
        params: [...(params ?? [])],
        rows: result.rows as Array<Record<string, unknown>>,
        inTransaction,
      });
      return result as never;
    },
    exec: (sql) => q.exec(sql),
  });
  const outside = wrap(db, false);
  return {
    kind: db.kind,
    query: outside.query,
    exec: outside.exec,
    transaction: (fn) =>
      db.transaction(async (tx) => {
        store.getStore()?.push({ kind: "begin" });
        const value = await fn(wrap(tx, true));
        store.getStore()?.push({ kind: "commit" });
        return value;
      }),
    close: () => db.close(),
  };
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A receipt code as the API makes them (newReceiptCode): unique, so each replayed payment needs its own. */
const RECEIPT_CODE_RE = /^[0-9A-HJKMNP-TV-Z]{16}$/;

/** Parameters of statement i, classified by comparing recording a (payer pa) with recording b (payer pb). */
function classify(
  a: Step[],
  b: Step[],
  i: number,
  context: { pa: Payer; pb: Payer; refA: string; refB: string; startA: number },
  unexplained: { count: number },
): Param[] {
  const sa = a[i] as Extract<Step, { kind: "sql" }>;
  const sb = b[i] as Extract<Step, { kind: "sql" }>;
  const { pa, pb, refA, refB, startA } = context;
  const fromResults = (va: unknown, vb: unknown): Param | null => {
    for (let s = i - 1; s >= 0; s -= 1) {
      const ra = a[s];
      const rb = b[s];
      if (ra?.kind !== "sql" || rb?.kind !== "sql") continue;
      for (const column of Object.keys(ra.rows[0] ?? {})) {
        if (ra.rows[0]?.[column] === va && rb.rows[0]?.[column] === vb) return { kind: "result", step: s, column };
      }
    }
    return null;
  };
  // Reference, then ids as whole numbers, replaced by placeholders.
  const template = (text: string) =>
    text
      .replaceAll(refA, "\u0000ref\u0000")
      .replace(new RegExp(`(?<!\\d)${escape(String(pa.walletId))}(?!\\d)`, "g"), "\u0000wallet\u0000")
      .replace(new RegExp(`(?<!\\d)${escape(String(pa.userId))}(?!\\d)`, "g"), "\u0000user\u0000");
  const fill = (text: string, payer: Payer, reference: string) =>
    text
      .replaceAll("\u0000ref\u0000", reference)
      .replaceAll("\u0000wallet\u0000", String(payer.walletId))
      .replaceAll("\u0000user\u0000", String(payer.userId));

  return sa.params.map((va, p) => {
    const vb = sb.params[p];
    if (sameValue(va, vb)) return { kind: "const", value: va };
    if (va === pa.userId && vb === pb.userId) return { kind: "user" };
    if (va === pa.walletId && vb === pb.walletId) return { kind: "wallet" };
    if (va instanceof Date) return { kind: "now", offsetMs: va.getTime() - startA };
    const result = fromResults(va, vb);
    if (result) return result;
    if (typeof va === "string" && typeof vb === "string" && RECEIPT_CODE_RE.test(va) && RECEIPT_CODE_RE.test(vb))
      return { kind: "receiptCode" };
    if (typeof va === "string" || (typeof va === "object" && va !== null)) {
      const json = typeof va !== "string";
      const textA = json ? JSON.stringify(va) : (va as string);
      const textB = json ? JSON.stringify(vb) : String(vb);
      const shape = template(textA);
      if (fill(shape, pb, refB) !== textB) unexplained.count += 1;
      return { kind: "text", template: shape, json };
    }
    unexplained.count += 1;
    return { kind: "const", value: va };
  });
}

function program(a: Step[], b: Step[], context: Parameters<typeof classify>[3], unexplained: { count: number }): Program {
  if (a.length !== b.length) throw new Error(`the two recorded payments differ: ${a.length} and ${b.length} steps`);
  return a.map((step, i) => {
    const other = b[i]!;
    if (step.kind !== other.kind || (step.kind === "sql" && other.kind === "sql" && step.sql !== other.sql)) {
      throw new Error(`the two recorded payments differ at step ${i + 1}`);
    }
    if (step.kind !== "sql") return step;
    return { kind: "sql", sql: step.sql, params: classify(a, b, i, context, unexplained), inTransaction: step.inTransaction };
  });
}

/** Records two wallet payments made through the API's routes in this process (no HTTP socket, same code). */
export async function recordWalletPayment(
  env: Env,
  db: Database,
  payers: readonly [Payer, Payer],
  body: (payer: Payer) => Record<string, unknown>,
): Promise<{ program: Program; unexplained: number }> {
  const store = new AsyncLocalStorage<Step[]>();
  const ctx = await buildApp(env, recording(db, store));
  // Mail goes out off the request path: its worker's statements are not the payment's.
  await ctx.mailWorker.stop();
  await ctx.smsWorker.stop();
  try {
    const payOnce = async (payer: Payer) => {
      // Warm the catalogue cache first, as the running API has it warm.
      await ctx.app.inject({
        method: "POST",
        url: "/express/checkout/",
        headers: { authorization: `Bearer ${payer.token}` },
        payload: body(payer),
      });
      const steps: Step[] = [];
      const started = Date.now();
      const res = await store.run(steps, async () =>
        ctx.app.inject({
          method: "POST",
          url: "/express/checkout/",
          headers: { authorization: `Bearer ${payer.token}` },
          payload: body(payer),
        }),
      );
      if (res.statusCode !== 201)
        throw new Error(`the recorded wallet payment answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      return { steps, started, reference: (res.json() as { reference: string }).reference };
    };
    const a = await payOnce(payers[0]);
    const b = await payOnce(payers[1]);
    const unexplained = { count: 0 };
    const replay = program(
      a.steps,
      b.steps,
      { pa: payers[0], pb: payers[1], refA: a.reference, refB: b.reference, startA: a.started },
      unexplained,
    );
    return { program: replay, unexplained: unexplained.count };
  } finally {
    await ctx.app.close();
  }
}

/** A reference like the API's (newReference): its shape and length, fresh each time. */
const freshReference = (like: string) => {
  const prefix = /^[A-Z]+-/.exec(like)?.[0] ?? "";
  return `${prefix}${randomBytes(Math.ceil(like.length))
    .toString("hex")
    .toUpperCase()
    .slice(0, like.length - prefix.length)}`;
};

function paramsFor(params: Param[], payer: Payer, reference: string, results: Array<Array<Record<string, unknown>>>): unknown[] {
  return params.map((param) => {
    switch (param.kind) {
      case "const":
        return param.value;
      case "user":
        return payer.userId;
      case "wallet":
        return payer.walletId;
      case "now":
        return new Date(Date.now() + param.offsetMs);
      case "receiptCode":
        return newReceiptCode();
      case "result":
        return results[param.step]?.[0]?.[param.column];
      case "text": {
        const text = param.template
          .replaceAll("\u0000ref\u0000", reference)
          .replaceAll("\u0000wallet\u0000", String(payer.walletId))
          .replaceAll("\u0000user\u0000", String(payer.userId));
        return param.json ? JSON.parse(text) : text;
      }
    }
  });
}

interface Runner {
  /** Runs the statements outside a transaction on the pool, those inside on one session from BEGIN to COMMIT. */
  pay(program: Program, payer: Payer, reference: string): Promise<void>;
  close(): Promise<void>;
}

const INT8_OID = 20;

/** The pg driver itself, with the API's pool size. */
function pgRunner(url: string, poolSize: number): Runner {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === INT8_OID
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  return {
    async pay(steps, payer, reference) {
      const results: Array<Array<Record<string, unknown>>> = [];
      let client: pg.PoolClient | null = null;
      try {
        for (const step of steps) {
          if (step.kind === "begin") {
            client = await pool.connect();
            await client.query("BEGIN");
            results.push([]);
          } else if (step.kind === "commit") {
            await client!.query("COMMIT");
            client!.release();
            client = null;
            results.push([]);
          } else {
            const target = step.inTransaction ? client! : pool;
            const result = await target.query(step.sql, paramsFor(step.params, payer, reference, results));
            results.push(result.rows as Array<Record<string, unknown>>);
          }
        }
      } catch (error) {
        if (client) {
          await client.query("ROLLBACK").catch(() => undefined);
          client.release();
        }
        throw error;
      }
    },
    close: () => pool.end(),
  };
}

/** PGlite is the driver of an embedded database: its own transactions, one session. */
function pgliteRunner(db: Database): Runner {
  return {
    async pay(steps, payer, reference) {
      const results: Array<Array<Record<string, unknown>>> = [];
      let i = 0;
      while (i < steps.length) {
        const step = steps[i]!;
        if (step.kind === "begin") {
          results.push([]);
          let end = i + 1;
          while (steps[end]?.kind !== "commit") end += 1;
          const inside = steps.slice(i + 1, end);
          await db.transaction(async (tx) => {
            for (const s of inside) {
              if (s.kind !== "sql") continue;
              results.push(
                (await tx.query(s.sql, paramsFor(s.params, payer, reference, results))).rows as Array<Record<string, unknown>>,
              );
            }
          });
          results.push([]);
          i = end + 1;
        } else if (step.kind === "sql") {
          results.push(
            (await db.query(step.sql, paramsFor(step.params, payer, reference, results))).rows as Array<Record<string, unknown>>,
          );
          i += 1;
        } else {
          i += 1;
        }
      }
    },
    close: async () => undefined,
  };
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/**
 * Replays the recorded payment for `seconds` with `connections` payments in flight, payer k for the
 * k-th in flight. On PostgreSQL through pg with the API's pool size; on PGlite through PGlite.
 */
export async function replayWalletPayments(options: {
  target: { kind: "postgres"; url: string; poolSize: number } | { kind: "pglite"; db: Database };
  program: Program;
  unexplained: number;
  payers: readonly Payer[];
  connections: number;
  seconds: number;
  referenceLike: string;
}): Promise<BaselineResult> {
  const { program: steps, payers, connections, seconds } = options;
  const runner =
    options.target.kind === "postgres" ? pgRunner(options.target.url, options.target.poolSize) : pgliteRunner(options.target.db);
  const times: number[] = [];
  let errors = 0;
  let firstError: unknown = null;
  try {
    const warmUntil = Date.now() + 1_000;
    const until = warmUntil + seconds * 1_000;
    await Promise.all(
      Array.from({ length: connections }, async (_, k) => {
        const payer = payers[k % payers.length]!;
        while (Date.now() < until) {
          const started = performance.now();
          try {
            await runner.pay(steps, payer, freshReference(options.referenceLike));
            if (Date.now() >= warmUntil) times.push(performance.now() - started);
          } catch (error) {
            errors += 1;
            firstError ??= error;
          }
        }
      }),
    );
  } finally {
    await runner.close();
  }
  if (firstError)
    console.log(
      `  baseline: ${errors} failed payments; the first: ${firstError instanceof Error ? firstError.message : String(firstError)}`,
    );
  times.sort((x, y) => x - y);
  return {
    rps: Math.round(times.length / seconds),
    p50: Math.round(percentile(times, 50)),
    p99: Math.round(percentile(times, 99)),
    errors,
    statements: steps.filter((s) => s.kind === "sql").length,
    unexplained: options.unexplained,
  };
}
