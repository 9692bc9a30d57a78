import type { GatewayKey } from "@hospipay/contract";
import type { GatewayVerdict, PaymentGateway } from "./gateway";

/** What a status query gave: the gateway's verdict, or the failure that kept it from answering. */
export type QueryOutcome = { ok: true; verdict: GatewayVerdict } | { ok: false; error: unknown };

/** One ask's answer, and where it came from. */
export interface GatewayAnswer {
  outcome: QueryOutcome;
  /**
   * `asked`: this ask made the query (and records it); `shared`: it waited for the same query already in
   * flight; `recent`: it reused a query that completed within the cool-down.
   */
  source: "asked" | "shared" | "recent";
  /** When a new ask about the payment is answered by a new query again (ms since the epoch). */
  askAgainAt: number;
}

interface Completed {
  outcome: QueryOutcome;
  completedAt: number;
}

/**
 * The one way the server asks a gateway about a payment (settlement's reconcile, for the webhooks, the
 * callback, the status page and the worker). Every ask of the public calls can be made by anybody, as
 * often as they like (Remita's notification is unsigned; the callback needs only an RRR), so asks about the
 * same payment share one query: those that come while it is in flight wait for it, and those that come
 * within `cooldownMs` after it completed reuse its answer, verdict or failure. The worker's re-query and
 * signed webhooks ask with `reuseRecent: false`: they still share a query in flight, never an older one.
 *
 * Kept per process: each API process asks a gateway about a payment at most once per cool-down.
 */
export class GatewayQueries {
  private readonly inFlight = new Map<string, Promise<Completed>>();
  /** Completed queries, oldest first (an entry is moved to the end when its payment is asked about again). */
  private readonly recent = new Map<string, Completed>();

  constructor(
    private readonly gateways: Record<GatewayKey, PaymentGateway>,
    private readonly cooldownMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async check(
    gateway: GatewayKey,
    payment: { reference: string; gatewayReference: string },
    options: { reuseRecent: boolean },
  ): Promise<GatewayAnswer> {
    const key = `${gateway}:${payment.gatewayReference}`;
    this.forgetExpired();
    const recent = options.reuseRecent ? this.recent.get(key) : undefined;
    if (recent) return this.answer(recent, "recent");
    const flying = this.inFlight.get(key);
    if (flying) return this.answer(await flying, "shared");
    const query = this.gateways[gateway].check(payment).then(
      (verdict): QueryOutcome => ({ ok: true, verdict }),
      (error: unknown): QueryOutcome => ({ ok: false, error }),
    );
    const completing = query.then((outcome) => {
      const completed = { outcome, completedAt: this.now() };
      this.inFlight.delete(key);
      this.recent.delete(key);
      if (this.cooldownMs > 0) this.recent.set(key, completed);
      return completed;
    });
    this.inFlight.set(key, completing);
    return this.answer(await completing, "asked");
  }

  private answer(completed: Completed, source: GatewayAnswer["source"]): GatewayAnswer {
    return { outcome: completed.outcome, source, askAgainAt: completed.completedAt + this.cooldownMs };
  }

  private forgetExpired(): void {
    const oldest = this.now() - this.cooldownMs;
    for (const [key, completed] of this.recent) {
      if (completed.completedAt > oldest) break;
      this.recent.delete(key);
    }
  }
}
