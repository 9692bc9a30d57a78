import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./support/whole-app";

/** End-to-end journeys in Debian's Chromium (never a downloaded browser). */
export default defineConfig({
  testDir: ".",
  testMatch: "**/*.spec.ts",
  globalSetup: "./global-setup.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A journey takes up to ~40 s alone on the slower of the two-core machines, and more beside the API suites
  // (npm test runs them together): each step still fails at its own wait (expect: 10 s).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  // Each shard of scripts/e2e.mjs (E2E_SHARD) keeps its failures' screenshots apart.
  outputDir: process.env.E2E_SHARD ? `../test-results/shard-${process.env.E2E_SHARD}` : "../test-results",
  use: {
    browserName: "chromium",
    headless: true,
    viewport: { width: 390, height: 844 },
    trace: "off",
    // The app's service worker answers some requests itself, which page.route() would then never see:
    // only offline.spec.ts, which is about the worker, lets it run.
    serviceWorkers: "block",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
});
