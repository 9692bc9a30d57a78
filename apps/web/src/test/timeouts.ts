/**
 * How long a lazy screen may take to load in jsdom: up to ~6 s on the slower two-core machines while the API
 * suites run beside the web tests (npm test). Testing Library's waits use it (setup.ts); a wait still fails
 * when the element never comes.
 */
export const LAZY_SCREEN_MS = 10_000;
