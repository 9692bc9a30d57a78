import { configDefaults, defineProject } from "vitest/config";

/**
 * Test files whose results cannot depend on the database engine: pure functions, and the HTTP layer's
 * tables (access matrix, fuzz, bad input, paths, headers, tokens, settings, logs, the web shell), which reach the
 * database only through statements the other files run on both. They run once: on PGlite, or on the
 * PostgreSQL server when TEST_ENGINE_INDEPENDENT=postgres (npm test does so when the server is there, to
 * even out its two API lanes); every other file runs on PGlite and again on the server (TEST_DB=postgres).
 */
export const ENGINE_INDEPENDENT = [
  // pure functions: no database is opened
  "src/import-graph.test.ts",
  "src/lib/i18n.test.ts",
  "src/lib/json-reply.test.ts",
  "src/lib/periodic-task.test.ts",
  "src/lib/round-batch.test.ts",
  "src/modules/accounts/tokens.test.ts",
  "src/modules/bills/bill-part-shares.test.ts",
  "src/modules/gateways/gateway-queries.test.ts",
  "src/modules/kyc-tiers/tiers.test.ts",
  "src/modules/mail/mail-i18n.test.ts",
  "src/modules/mail/mail-templates.test.ts",
  "src/modules/mail/mail.worker.test.ts",
  "src/modules/payments/payments.worker.test.ts",
  "src/modules/payments/purpose.test.ts",
  "src/modules/staff-invoices/staff-day-totals.worker.test.ts",
  "src/lib/change-count-cache.test.ts",
  "src/modules/hmos/hmo-coverage.test.ts",
  "src/plugins/locale.test.ts",
  // the HTTP layer's tables
  "src/test/access-matrix.test.ts",
  "src/plugins/access.test.ts",
  "src/test/bad-input.test.ts",
  "src/test/fuzz.test.ts",
  "src/test/api-paths.test.ts",
  "src/test/tokens.test.ts",
  "src/plugins/security-headers.test.ts",
  "src/env.test.ts",
  "src/lib/logger.test.ts",
  "src/modules/web/web.test.ts",
];

/** Files about the embedded database's own commands (DATA_DIR), whatever TEST_DB says: the PGlite run only. */
export const EMBEDDED_ONLY = ["src/cli/backup.test.ts", "src/cli/ledger-check.test.ts"];

const onServer = process.env.TEST_DB === "postgres";
const independentOnServer = process.env.TEST_ENGINE_INDEPENDENT === "postgres";
const excluded = onServer
  ? [...EMBEDDED_ONLY, ...(independentOnServer ? [] : ENGINE_INDEPENDENT)]
  : independentOnServer
    ? ENGINE_INDEPENDENT
    : [];

export default defineProject({
  test: {
    name: "api",
    include: ["src/**/*.test.ts"],
    exclude: [...configDefaults.exclude, ...excluded],
    globalSetup: ["src/test/migrated-database.ts"],
    // The tests that start processes (CLI, backup drill) take over 30 s on the slower two-core machines beside the other lanes.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    // The files of one worker share its process and module graph: the app's modules are loaded once per
    // worker, not once per file. No file mocks a module; each builds its own app and database.
    isolate: false,
  },
});
