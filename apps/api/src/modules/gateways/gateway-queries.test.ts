import type { GatewayKey } from "@hospipay/contract";
import { describe, expect, it, vi } from "vitest";
import type { GatewayVerdict, PaymentGateway } from "./gateway";
import { GatewayQueries } from "./gateway-queries";

const PENDING: GatewayVerdict = { state: "pending", gatewayStatus: "021" };
const PAID: GatewayVerdict = { state: "paid", amountPaidKobo: 100, currency: "NGN", gatewayStatus: "01" };

/** A gateway whose status queries the test answers one by one. */
function fakeGateways() {
  const pending: Array<{ resolve: (v: GatewayVerdict) => void; reject: (e: Error) => void }> = [];
  const check = vi.fn(
    () =>
      new Promise<GatewayVerdict>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
  );
  const gateway = { check } as unknown as PaymentGateway;
  const gateways = { remita: gateway, monnify: gateway, paystack: gateway } as Record<GatewayKey, PaymentGateway>;
  const next = () => {
    const first = pending.shift();
    if (!first) throw new Error("no query in flight");
    return first;
  };
  return { gateways, check, next };
}

const payment = (rrr: string) => ({ reference: `HSP-${rrr}`, gatewayReference: rrr });

describe("GatewayQueries", () => {
  it("shares one query among asks made while it is in flight, recent ones included or not", async () => {
    const { gateways, check, next } = fakeGateways();
    const queries = new GatewayQueries(gateways, 5_000, () => 1_000);
    const asks = [
      queries.check("remita", payment("1"), { reuseRecent: true }),
      queries.check("remita", payment("1"), { reuseRecent: true }),
      queries.check("remita", payment("1"), { reuseRecent: false }),
    ];
    await Promise.resolve();
    next().resolve(PENDING);
    const answers = await Promise.all(asks);
    expect(check).toHaveBeenCalledTimes(1);
    expect(answers.map((a) => a.source)).toEqual(["asked", "shared", "shared"]);
    expect(answers.every((a) => a.outcome.ok && a.outcome.verdict === PENDING)).toBe(true);
    expect(answers[0]!.askAgainAt).toBe(6_000);
  });

  it("reuses a completed answer, verdict or failure, within the cool-down only, and never for a fresh ask", async () => {
    const { gateways, check, next } = fakeGateways();
    let now = 10_000;
    const queries = new GatewayQueries(gateways, 5_000, () => now);
    const first = queries.check("remita", payment("2"), { reuseRecent: true });
    await Promise.resolve();
    next().reject(new Error("timeout"));
    expect((await first).outcome).toMatchObject({ ok: false });

    now = 14_999;
    const reused = await queries.check("remita", payment("2"), { reuseRecent: true });
    expect(reused).toMatchObject({ source: "recent", askAgainAt: 15_000, outcome: { ok: false } });
    // Another payment, another gateway: their own queries.
    const other = queries.check("monnify", payment("2"), { reuseRecent: true });
    await Promise.resolve();
    next().resolve(PENDING);
    expect((await other).source).toBe("asked");
    // A fresh ask (the worker, a signed webhook) queries within the cool-down.
    const fresh = queries.check("remita", payment("2"), { reuseRecent: false });
    await Promise.resolve();
    next().resolve(PAID);
    expect(await fresh).toMatchObject({ source: "asked", outcome: { ok: true, verdict: PAID } });
    expect(check).toHaveBeenCalledTimes(3);
    // Its answer is now the one reused, until its own cool-down ends.
    expect(await queries.check("remita", payment("2"), { reuseRecent: true })).toMatchObject({
      source: "recent",
      outcome: { ok: true, verdict: PAID },
    });
    now = 14_999 + 5_000;
    const after = queries.check("remita", payment("2"), { reuseRecent: true });
    await Promise.resolve();
    next().resolve(PENDING);
    expect((await after).source).toBe("asked");
    expect(check).toHaveBeenCalledTimes(4);
  });

  it("with no cool-down, only shares a query in flight", async () => {
    const { gateways, check, next } = fakeGateways();
    const queries = new GatewayQueries(gateways, 0, () => 0);
    const ask = () => queries.check("paystack", payment("3"), { reuseRecent: true });
    const first = ask();
    await Promise.resolve();
    next().resolve(PENDING);
    await first;
    const second = ask();
    await Promise.resolve();
    next().resolve(PAID);
    expect((await second).source).toBe("asked");
    expect(check).toHaveBeenCalledTimes(2);
  });
});
