// npm test: every check the project has, as three lanes side by side (the steps of one lane in order):
//   end-to-end, server   the web app's build, then the Playwright journeys in headless Chromium (scripts/e2e.mjs);
//                        then the API suite on the server at TEST_DATABASE_URL (when set), with the
//                        engine-independent API files (apps/api/vitest.config.ts)
//   static, web          lint → format → typecheck → unit and web tests (contract, sandbox, web, deploy)
//   API on PGlite        the API suite on the embedded database
// The journeys mostly wait, as a person does (seconds on a screen); the other steps are pure CPU and run at a
// lower priority (nice 10), so they take every cycle the journeys leave without stretching the journeys' waits
// past their limits. The server's run follows the journeys, so that the PGlite run, the longest, has a core
// to itself once the static checks end.
// Each step's output goes to test-logs/<step>.log; a failed step's log is printed whole, a passed
// step's last lines (its counts). A failed step does not stop the steps after it. At the end: each step's
// time and result, then each failed step's failing lines again. TEST_SERIAL=1 runs the steps one after
// another with their output on the terminal, as a person debugging wants it.
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync } from "node:fs";
import { setPriority } from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const logDir = path.join(root, "test-logs");
const serial = process.env.TEST_SERIAL === "1";

/** Background lanes' priority: below the journeys', whose app and browser answer a person's clicks. */
const BACKGROUND_NICE = 10;
const server = Boolean(process.env.TEST_DATABASE_URL);
/**
 * npm test runs each fast-check property at PROPERTY_RUNS cases (default 100, fast-check's own default, from a fixed seed);
 * npm run test:full (TEST_FULL=1) at the size each test sets itself (1,000).
 */
const full = process.env.TEST_FULL === "1";
const vitestEnv = {
  ...(full || process.env.PROPERTY_RUNS ? {} : { PROPERTY_RUNS: "100" }),
  // With the server there, the engine-independent API files run in its lane (apps/api/vitest.config.ts).
  ...(server ? { TEST_ENGINE_INDEPENDENT: "postgres" } : {}),
};

const lanes = [
  // First, so that its build (at full priority) is ready before the other lanes fill the machine.
  { name: "end-to-end, server", steps: [{ name: "end-to-end (Chromium)", cmd: ["node", "scripts/e2e.mjs"] }] },
  {
    name: "static checks, web",
    steps: [
      { name: "lint", cmd: ["npm", "run", "lint"], background: true },
      {
        name: "format",
        cmd: ["npx", "prettier", "--check", ".", "--cache", "--cache-location", "node_modules/.cache/prettier/cache"],
        background: true,
      },
      { name: "typecheck", cmd: ["npm", "run", "typecheck"], background: true },
      {
        name: "unit and web tests",
        // Two workers: its many small jsdom files are the last work of the run, which then keeps both cores busy.
        cmd: [
          "npx",
          "vitest",
          "run",
          "--maxWorkers",
          "2",
          "--project",
          "contract",
          "--project",
          "sandbox",
          "--project",
          "web",
          "--project",
          "deploy",
        ],
        env: vitestEnv,
        background: true,
      },
    ],
  },
  // The API suite on PGlite; on the server after the journeys (two CPU-bound lanes beside the journeys, not
  // three: on the slower two-core machines three starved the tests that time what they wait for).
  {
    name: "API on PGlite",
    steps: [{ name: "API tests (PGlite)", cmd: ["npx", "vitest", "run", "--project", "api"], env: vitestEnv, background: true }],
  },
];
if (server) {
  lanes[0].steps.push({
    name: "API tests (PostgreSQL server)",
    cmd: ["npx", "vitest", "run", "--project", "api"],
    env: { ...vitestEnv, TEST_DB: "postgres" },
    background: true,
  });
} else {
  console.log("TEST_DATABASE_URL is not set: the API suite runs on PGlite only (set it to run it on a PostgreSQL server too).");
}

const slug = (name) =>
  name
    .replace(/[^a-z0-9]+/gi, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase();
const clock = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
};
const started = Date.now();

/**
 * CPU time (user + system, ms) of this process's children that have ended, with all their descendants:
 * Linux's cutime and cstime. Read as each step's process ends, the rise since the last reading is that
 * step's CPU (the lanes' steps are the only children). null where /proc is not.
 */
const TICKS_PER_SECOND = 100;
function childrenCpuMs() {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 16 and 17 of stat (cutime, cstime) are the 14th and 15th after the command's name.
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}
let cpuRead = childrenCpuMs();

/**
 * The machine's busy CPU time (ms, every process: user, nice, system, interrupts), from /proc/stat. Unlike a
 * step's own figure it includes what no step waits for: the browsers' helper processes and the PostgreSQL
 * server's. null where /proc is not.
 */
