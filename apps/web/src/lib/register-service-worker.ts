// Loaded by main.tsx once the page has loaded, as a chunk of its own, so that the first download of a
// page carries none of it.

/** The service worker the build writes (vite.config.ts, vite-plugin-pwa): the offline shell, catalogue and receipts. */
export const SERVICE_WORKER_URL = "/sw.js";

/**
 * Registers the service worker for the whole site. A new build's worker takes over by itself (skipWaiting,
 * clientsClaim): no prompt, and no open page is reloaded for it, which could interrupt a payment. A browser
 * that refuses the worker (private mode, an old browser) just works online.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" }).catch(() => undefined);
}
