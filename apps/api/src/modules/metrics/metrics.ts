import { GATEWAY_KEYS, INVOICE_STATUSES, PAYMENT_METHOD_KEYS } from "@hospipay/contract";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { Env } from "../../env";
import { SMS_REFUSALS, type SmsRefusal } from "../sms";
import type { MetricsRepository } from "./metrics.repository";

/** The prefix of every family this API exposes. */
export const METRICS_PREFIX = "hospipay_";

/**
 * Where /metrics is served: on the internal listener (METRICS_PORT), on the main port (behind METRICS_TOKEN,
 * or open in sandbox mode), or nowhere (production with neither setting: metrics are never open there).
 */
export type MetricsExposure = "internal" | "main" | "none";

export function metricsExposure(env: Pick<Env, "METRICS_PORT" | "METRICS_TOKEN" | "SANDBOX">): MetricsExposure {
  if (env.METRICS_PORT !== undefined) return "internal";
  if (env.METRICS_TOKEN !== undefined || env.SANDBOX) return "main";
  return "none";
}

/** The route label of a request no route matched (404s, the web app's fallback): never the raw URL. */
export const UNMATCHED_ROUTE = "unmatched";

const PURPOSES = ["checkout", "top_up"] as const;

const OUTBOXES = [
  { kind: "mail", state: "pending" },
  { kind: "mail", state: "failed" },
  { kind: "sms", state: "pending" },
  { kind: "sms", state: "failed" },
] as const;

/**
 * Empties a gauge: no sample at all. prom-client's reset() leaves an unlabelled gauge at 0, which for the
 * ledger families would read as "the last check was unsound" when there is none, or its query failed.
 */
function clear(gauge: Gauge<string>): void {
  gauge.reset();
  gauge.remove({});
}

/** The scrape-time queries, as the failure counter names them. */
const SCRAPE_QUERIES = ["payments", "requeries", "outboxes", "ledger_check"] as const;