function machineBusyMs() {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    const [user, nice, system, , , irq, softirq] = fields;
    return ((user + nice + system + irq + softirq) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}
const machineBusyAtStart = machineBusyMs();
/** Sets step.cpuMs when the step's process ends. */
function countCpu(child, step) {
  child.on("exit", () => {
    const now = childrenCpuMs();
    if (now !== null && cpuRead !== null) step.cpuMs = now - cpuRead;
    cpuRead = now;
  });
}

/** Runs one step; resolves with its exit code. Serial steps write to the terminal, the others to their log. */
function runStep(step) {
  return new Promise((resolve) => {
    const env = { ...process.env, ...step.env };
    if (serial) {
      console.log(`\n━━ ${step.name} ━━`);
      const child = spawn(step.cmd[0], step.cmd.slice(1), { cwd: root, stdio: "inherit", env });
      countCpu(child, step);
      child.on("close", (code) => resolve(code ?? 1));
      return;
    }
    const log = createWriteStream(step.log);
    const child = spawn(step.cmd[0], step.cmd.slice(1), { cwd: root, stdio: ["ignore", "pipe", "pipe"], env });
    // Set before the step starts its own processes (workers, tsc, Playwright's), which inherit it.
    if (step.background && child.pid) {
      try {
        setPriority(child.pid, BACKGROUND_NICE);
      } catch {
        // a platform without priorities: the lanes share the machine evenly
      }
    }
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    countCpu(child, step);
    child.on("close", (code) => log.end(() => resolve(code ?? 1)));
  });
}

/** Runs a lane's steps in order; a failed step does not stop the ones after it (each checks something else). */
async function runLane(lane) {
  let ok = true;
  for (const step of lane.steps) {
    step.log = path.join(logDir, `${slug(step.name)}.log`);
    if (!serial) console.log(`[${clock(Date.now() - started)}] ${lane.name}: ${step.name} started`);
    const stepStarted = Date.now();
    const code = await runStep(step);
    step.ms = Date.now() - stepStarted;
    step.ok = code === 0;
    if (!serial) {
      console.log(
        `[${clock(Date.now() - started)}] ${lane.name}: ${step.name} ${step.ok ? "passed" : "FAILED"} in ${clock(step.ms)}`,
      );
      const text = existsSync(step.log) ? stripVTControlCharacters(readFileSync(step.log, "utf8")) : "(its log is missing)";
      const shown = step.ok ? text.trimEnd().split("\n").slice(-8).join("\n") : text;
      console.log(`${step.ok ? "" : `\n━━ ${step.name}: its whole output (${path.relative(root, step.log)}) ━━\n`}${shown}\n`);
    }
    if (!step.ok) ok = false;
  }
  return ok;
}

mkdirSync(logDir, { recursive: true });
let ok = true;
if (serial) {
  // One after another: the quick checks first, the journeys last.
  for (const lane of [...lanes.slice(1), lanes[0]]) {
    if (!(await runLane(lane))) ok = false;
  }
} else {
  ok = (await Promise.all(lanes.map(runLane))).every(Boolean);
}

console.log(
  `\nStep times (wall clock, ${serial ? "one after another" : "lanes side by side"}; CPU, user + system, of the step's processes):`,
);
for (const lane of lanes) {
  for (const step of lane.steps) {
    const state = step.ok === undefined ? "not run" : step.ok ? "ok  " : "FAIL";
    const cpu = step.cpuMs === undefined ? "" : `  CPU ${clock(step.cpuMs)}`;
    console.log(`  ${state} ${step.name.padEnd(36)} ${step.ms === undefined ? "" : clock(step.ms)}${cpu}`);
  }
}
const cpuTotal = lanes.flatMap((lane) => lane.steps).reduce((sum, step) => sum + (step.cpuMs ?? 0), 0);
console.log(`  total ${clock(Date.now() - started)}${cpuTotal > 0 ? `  CPU ${clock(cpuTotal)}` : ""}`);
const machineBusy = machineBusyMs();
if (machineBusy !== null && machineBusyAtStart !== null) {
  console.log(
    `  the machine's busy CPU meanwhile (every process, the browsers' and the database server's too): ${clock(machineBusy - machineBusyAtStart)}`,
  );
}
// A failed step's whole log was printed when it ended, which a long run's output may have scrolled past: its
// failing tests' lines and its last lines again, last, where a reader of only the end sees them.
const FAILURE_LINE = /✘|×|\bFAIL\b|\d+ failed|Error:/;
for (const step of lanes.flatMap((lane) => lane.steps)) {
  if (step.ok !== false || !existsSync(step.log)) continue;
  const lines = stripVTControlCharacters(readFileSync(step.log, "utf8")).trimEnd().split("\n");
  const failures = lines.filter((line) => FAILURE_LINE.test(line)).slice(0, 30);
  console.log(`\n━━ ${step.name} failed: the lines that say what failed, then its last lines ━━`);
  console.log([...failures, "…", ...lines.slice(-25)].join("\n"));
}
process.exit(ok ? 0 : 1);
