import { API_PATHS } from "@hospipay/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentsHarness, guestCheckout, itemFor, type PaymentsHarness } from "../../test/payments-harness";
import { buildUser } from "../../test/test-app";

/** Anonymous checkouts per client address (the "checkout" policy of plugins/rate-limits.ts). */

const MAX = 3;
let h: PaymentsHarness;
let body: ReturnType<typeof guestCheckout>;
/** A checkout for `qty` of the service: each quantity is another cart, so another payment, not the first one continued. */
let bodyFor: (qty: number) => ReturnType<typeof guestCheckout>;

/** POST /express/checkout/ over the app's real port. */
async function checkout(payload: unknown, token?: string) {
  const response = await fetch(`${h.apiUrl}${API_PATHS.checkout}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(payload),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    json: (await response.json()) as Record<string, unknown>,
  };
}

beforeAll(async () => {
  h = await createPaymentsHarness({ CHECKOUT_RATE_LIMIT_MAX: String(MAX), CHECKOUT_RATE_LIMIT_WINDOW_MS: "60000" });
  const service = (await h.catalogue()).find((s) => s.fixed_price !== "no")!;
  bodyFor = (qty) => guestCheckout([itemFor(service, qty)], "remita");
  body = bodyFor(1);
});
afterAll(async () => {
  await h?.close();
});

describe("POST /express/checkout/ without signing in", () => {
  it("takes CHECKOUT_RATE_LIMIT_MAX checkouts from one address in a window, then answers 429 with Retry-After", async () => {
    for (let i = 0; i < MAX; i += 1) {
      const res = await checkout(bodyFor(i + 1));
      expect(res.status, `checkout ${i + 1}: ${JSON.stringify(res.json)}`).toBe(201);
    }
    const over = await checkout(bodyFor(MAX + 1));
    expect(over.status).toBe(429);
    expect(over.json).toEqual({ detail: "Too many requests. Please wait a minute and try again.", code: "throttled" });
    expect(Number(over.retryAfter)).toBeGreaterThan(0);
    expect(Number(over.retryAfter)).toBeLessThanOrEqual(60);
    // Nothing was created for the refused one.
    const { rows } = await h.t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM invoices WHERE purpose = 'checkout'");
    expect(rows[0]!.n).toBe(MAX);
  });

  it("leaves a signed-in customer's own checkouts alone", async () => {
    const customer = await buildUser(h.t);
    expect((await checkout(body)).status).toBe(429);
    for (let i = 0; i < MAX + 1; i += 1) expect((await checkout(body, customer.token)).status, `signed in ${i + 1}`).toBe(201);
  });
});