/**
 * One API instance's metrics, in a registry of its own (buildApp runs many times in one test process; the
 * global default registry would refuse the second registration). The HTTP families are updated on every
 * response; the database families are read at each scrape (`scrape()`), so every replica reports the same
 * figures for them.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<"method" | "route" | "status">;
  private readonly duration: Histogram<"method" | "route">;
  private readonly payments: Gauge<"purpose" | "method" | "status">;
  private readonly requeryPending: Gauge<"gateway">;
  private readonly requeryDue: Gauge<"gateway">;
  private readonly outbox: Gauge<"kind" | "state">;
  private readonly ledgerCheckedAt: Gauge;
  private readonly ledgerSound: Gauge;
  private readonly ledgerDifferences: Gauge;
  private readonly queryFailures: Counter<"query">;
  private readonly smsRefusals: Counter<"reason">;

  constructor(
    private readonly repo: MetricsRepository,
    private readonly log: FastifyBaseLogger,
  ) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: METRICS_PREFIX });
    this.requests = new Counter({
      name: `${METRICS_PREFIX}http_requests_total`,
      help: "HTTP requests answered, by method, route template and status code.",
      labelNames: ["method", "route", "status"],
      registers,
    });
    this.duration = new Histogram({
      name: `${METRICS_PREFIX}http_request_duration_seconds`,
      help: "Time from a request's arrival to its answer, by method and route template.",
      labelNames: ["method", "route"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.payments = new Gauge({
      name: `${METRICS_PREFIX}payments`,
      help: "Payments (invoices) in the database by purpose (checkout, top_up), method and status; the same on every replica.",
      labelNames: ["purpose", "method", "status"],
      registers,
    });
    this.requeryPending = new Gauge({
      name: `${METRICS_PREFIX}requery_pending`,
      help: "Pending gateway payments the worker still re-queries, by gateway.",
      labelNames: ["gateway"],
      registers,
    });
    this.requeryDue = new Gauge({
      name: `${METRICS_PREFIX}requery_due`,
      help: "Pending gateway payments due for a re-query now, by gateway (a backlog when it stays above zero).",
      labelNames: ["gateway"],
      registers,
    });
    this.outbox = new Gauge({
      name: `${METRICS_PREFIX}outbox_depth`,
      help: "Messages not sent, by outbox (mail, sms) and state (pending: waiting to be sent; failed: given up).",
      labelNames: ["kind", "state"],
      registers,
    });
    this.ledgerCheckedAt = new Gauge({
      name: `${METRICS_PREFIX}ledger_last_check_timestamp_seconds`,
      help: "When the last recorded ledger check ran (Unix time); absent before the first.",
      registers,
    });
    this.ledgerSound = new Gauge({
      name: `${METRICS_PREFIX}ledger_last_check_sound`,
      help: "1 when the last recorded ledger check found every balance and entry sound, else 0.",
      registers,
    });
    this.ledgerDifferences = new Gauge({
      name: `${METRICS_PREFIX}ledger_last_check_differences`,
      help: "Differences the last recorded ledger check found.",
      registers,
    });
    this.queryFailures = new Counter({
      name: `${METRICS_PREFIX}metrics_query_failures_total`,
      help: "Scrape-time database queries that failed, by query; their families are left out of that scrape.",
      labelNames: ["query"],
      registers,
    });
    for (const query of SCRAPE_QUERIES) this.queryFailures.inc({ query }, 0);
    this.smsRefusals = new Counter({
      name: `${METRICS_PREFIX}sms_refused_total`,
      help: "Verification codes not sent by SMS, by reason: a budget spent, a number another account proved, or dropped by the worker over the number's hourly limit.",
      labelNames: ["reason"],
      registers,
    });
    for (const reason of SMS_REFUSALS) this.smsRefusals.inc({ reason }, 0);
  }

  /** Counts a verification code not sent by SMS (SmsService's budgets, the SMS worker's per-number limit). */
  smsRefused(reason: SmsRefusal): void {
    this.smsRefusals.inc({ reason });
  }

  /** Counts one answered request (an onResponse hook): one counter increment and one histogram observation. */
  observe(request: FastifyRequest, reply: FastifyReply): void {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    this.requests.inc({ method: request.method, route, status: reply.statusCode });
    this.duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  }

  /**
   * Reads the database families, one query each, together, then renders the registry. A failed query is
   * logged and counted, and its families are left out of this scrape: the rest still answers.
   */
  scrape(): Promise<string> {
    // Scrapes that overlap (two Prometheus servers) share one reading: interleaved resets would blank gauges.
    this.inFlight ??= this.read().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private inFlight: Promise<string> | null = null;

  private async read(): Promise<string> {
    await Promise.all([
      this.refresh("payments", [this.payments], async () => {
        const rows = await this.repo.payments();
        // Every combination from zero, so that the first payment of a kind is a change a delta() sees.
        for (const purpose of PURPOSES) {
          for (const method of PAYMENT_METHOD_KEYS) {
            for (const status of INVOICE_STATUSES) this.payments.set({ purpose, method, status }, 0);
          }
        }
        for (const row of rows) {
          this.payments.set({ purpose: row.purpose, method: row.method, status: row.status }, row.count);
        }
      }),
      this.refresh("requeries", [this.requeryPending, this.requeryDue], async () => {
        const rows = await this.repo.requeries();
        // Every gateway, zero when none is pending: a series that vanishes at zero breaks sums and alerts.
        for (const gateway of GATEWAY_KEYS) {
          const row = rows.find((r) => r.gateway === gateway);
          this.requeryPending.set({ gateway }, row?.pending ?? 0);
          this.requeryDue.set({ gateway }, row?.due ?? 0);
        }
      }),
      this.refresh("outboxes", [this.outbox], async () => {
        const rows = await this.repo.outboxes();
        for (const { kind, state } of OUTBOXES) {
          this.outbox.set({ kind, state }, rows.find((r) => r.kind === kind && r.state === state)?.count ?? 0);
        }
      }),
      this.refresh("ledger_check", [this.ledgerCheckedAt, this.ledgerSound, this.ledgerDifferences], async () => {
        const check = await this.repo.lastLedgerCheck();
        if (!check) return;
        this.ledgerCheckedAt.set(check.checkedAt.getTime() / 1000);
        this.ledgerSound.set(check.sound ? 1 : 0);
        this.ledgerDifferences.set(check.differences);
      }),
    ]);
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** Empties the gauges (a row gone since the last scrape must not linger), then fills them from `read`. */
  private async refresh(
    query: (typeof SCRAPE_QUERIES)[number],
    gauges: Array<Gauge<string>>,
    read: () => Promise<void>,
  ): Promise<void> {
    gauges.forEach(clear);
    try {
      await read();
    } catch (error) {
      gauges.forEach(clear);
      this.queryFailures.inc({ query });
      this.log.warn({ err: error, query }, "a metrics query failed; its families are left out of this scrape");
    }
  }
}
