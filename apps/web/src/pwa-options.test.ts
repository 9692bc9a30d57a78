// The service worker's routing (pwa-options.ts): which requests it answers, from which cache, and what it
// does offline with a page. The matchers are the very functions generateSW copies into sw.js.
import type { RuntimeCaching } from "workbox-build";
import { describe, expect, it, vi } from "vitest";
import { pwaOptions } from "../pwa-options";
import { KEPT_RECEIPTS_CACHE, SESSION_RECEIPTS_CACHE } from "./lib/payer-caches";
import { fakeCaches } from "./test/fake-caches";

const ORIGIN = "https://hospipay.example";
const routes = (pwaOptions.workbox?.runtimeCaching ?? []) as RuntimeCaching[];

type Matcher = (options: { url: URL; request: { mode: string; method: string }; sameOrigin: boolean }) => boolean;

/** The runtime route that would answer the request, by its handler and cache; undefined when none does. */
function routeFor(path: string, { mode = "cors", method = "GET", origin = ORIGIN } = {}) {
  const url = new URL(path, origin);
  const route = routes.find((entry) =>
    (entry.urlPattern as unknown as Matcher)({ url, request: { mode, method }, sameOrigin: url.origin === ORIGIN }),
  );
  if (!route) return undefined;
  const handler = route.handler as string;
  return route.options?.cacheName ? `${handler} ${route.options.cacheName}` : handler;
}

describe("the service worker's routes", () => {
  it.each(["/", "/login", "/payment-success?reference=HSP-1", "/pay/abc123", "/profile/edit", "/no/such/page"])(
    "a navigation to the app's page %s goes to the network, with the offline fallback",
    (path) => {
      expect(routeFor(path, { mode: "navigate" })).toBe("NetworkOnly");
    },
  );

  it.each([
    "/api/catalogue/departments/",
    "/auth/login/",
    "/express/checkout/",
    "/invoices/invoices/filter/",
    "/sandbox/mailbox",
    "/docs",
    "/docs/json",
    "/healthz",
    "/readyz",
    "/metrics",
    "/verify-email/",
    "/resend-verification-code/",
  ])("a navigation to the server's own path %s is never answered by the worker", (path) => {
    expect(routeFor(path, { mode: "navigate" })).toBeUndefined();
  });

  it.each([
    "/api/catalogue/departments/",
    "/api/catalogue/revenue-heads/",
    "/api/catalogue/services/?search=malaria",
    "/api/catalogue/departments/12/revenue-heads/",
  ])("the catalogue's GET %s is network first, kept in 'catalogue'", (path) => {
    expect(routeFor(path)).toBe("NetworkFirst catalogue");
  });

  it.each(["/api/express/payments/HSP-20260101-ABCD/", "/api/receipts/7K3M-Q9XD-2HPA-W4RT/"])(
    "a receipt's GET %s is network first, kept in 'receipts'",
    (path) => {
      expect(routeFor(path)).toBe("NetworkFirst receipts");
    },
  );

  it.each([
    "/auth/profile/",
    "/express/methods/",
    "/api/express/payments/HSP-1/cancel/",
    "/api/staff/receipts/7K3M-Q9XD-2HPA-W4RT/",
    "/api/wallet/transactions/",
    "/api/express/fetch-transactions/?email=a@b.ng",
    "/api/bills/token123/",
    "/invoices/invoices/statistics/",
  ])("nothing else of the API is cached: %s", (path) => {
    expect(routeFor(path)).toBeUndefined();
  });

  it("answers only GETs: no write is cached or queued, and there is no background sync", () => {
    for (const route of routes) {
      expect(route.method ?? "GET").toBe("GET");
      expect(route.options).not.toHaveProperty("backgroundSync");
    }
    expect(JSON.stringify(pwaOptions)).not.toMatch(/backgroundSync/);
  });

  it("leaves other origins alone", () => {
    expect(routeFor("/api/catalogue/departments/", { origin: "https://gateway.example" })).toBeUndefined();
    expect(routeFor("/", { mode: "navigate", origin: "https://gateway.example" })).toBeUndefined();
  });
});

