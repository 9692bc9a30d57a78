// npm test: every check the project has, in order, stopping at the first failure.
//   lint → format → typecheck → unit/API tests (PGlite) → API tests on PostgreSQL (when TEST_DATABASE_URL
//   is set) → end-to-end journeys in headless Chromium.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const steps = [
  { name: "lint", cmd: ["npm", "run", "lint"] },
  { name: "format", cmd: ["npx", "prettier", "--check", "."] },
  { name: "typecheck", cmd: ["npm", "run", "typecheck"] },
  { name: "unit and API tests (PGlite)", cmd: ["npx", "vitest", "run"] },
];
if (process.env.TEST_DATABASE_URL) {
  steps.push({
    name: "API tests (PostgreSQL server)",
    cmd: ["npx", "vitest", "run", "--project", "api"],
    env: { TEST_DB: "postgres" },
  });
} else {
  console.log("TEST_DATABASE_URL is not set: the API suite runs on PGlite only (set it to run it on a PostgreSQL server too).");
}
steps.push({ name: "end-to-end (Chromium)", cmd: ["node", "scripts/e2e.mjs"] });

const results = [];
for (const step of steps) {
  console.log(`\n━━ ${step.name} ━━`);
  const started = Date.now();
  const run = spawnSync(step.cmd[0], step.cmd.slice(1), { cwd: root, stdio: "inherit", env: { ...process.env, ...step.env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push(`${run.status === 0 ? "ok  " : "FAIL"} ${step.name} (${seconds}s)`);
  if (run.status !== 0) {
    console.log(`\n${results.join("\n")}`);
    process.exit(run.status ?? 1);
  }
}
console.log(`\n${results.join("\n")}`);
