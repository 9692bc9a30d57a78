import { randomBytes } from "node:crypto";
import { API_PATHS } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database";
import { buildUser, createTestApp, createTestDatabase, freePort, productionSettings, type TestApp } from "../../test/test-app";
import { AppMetrics } from "./metrics";
import type { MetricsRepository } from "./metrics.repository";
import { parseMetrics, sampleValue } from "./metrics-text";
import pino from "pino";

/**
 * /metrics as an operator meets it: where it is served (main port, internal port, nowhere), the token,
 * the HTTP families by route template, and the database families against rows written here. Every app
 * of this file shares one database.
 */

let db: Database;
let drop: () => Promise<void>;
const apps: TestApp[] = [];

beforeAll(async () => {
  ({ db, drop } = await createTestDatabase());
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await drop();
});

async function app(overrides: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp(overrides, { database: db });
  apps.push(t);
  return t;
}

const token = () => `mt-${randomBytes(16).toString("hex")}`;

async function scrape(t: TestApp, headers: Record<string, string> = {}): Promise<string> {
  const reply = await t.app.inject({ method: "GET", url: API_PATHS.metrics, headers });
  expect(reply.statusCode).toBe(200);
  expect(reply.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  return reply.body;
}

describe("where /metrics is served", () => {
  it("in sandbox mode with no METRICS_* setting: open on the main port, with the process families", async () => {
    const t = await app();
    const text = await scrape(t);
    const names = new Set(parseMetrics(text).map((s) => s.name));
    expect(names).toContain("hospipay_process_cpu_seconds_total");
    expect(names).toContain("hospipay_nodejs_eventloop_lag_p99_seconds");
    expect(names).toContain("hospipay_nodejs_heap_size_used_bytes");
  });

  it("with SANDBOX=false and neither METRICS_TOKEN nor METRICS_PORT: not served (404), nothing counted", async () => {
    const t = await app(productionSettings());
    const reply = await t.app.inject({ method: "GET", url: API_PATHS.metrics });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({ code: "not_found" });
    expect(t.metrics).toBeNull();
  });

  it("with METRICS_TOKEN: a missing, malformed or wrong token is refused with 401 and a clear body; the right one is served", async () => {
    const secret = token();
    const t = await app(productionSettings({ METRICS_TOKEN: secret }));
    const get = (authorization?: string) =>
      t.app.inject({ method: "GET", url: API_PATHS.metrics, headers: authorization === undefined ? {} : { authorization } });

    const missing = await get();
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({
      code: "not_authenticated",
      detail: "The metrics endpoint needs Authorization: Bearer <METRICS_TOKEN>.",
    });
    expect(missing.headers["www-authenticate"]).toMatch(/^Bearer/);

    const staff = await buildUser(t, { role: "SUPERADMIN" });
    for (const wrong of [
      `Bearer ${token()}`,
      `Bearer ${secret.slice(0, -1)}`,
      `Bearer ${secret}x`,
      `Bearer ${secret} ${secret}`,
      `Basic ${secret}`,
      secret,
      "Bearer",
      `Bearer ${staff.token}`,
    ]) {
      const reply = await get(wrong);
      expect(reply.statusCode, wrong).toBe(401);
      expect(reply.json()).toEqual({ code: "metrics_token_invalid", detail: "The metrics token is not valid." });
    }

    const text = await scrape(t, { authorization: `Bearer ${secret}` });
    expect(text).toContain("# TYPE hospipay_http_requests_total counter");
    expect((await get(`bearer  ${secret} `)).statusCode).toBe(200);
  });

  it("with METRICS_PORT: only on HOST:METRICS_PORT, which serves nothing else; the main port answers 404", async () => {
    const port = await freePort();
    const t = await app({ METRICS_PORT: String(port) });
    const internal = `http://127.0.0.1:${port}`;

    expect((await fetch(`${t.url}${API_PATHS.metrics}`)).status).toBe(404);
    const served = await fetch(`${internal}${API_PATHS.metrics}`);
    expect(served.status).toBe(200);
    expect(await served.text()).toContain("hospipay_http_requests_total");
    expect((await fetch(`${internal}${API_PATHS.health}`)).status).toBe(404);
    expect((await fetch(`${internal}${API_PATHS.login}`, { method: "POST" })).status).toBe(404);
  });

  it("with METRICS_PORT and METRICS_TOKEN: the internal port asks for the token too; closing the app frees the port", async () => {
    const port = await freePort();
    const secret = token();
    const t = await app(productionSettings({ METRICS_PORT: String(port), METRICS_TOKEN: secret }));
    const internal = `http://127.0.0.1:${port}${API_PATHS.metrics}`;

    const refused = await fetch(internal);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: "not_authenticated" });
    expect((await fetch(internal, { headers: { authorization: `Bearer ${token()}` } })).status).toBe(401);
    expect((await fetch(internal, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(200);
    expect((await fetch(`${t.url}${API_PATHS.metrics}`, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(404);

    await t.close();
    apps.splice(apps.indexOf(t), 1);
    await expect(fetch(internal)).rejects.toThrow();
  });
});

describe("the HTTP families", () => {
  it("count each request under its route template (never the raw URL), and 404s as 'unmatched'", async () => {
    const t = await app();
    const before = await scrape(t);
    const reference = `HSP-METRICS-${randomBytes(4).toString("hex")}`;
    const route = API_PATHS.payment.route;
    const count = (text: string, labels: Record<string, string>) =>
      sampleValue(text, "hospipay_http_requests_total", labels) ?? 0;

    for (let i = 0; i < 3; i += 1) await t.app.inject({ method: "GET", url: API_PATHS.payment(`${reference}-${i}`) });
    await t.app.inject({ method: "GET", url: API_PATHS.health });
    await t.app.inject({ method: "GET", url: `/api/no-such-path-${reference}/` });
    const after = await scrape(t);

    expect(count(after, { method: "GET", route, status: "404" }) - count(before, { method: "GET", route, status: "404" })).toBe(
      3,
    );
    expect(
      count(after, { method: "GET", route: API_PATHS.health, status: "200" }) -
        count(before, { method: "GET", route: API_PATHS.health, status: "200" }),
    ).toBe(1);
    expect(
      count(after, { method: "GET", route: "unmatched", status: "404" }) -
        count(before, { method: "GET", route: "unmatched", status: "404" }),
    ).toBe(1);
    expect(after).not.toContain(reference);
    const histogramCount = (text: string) =>
      sampleValue(text, "hospipay_http_request_duration_seconds_count", { method: "GET", route }) ?? 0;
    expect(histogramCount(after) - histogramCount(before)).toBe(3);
    expect(sampleValue(after, "hospipay_http_request_duration_seconds_bucket", { method: "GET", route, le: "+Inf" })).toBe(
      histogramCount(after),
    );
  });
});

describe("the database families", () => {
  let sequence = 0;

  /** An invoice as the payment paths write one, with only the columns the metrics read set by hand. */
  async function invoice(purpose: "checkout" | "top_up", method: string, status: string): Promise<number> {
    sequence += 1;
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO invoices (reference, purpose, payment_method, status, subtotal_kobo, charge_fee_kobo, total_kobo,
         customer_name, customer_email, customer_phone, customer_phone_digits, customer_meta, expires_at)
       VALUES ($1, $2, $3, $4, 150000, 0, 150000, 'Ada Obi', 'ada@example.ng', '08031234567', '234567', '{}',
         now() + interval '1 hour')
       RETURNING id`,
      [`HSP-M-${sequence}-${randomBytes(3).toString("hex")}`, purpose, method, status],
    );
    return Number(rows[0]!.id);
  }

  it("reflect the payments, pending re-queries, outboxes and last ledger check the database holds", async () => {
    const t = await app();
    const before = await scrape(t);
    const value = (text: string, name: string, labels: Record<string, string> = {}) => sampleValue(text, name, labels) ?? 0;

    await invoice("checkout", "remita", "completed");
    await invoice("checkout", "remita", "completed");
    await invoice("checkout", "wallet", "failed");
    await invoice("top_up", "paystack", "completed");
    // Two pending Monnify payments the worker checks, one due now; a third whose start recorded no gateway
    // reference and has not expired (not due, as leaseDue has it); a settled one has no next check.
    for (const [nextCheck, reference] of [
      ["now() - interval '1 minute'", "'MNFY-1'"],
      ["now() + interval '10 minutes'", "'MNFY-2'"],
      ["now() - interval '1 minute'", "NULL"],
    ] as const) {
      const id = await invoice("checkout", "monnify", "pending");
      await db.query(
        `INSERT INTO gateway_payments (invoice_id, gateway, gateway_reference, next_check_at) VALUES ($1, 'monnify', ${reference}, ${nextCheck})`,
        [id],
      );
    }
    const settled = await invoice("checkout", "paystack", "completed");
    await db.query(
      `INSERT INTO gateway_payments (invoice_id, gateway, gateway_reference, next_check_at) VALUES ($1, 'paystack', 'PSK-1', NULL)`,
      [settled],
    );
    await db.query(
      `INSERT INTO mail_outbox (to_address, subject, text_body, status) VALUES ('a@example.ng', 's', 'b', 'pending'), ('b@example.ng', 's', 'b', 'failed'), ('c@example.ng', 's', 'b', 'sent')`,
    );
    await db.query(`INSERT INTO sms_outbox (to_number, kind, body, status) VALUES ('+2348031234567', 'receipt', 'b', 'failed')`);
    await db.query(
      `INSERT INTO ledger_checks (checked_at, sound, entries, wallets, differences) VALUES ('2026-01-02T03:04:05Z', false, 10, 3, 2)`,
    );

    const after = await scrape(t);
    const delta = (name: string, labels: Record<string, string> = {}) => value(after, name, labels) - value(before, name, labels);

    expect(delta("hospipay_payments", { purpose: "checkout", method: "remita", status: "completed" })).toBe(2);
    expect(delta("hospipay_payments", { purpose: "checkout", method: "wallet", status: "failed" })).toBe(1);
    expect(delta("hospipay_payments", { purpose: "top_up", method: "paystack", status: "completed" })).toBe(1);
    expect(delta("hospipay_payments", { purpose: "checkout", method: "monnify", status: "pending" })).toBe(3);
    expect(delta("hospipay_payments", { purpose: "checkout", method: "paystack", status: "completed" })).toBe(1);
    expect(delta("hospipay_requery_pending", { gateway: "monnify" })).toBe(3);
    expect(delta("hospipay_requery_due", { gateway: "monnify" })).toBe(1);
    expect(delta("hospipay_requery_pending", { gateway: "paystack" })).toBe(0);
    // Every gateway is present, zero or not.
    for (const gateway of ["remita", "monnify", "paystack"])
      expect(sampleValue(after, "hospipay_requery_pending", { gateway })).toBeDefined();
    expect(delta("hospipay_outbox_depth", { kind: "mail", state: "pending" })).toBe(1);
    expect(delta("hospipay_outbox_depth", { kind: "mail", state: "failed" })).toBe(1);
    expect(delta("hospipay_outbox_depth", { kind: "sms", state: "failed" })).toBe(1);
    expect(sampleValue(after, "hospipay_outbox_depth", { kind: "sms", state: "pending" })).toBeDefined();
    expect(sampleValue(after, "hospipay_ledger_last_check_timestamp_seconds", {})).toBe(
      Date.parse("2026-01-02T03:04:05Z") / 1000,
    );
    expect(sampleValue(after, "hospipay_ledger_last_check_sound", {})).toBe(0);
    expect(sampleValue(after, "hospipay_ledger_last_check_differences", {})).toBe(2);

    // The newest check is the one reported; the payment closes and leaves the re-query gauges.
    await db.query(
      `INSERT INTO ledger_checks (checked_at, sound, entries, wallets, differences) VALUES ('2026-01-02T04:00:00Z', true, 12, 3, 0)`,
    );
    await db.query(
      `UPDATE invoices SET status = 'completed' WHERE reference IN (SELECT i.reference FROM invoices i JOIN gateway_payments g ON g.invoice_id = i.id WHERE g.gateway_reference = 'MNFY-1')`,
    );
    const later = await scrape(t);
    expect(sampleValue(later, "hospipay_ledger_last_check_sound", {})).toBe(1);
    expect(sampleValue(later, "hospipay_ledger_last_check_differences", {})).toBe(0);
    expect(
      value(later, "hospipay_requery_due", { gateway: "monnify" }) -
        value(before, "hospipay_requery_due", { gateway: "monnify" }),
    ).toBe(0);
    expect(
      value(later, "hospipay_payments", { purpose: "checkout", method: "monnify", status: "completed" }) -
        value(before, "hospipay_payments", { purpose: "checkout", method: "monnify", status: "completed" }),
    ).toBe(1);
    // The same figures from every replica: a second app on the same database reads the same.
    const other = await app();
    const fromOther = await scrape(other);
    for (const name of [
      "hospipay_payments",
      "hospipay_requery_pending",
      "hospipay_outbox_depth",
      "hospipay_ledger_last_check_sound",
    ]) {
      expect(parseMetrics(fromOther).filter((s) => s.name === name)).toEqual(parseMetrics(later).filter((s) => s.name === name));
    }
  });
});

describe("a failed scrape-time query", () => {
  it("leaves its families out of that scrape, counts the failure and logs it; the rest still answers", async () => {
    const logged: string[] = [];
    const log = pino({ level: "warn" }, { write: (line: string) => void logged.push(line) });
    let failing = true;
    const repo: MetricsRepository = Object.assign(Object.create(null) as MetricsRepository, {
      payments: async () => {
        if (failing) throw new Error("relation invoice_day_totals is locked");
        return [{ purpose: "checkout" as const, method: "remita", status: "completed", count: 4 }];
      },
      requeries: async () => [{ gateway: "remita", pending: 2, due: 1 }],
      outboxes: async () => [],
      lastLedgerCheck: async () => null,
    });
    const metrics = new AppMetrics(repo, log);

    const first = await metrics.scrape();
    expect(parseMetrics(first).some((s) => s.name === "hospipay_payments")).toBe(false);
    expect(sampleValue(first, "hospipay_metrics_query_failures_total", { query: "payments" })).toBe(1);
    expect(sampleValue(first, "hospipay_metrics_query_failures_total", { query: "outboxes" })).toBe(0);
    expect(sampleValue(first, "hospipay_requery_pending", { gateway: "remita" })).toBe(2);
    expect(sampleValue(first, "hospipay_outbox_depth", { kind: "mail", state: "failed" })).toBe(0);
    // No ledger check recorded yet: its families are absent, not zero (a zero would read as "unsound").
    expect(parseMetrics(first).some((s) => s.name.startsWith("hospipay_ledger_last_check"))).toBe(false);
    expect(logged.join("")).toContain("relation invoice_day_totals is locked");

    failing = false;
    const second = await metrics.scrape();
    expect(sampleValue(second, "hospipay_payments", { purpose: "checkout", method: "remita", status: "completed" })).toBe(4);
    expect(sampleValue(second, "hospipay_metrics_query_failures_total", { query: "payments" })).toBe(1);
  });
});
