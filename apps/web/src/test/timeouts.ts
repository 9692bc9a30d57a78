/**
 * How long a lazy screen may take to load in jsdom: up to ~11 s on a two-core machine while the API
 * suites run beside the web tests (npm test). Testing Library's waits use it (setup.ts); a wait still fails
 * when the element never comes.
 */
export const LAZY_SCREEN_MS = 20_000;

/**
 * How long a screen may take to show a query's failure: the lazy screen's load, then the query's retries
 * (React Query waits 1 s, then 2 s, between attempts; staff queries retry twice, SPEC §9).
 */
export const AFTER_RETRIES_MS = LAZY_SCREEN_MS + 5_000;
