import { useSyncExternalStore } from "react";

/**
 * Whether the toast area is needed yet: it is from the first toast on (see `toast.ts`). Until then the
 * toast library stays out of the download.
 */
let needed = false;
const listeners = new Set<() => void>();

/** Asks the app shell to mount the toast area (idempotent). */
export function requireToastArea(): void {
  if (needed) return;
  needed = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once a toast has been shown. */
export function useToastAreaNeeded(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => needed,
    () => false,
  );
}
