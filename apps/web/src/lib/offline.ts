// Being offline: whether the browser has a connection, and the
// check every pay or fund action makes before it sends anything. Nothing is ever queued for later: a
// payment is made while the payer watches, or not at all.
import { useCallback, useState, useSyncExternalStore } from "react";
import { t } from "../i18n";
import { offlineMessages } from "./messages";

export { offlineMessages } from "./messages";

/**
 * The service worker's caches (vite.config.ts) that hold answers about a payer: the receipts already
 * seen. Emptied on logout and by Privacy Settings, so that a shared phone does not keep them.
 */
export const PAYER_CACHES = ["receipts"] as const;

/** True when the browser says it has no network (`navigator.onLine` false). */
export function isOffline(): boolean {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/**
 * Whether the browser is offline, following its online and offline events. A page rendered at build
 * time, and its hydration, count as online, so that the banner never differs from the prerendered HTML.
 */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}

/**
 * For a pay or fund action: `refuse()` is true (and the refusal is shown) when the browser is offline,
 * in which case the action must stop there. The refusal goes away once the connection is back.
 */
export function useOfflineRefusal(): { refusal: string | undefined; refuse: () => boolean } {
  const offline = useOffline();
  const [refused, setRefused] = useState(false);
  // Back online: the refusal is over, and a later loss of connection does not bring it back unasked.
  if (refused && !offline) setRefused(false);
  const refuse = useCallback(() => {
    const now = isOffline();
    setRefused(now);
    return now;
  }, []);
  return { refusal: refused ? t(offlineMessages.payRefusal) : undefined, refuse };
}

/** Deletes the service worker's copies of payer answers (PAYER_CACHES); a browser without caches has none. */
export async function forgetPayerCaches(): Promise<void> {
  if (typeof caches === "undefined") return;
  await Promise.all(PAYER_CACHES.map((name) => caches.delete(name).catch(() => false)));
}