describe("a page requested offline", () => {
  const fallback = routes[0]?.options?.plugins?.[0]?.handlerDidError as (options: { request: Request }) => Promise<Response>;

  function cachesHolding(keys: string[]) {
    const match = vi.fn((path: string, options: { ignoreSearch?: boolean }) => {
      const hit = keys.find((key) => (options.ignoreSearch ? key.split("?")[0] === path : key === path));
      return Promise.resolve(hit ? new Response(`page ${hit}`) : undefined);
    });
    vi.stubGlobal("caches", { match });
    return match;
  }

  it("gets its own precached HTML, whatever its query", async () => {
    cachesHolding(["/login?pwa-shell&__WB_REVISION__=1", "/index.html?pwa-shell&__WB_REVISION__=2"]);
    const answer = await fallback({ request: new Request(`${ORIGIN}/login?next=%2Fdashboard`) });
    expect(await answer.text()).toBe("page /login?pwa-shell&__WB_REVISION__=1");
  });

  it("gets the generic shell when the build wrote no page for its path", async () => {
    cachesHolding(["/index.html?pwa-shell&__WB_REVISION__=2"]);
    const answer = await fallback({ request: new Request(`${ORIGIN}/bank-details/remita/HSP-1`) });
    expect(await answer.text()).toBe("page /index.html?pwa-shell&__WB_REVISION__=2");
  });
});

describe("a receipt requested with no answer from the network", () => {
  const route = routes.find((entry) => entry.options?.cacheName === SESSION_RECEIPTS_CACHE);
  const plugin = route?.options?.plugins?.[0] as {
    handlerDidError: (options: { request: Request }) => Promise<Response | undefined>;
    fetchDidSucceed: (options: { request: Request; response: Response }) => Promise<Response>;
  };
  const url = `${ORIGIN}/api/express/payments/HSP-20260101-ABCD/`;

  it("is answered from the receipts a guest chose to keep on this device", async () => {
    fakeCaches({ [KEPT_RECEIPTS_CACHE]: { [url]: '{"reference":"HSP-20260101-ABCD"}' } });
    const answer = await plugin.handlerDidError({ request: new Request(url) });
    expect(await answer?.text()).toBe('{"reference":"HSP-20260101-ABCD"}');
  });

  it("fails as without the worker when it was not kept", async () => {
    fakeCaches({ [KEPT_RECEIPTS_CACHE]: {} });
    expect(await plugin.handlerDidError({ request: new Request(url) })).toBeUndefined();
  });

  it("a kept receipt is replaced by each fresh answer; one not kept is not added", async () => {
    const caches = fakeCaches({ [KEPT_RECEIPTS_CACHE]: { [url]: '{"status":"pending"}' } });
    const fresh = await plugin.fetchDidSucceed({ request: new Request(url), response: new Response('{"status":"completed"}') });
    expect(await fresh.text()).toBe('{"status":"completed"}');
    const kept = await (await globalThis.caches.open(KEPT_RECEIPTS_CACHE)).match(url);
    expect(await kept?.text()).toBe('{"status":"completed"}');
    const other = `${ORIGIN}/api/express/payments/HSP-20260101-WXYZ/`;
    await plugin.fetchDidSucceed({ request: new Request(other), response: new Response("{}") });
    expect(caches.paths(KEPT_RECEIPTS_CACHE)).toEqual(["/api/express/payments/HSP-20260101-ABCD/"]);
  });
});

describe("the precache", () => {
  const transform = pwaOptions.workbox?.manifestTransforms?.[0];

  it("keeps each page's HTML under its address, marked so that only the offline fallback finds it", async () => {
    const result = await transform!([
      { url: "index.html", revision: "a", size: 1 },
      { url: "pages/index.html", revision: "b", size: 1 },
      { url: "pages/login.html", revision: "c", size: 1 },
      { url: "pages/profile/edit.html", revision: "d", size: 1 },
      { url: "assets/index-abc.js", revision: null, size: 1 },
    ]);
    expect(result.manifest.map((entry) => entry.url)).toEqual([
      "/index.html?pwa-shell",
      "/?pwa-shell",
      "/login?pwa-shell",
      "/profile/edit?pwa-shell",
      "assets/index-abc.js",
    ]);
  });

  it("leaves out the staff-only QR scanner and chart", () => {
    expect(pwaOptions.workbox?.globIgnores).toEqual(
      expect.arrayContaining(["assets/qr-scan-panel-*.js", "assets/revenue-chart-*.js"]),
    );
  });
});
