// The service worker's copies of answers about a payer (pwa-options.ts): which caches hold them, and when
// they go. Kept free of React, so that the session store and the boot entry use it too.
import { getToken } from "./session/token";

/** The receipts seen in this session (the worker's receipts route writes them; pwa-options.ts). */
export const SESSION_RECEIPTS_CACHE = "receipts";

/** Receipts a guest chose to keep on this device ("Keep this receipt on this device"). */
export const KEPT_RECEIPTS_CACHE = "receipts-kept";

/**
 * The caches that end with a session: emptied on every sign-out (logout, a refused or revoked token, a
 * password changed elsewhere), when another account signs in, and for a guest when a new tab starts.
 */
export const PAYER_CACHES = [SESSION_RECEIPTS_CACHE] as const;

/** sessionStorage key marking that this tab's session has started (`startTabSession`). */
export const TAB_SESSION_KEY = "offlineSession";

const MATCH = { ignoreVary: true } as const;

function cacheStorage(): CacheStorage | undefined {
  return typeof caches === "undefined" ? undefined : caches;
}

/** Deletes the session's copies of payer answers (PAYER_CACHES); a browser without caches has none. */
export async function forgetPayerCaches(): Promise<void> {
  const storage = cacheStorage();
  if (!storage) return;
  await Promise.all(PAYER_CACHES.map((name) => storage.delete(name).catch(() => false)));
}

/** Deletes every copy of payer answers, the receipts a guest chose to keep too (Privacy Settings). */
export async function forgetAllPayerCopies(): Promise<void> {
  const storage = cacheStorage();
  await forgetPayerCaches();
  await storage?.delete(KEPT_RECEIPTS_CACHE).catch(() => false);
}

function tabSessionStarted(): boolean {
  try {
    if (sessionStorage.getItem(TAB_SESSION_KEY) !== null) return true;
    sessionStorage.setItem(TAB_SESSION_KEY, "1");
    return false;
  } catch {
    // Without session storage every page load is a new session.
    return false;
  }
}

/**
 * Called once per page load, before the first render. The first load of a tab without a signed-in user
 * starts a guest's session: the receipts an earlier guest session saw are deleted, and only those a guest
 * chose to keep remain. A signed-in user's receipts stay until sign-out.
 */
export async function startTabSession(): Promise<void> {
  if (tabSessionStarted() || getToken() !== null) return;
  await forgetPayerCaches();
}

/** Whether the receipt answered at `url` is kept on this device. */
export async function isReceiptKept(url: string): Promise<boolean> {
  const storage = cacheStorage();
  if (!storage) return false;
  const kept = await storage.open(KEPT_RECEIPTS_CACHE);
  return (await kept.match(url, MATCH)) !== undefined;
}

/**
 * Keeps the receipt answered at `url` on this device beyond the session: the session's copy, else a fresh
 * answer. False when there is none to keep (offline with no copy, an error answer).
 */
export async function keepReceipt(url: string): Promise<boolean> {
  const storage = cacheStorage();
  if (!storage) return false;
  const seen = await (await storage.open(SESSION_RECEIPTS_CACHE)).match(url, MATCH);
  const answer = seen ?? (await fetch(url, { headers: { Accept: "application/json" } }).catch(() => undefined));
  if (!answer?.ok) return false;
  await (await storage.open(KEPT_RECEIPTS_CACHE)).put(url, answer);
  return true;
}

/** Removes the receipt answered at `url` from those kept on this device. */
export async function forgetKeptReceipt(url: string): Promise<void> {
  const storage = cacheStorage();
  if (!storage) return;
  await (await storage.open(KEPT_RECEIPTS_CACHE)).delete(url, MATCH);
}
