// The installable, offline-capable app (issue 24): the web manifest and the service worker that
// vite-plugin-pwa writes with Workbox's generateSW (dist/manifest.webmanifest, dist/sw.js). The app
// registers the worker itself after load (src/lib/register-service-worker.ts).
//   - Precache: every page's HTML (build-pages.ts), the generic shell (index.html), CSS, JavaScript but the
//     two big staff-only chunks (the QR scanner and the chart), icons and the manifest.
//   - Navigations to the app's pages go to the network, as without a worker; only when it fails (offline)
//     are they answered from the precache: the page's own HTML, else the generic shell. The server's own
//     paths (contract SERVER_PATH_PREFIXES) are never answered by the worker.
//   - The app's requests for the catalogue and for the receipts already seen (a payment by its reference,
//     a receipt code's check) are network first, falling back to the last answer. Nothing else of the API is cached, and
//     no request is ever queued (no background sync): only GETs are routed at all.
import type { VitePWAOptions } from "vite-plugin-pwa";
// Relative, for Vite's config loader (see vite.config.ts).
import { API_PATHS, SERVER_PATH_PREFIXES } from "../../packages/contract/src/api-paths.ts";

/** The app's palette (index.html theme-color, the mark's teal; the pages' slate-50 background). */
const THEME_COLOR = "#0f766e";
const BACKGROUND_COLOR = "#f8fafc";

/**
 * The query that marks a page's HTML in the precache. Precached under its plain URL, the page would be
 * answered from the cache first, even online; marked, only the offline fallback below finds it.
 */
const SHELL_MARK = "pwa-shell";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** A RegExp for the paths of `routes`, each `:name` one path segment. */
function routesPattern(routes: string[]): RegExp {
  return new RegExp(`^(?:${routes.map((route) => escapeRegExp(route).replace(/:\w+/g, "[^/]+")).join("|")})$`);
}

/**
 * A route matcher for the service worker. generateSW copies a matcher's source text into sw.js, so the
 * patterns taken from the contract must be part of that text, not of a closure: hence `new Function`.
 */
function workerMatcher(
  condition: string,
): ({ url, request, sameOrigin }: { url: URL; request: Request; sameOrigin: boolean }) => boolean {
  return new Function("{ url, request, sameOrigin }", `return sameOrigin && ${condition};`) as never;
}

const serverPath = new RegExp(`^(?:${SERVER_PATH_PREFIXES.map(escapeRegExp).join("|")})`);
const catalogue = routesPattern([
  API_PATHS.catalogueDepartments,
  API_PATHS.catalogueRevenueHeads,
  API_PATHS.catalogueServices,
  API_PATHS.departmentRevenueHeads.route,
]);
// What /payment-success (and the bank-details page) and /verify-receipt read.
const receipts = routesPattern([API_PATHS.payment.route, API_PATHS.receipt.route]);

/** The page file of build-pages.ts (pages/login.html) or the shell (index.html) as the URL it is served at. */
function pageUrl(file: string): string | undefined {
  if (file === "index.html") return "/index.html";
  const page = /^pages\/(.+)\.html$/.exec(file)?.[1];
  if (page === undefined) return undefined;
  return page === "index" ? "/" : `/${page}`;
}

export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: "generateSW",
  // src/lib/register-service-worker.ts registers it after load, from a lazily imported chunk.
  injectRegister: false,
  manifest: {
    name: "Hospipay",
    short_name: "Hospipay",
    description: "Pay hospital bills in Naira as a guest or from your wallet.",
    id: "/",
    start_url: "/",
    scope: "/",
    display: "standalone",
    lang: "en",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  },
  // build-pages.ts writes dist/pages/ in its own closeBundle: the worker's precache must see them.
  integration: { closeBundleOrder: "post" },
  // The icons are in the precache through globPatterns already.
  includeManifestIcons: false,
  workbox: {
    globPatterns: ["**/*.{html,js,css,svg,png}"],
    globIgnores: ["**/*.map", ".vite/**", "assets/qr-scan-panel-*.js", "assets/revenue-chart-*.js"],
    manifestTransforms: [
      (entries) => ({
        manifest: entries.map((entry) => {
          if (!entry.url.endsWith(".html")) return entry;
          const url = pageUrl(entry.url);
          if (url === undefined) throw new Error(`pwa-options: ${entry.url} is not a page of build-pages.ts`);
          return { ...entry, url: `${url}?${SHELL_MARK}` };
        }),
        warnings: [],
      }),
    ],
    // Navigations are the route below, never a cache-first fallback.
    navigateFallback: null,
    inlineWorkboxRuntime: true,
    sourcemap: false,
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        urlPattern: workerMatcher(`request.mode === "navigate" && !${serverPath}.test(url.pathname)`),
        handler: "NetworkOnly",
        options: {
          plugins: [
            {
              // Offline: the page's precached HTML (marked with SHELL_MARK, which ignoreSearch skips), else the generic shell.
              handlerDidError: async ({ request }: { request: Request }) => {
                const options = { ignoreSearch: true, ignoreVary: true };
                const page = await caches.match(new URL(request.url).pathname, options);
                return page ?? (await caches.match("/index.html", options)) ?? Response.error();
              },
            },
          ],
        },
      },
      {
        urlPattern: workerMatcher(`request.mode !== "navigate" && request.method === "GET" && ${catalogue}.test(url.pathname)`),
        handler: "NetworkFirst",
        options: {
          cacheName: "catalogue",
          networkTimeoutSeconds: 6,
          matchOptions: { ignoreVary: true },
          expiration: { maxEntries: 80 },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        urlPattern: workerMatcher(`request.mode !== "navigate" && request.method === "GET" && ${receipts}.test(url.pathname)`),
        handler: "NetworkFirst",
        options: {
          // src/lib/payer-caches.ts SESSION_RECEIPTS_CACHE: emptied on every sign-out, on another account's
          // sign-in, for a guest when a new tab starts, and by Privacy Settings.
          cacheName: "receipts",
          matchOptions: { ignoreVary: true },
          expiration: { maxEntries: 50, maxAgeSeconds: 90 * 24 * 60 * 60 },
          cacheableResponse: { statuses: [200] },
          plugins: [
            {
              // No answer and no copy of this session: the copy a guest chose to keep on this device
              // (src/lib/payer-caches.ts KEPT_RECEIPTS_CACHE), if any.
              handlerDidError: async ({ request }: { request: Request }) =>
                (await (await caches.open("receipts-kept")).match(request, { ignoreVary: true })) ?? undefined,
              // A kept receipt follows each fresh answer (a refund, say).
              fetchDidSucceed: async ({ request, response }: { request: Request; response: Response }) => {
                if (response.status !== 200) return response;
                const kept = await caches.open("receipts-kept");
                if (await kept.match(request, { ignoreVary: true })) await kept.put(request, response.clone());
                return response;
              },
            },
          ],
        },
      },
      {
        // Hashed, never-changing files outside the precache (the staff-only chunks): kept once fetched.
        urlPattern: workerMatcher(`/^\\/assets\\//.test(url.pathname)`),
        handler: "CacheFirst",
        options: { cacheName: "assets", expiration: { maxEntries: 40 }, cacheableResponse: { statuses: [200] } },
      },
    ],
  },
};
