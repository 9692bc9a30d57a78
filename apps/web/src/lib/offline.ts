// Being offline: whether the browser has a connection, and the
// check every pay or fund action makes before it sends anything. Nothing is ever queued for later: a
// payment is made while the payer watches, or not at all.
import { useCallback, useState, useSyncExternalStore } from "react";
import { t } from "../i18n";
import { offlineMessages } from "./messages";

export { offlineMessages } from "./messages";

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
