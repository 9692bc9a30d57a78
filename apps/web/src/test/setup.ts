import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { DEFAULT_LOCALE } from "@hospipay/contract";
import { getLocale, setLocale } from "../i18n/locale-store";
import { forgetEarlyRequests } from "../lib/session/early-profile";
import { barProps, startQrScanStub } from "./module-stubs";
import { forgetRenderedApps } from "./render-app";
import { LAZY_SCREEN_MS } from "./timeouts";

// Modules every web test replaces, the same way in every file (a worker's files share their modules, so a
// mock of one file only would depend on which file loaded the module first): module-stubs.tsx.
vi.mock("react-chartjs-2", async () => ({ Bar: (await import("./module-stubs")).BarStub }));
vi.mock("../features/receipts/utils/qr-scanner", async () => ({ startQrScan: (await import("./module-stubs")).startQrScanStub }));

// Screens load lazily (route-level code splitting): on a busy CI machine importing a chunk under
// Vite's transform can take longer than Testing Library's default second (timeouts.ts).
configure({ asyncUtilTimeout: LAZY_SCREEN_MS });

// jsdom has no layout engine: scrolling is a no-op we can observe.
Element.prototype.scrollIntoView = vi.fn();
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// The test files of a worker share its modules (isolate: false in vite.config.ts): what a test leaves in a
// module's state (the language chosen, an early request, a query's retry) is reset here, as a new page would.
afterEach(() => {
  cleanup();
  forgetRenderedApps();
  barProps.length = 0;
  startQrScanStub.mockReset();
  forgetEarlyRequests();
  if (getLocale() !== DEFAULT_LOCALE) setLocale(DEFAULT_LOCALE);
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
