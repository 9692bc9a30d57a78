import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { LAZY_SCREEN_MS } from "./timeouts";

// Screens load lazily (route-level code splitting): on a busy CI machine importing a chunk under
// Vite's transform can take longer than Testing Library's default second (timeouts.ts).
configure({ asyncUtilTimeout: LAZY_SCREEN_MS });

// jsdom has no layout engine: scrolling is a no-op we can observe.
Element.prototype.scrollIntoView = vi.fn();
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
