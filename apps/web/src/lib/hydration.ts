import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False while a page prerendered at build time (main.tsx) is being hydrated, and in the prerender itself;
 * true once the app runs the page, and from the start on every page rendered in the browser alone.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
