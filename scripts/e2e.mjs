// npm run test:e2e: builds the web app if needed and runs the Playwright journeys in Debian's Chromium,
// split into shards that run at once, each a `playwright test` process with its own app, given the journey files
// of about a equal share of the time (e2e/durations.json).
//
//   npm run test:e2e                       all journeys, E2E_SHARDS shards (default: one per CPU, at most 4)
//   npm run test:e2e -- --shards 3         all journeys in 3 shards
//   npm run test:e2e -- e2e/x.spec.ts      the journeys named, in one process (unless --shards is given)
//
// Any other argument goes to every `playwright test` process as it is.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { availableParallelism } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { ensureWebBuild } from "./web-build.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Debian's chromium-headless-shell (Chromium's headless shell, the build Playwright itself runs headless: a
// third less CPU than the full browser over the journeys), else Debian's full Chromium; CHROMIUM_PATH overrides.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");
const MAX_DEFAULT_SHARDS = 4;

/** `--shards N` / `--shards=N` taken out of the arguments; the rest is for Playwright. */
function parseArgs(argv) {
  const rest = [];
  let shards;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === "--shards") {
      shards = argv[i + 1];
      i += 1;
    } else if (arg.startsWith("--shards=")) {
      shards = arg.slice("--shards=".length);
    } else {
      rest.push(arg);
    }
  }
  return { shards, rest };
}

function shardCount(value, source) {
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1) {
    console.error(`${source} must be a whole number of shards, at least 1 (got "${value}").`);
    process.exit(2);
  }
  return count;
}

/**
 * The lowest port the kernel hands out itself (Linux's ip_local_port_range), to a listen(0) or an outgoing
 * connection; IANA's dynamic range elsewhere.
 */
function ephemeralFloor() {
  try {
    const floor = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    return Number.isInteger(floor) && floor > 2048 ? floor : 49152;
  } catch {
    return 49152;
  }
}

/**
 * N distinct free ports below the kernel's own range, so that no test server's listen(0) or outgoing connection
 * can take one between now and its app's start (the API suites run beside the journeys). Every server is held
 * open until all are chosen, so no two shards get the same.
 */
async function freePorts(count) {
  const floor = ephemeralFloor();
  const low = Math.max(1024, floor - 10_000);
  const servers = [];
  const ports = [];
  while (ports.length < count) {
    const port = low + Math.floor(Math.random() * (floor - low));
    if (ports.includes(port)) continue;
    const server = createServer();
    const listening = await new Promise((resolve) => {
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => resolve(true));
    });
    if (!listening) continue;
    servers.push(server);
    ports.push(port);
  }
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/**
 * The journey files in `total` shards of about equal time: the longest first, each to the shard with the least
 * time so far, by the seconds e2e/durations.json records (a file it does not name counts as their median).
 * Every file is in exactly one shard; each shard's files are given as patterns anchored at the file's name.
 */
function shardFiles(total) {
  const files = readdirSync(path.join(root, "e2e"))
    .filter((name) => name.endsWith(".spec.ts"))
    .sort();
  const recorded = JSON.parse(readFileSync(path.join(root, "e2e", "durations.json"), "utf8"));
  const known = Object.entries(recorded)
    .filter(([name, seconds]) => name.endsWith(".spec.ts") && typeof seconds === "number")
    .map(([, seconds]) => seconds)
    .sort((a, b) => a - b);
  const median = known.length ? known[Math.floor(known.length / 2)] : 1;
  const seconds = (name) => (typeof recorded[name] === "number" ? recorded[name] : median);
  const shards = Array.from({ length: total }, () => ({ seconds: 0, files: [] }));
  for (const name of [...files].sort((a, b) => seconds(b) - seconds(a) || a.localeCompare(b))) {
    const lightest = shards.reduce((least, shard) => (shard.seconds < least.seconds ? shard : least));
    lightest.seconds += seconds(name);
    lightest.files.push(`/${name.replaceAll(".", "\\.")}$`);
  }
  return shards.map((shard) => shard.files);
}

function playwrightArgs(extra) {
  return ["playwright", "test", "-c", "e2e/playwright.config.ts", ...extra];
}

/** One shard: its output line by line behind "[i/N]", and what Playwright's summary says. */
function runShard(index, total, port, which, args) {
  const label = `[${index}/${total}]`;
  const started = Date.now();
  const child = spawn("npx", playwrightArgs([...which, ...args]), {
    cwd: root,
    // Its own process group, so that an interruption reaches Playwright behind npx.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, CHROMIUM_PATH: chromium, E2E_SHARD: String(index), E2E_APP_PORT: String(port) },
  });
  const summary = [];
  const relay = (stream, out) =>
    createInterface({ input: stream }).on("line", (line) => {
      out.write(`${label} ${line}\n`);
      const running = /^Running (\d+) tests?\b/.exec(line);
      if (running) summary.push(`${running[1]} journeys`);
      if (/^\s+\d+ (passed|failed|flaky|skipped|did not run|interrupted)\b/.test(line)) summary.push(line.trim());
    });
  relay(child.stdout, process.stdout);
  relay(child.stderr, process.stderr);
  const done = new Promise((resolve) => {
    child.on("error", (error) => resolve({ index, code: 1, seconds: 0, summary: [String(error)] }));
    child.on("close", (code, signal) =>
      resolve({ index, code: code ?? (signal ? 1 : 0), signal, seconds: (Date.now() - started) / 1000, summary }),
    );
  });
  return { child, done };
}

if (!existsSync(chromium)) {
  console.error(
    `Chromium was not found at ${chromium}. Install Debian's package (sudo apt-get install chromium-headless-shell) ` +
      "or set CHROMIUM_PATH. The end-to-end journeys need a real browser; they are never skipped.",
  );
  process.exit(1);
}

const { shards: shardsArg, rest } = parseArgs(process.argv.slice(2));
// Journeys named on the command line (files or filters) run in one process, as does Playwright's own --shard.
const named = rest.some((arg) => !arg.startsWith("-"));
const ownShard = rest.some((arg) => arg === "--shard" || arg.startsWith("--shard="));
let shards;
if (shardsArg !== undefined) shards = shardCount(shardsArg, "--shards");
else if (named || ownShard) shards = 1;
else if (process.env.E2E_SHARDS) shards = shardCount(process.env.E2E_SHARDS, "E2E_SHARDS");
// A shard is an app, a Chromium and a Playwright worker, which mostly wait as a person does: one per CPU.
else shards = Math.max(1, Math.min(availableParallelism(), MAX_DEFAULT_SHARDS));
if (ownShard && shards > 1) {
  console.error("Give either --shards N (this runner's shards) or Playwright's --shard i/N, not both.");
  process.exit(2);
}

ensureWebBuild();

if (shards === 1) {
  const run = spawnSync("npx", playwrightArgs(rest), {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, CHROMIUM_PATH: chromium },
  });
  process.exit(run.status ?? 1);
}

console.log(`Running the journeys in ${shards} shards at once, each with its own app, database and mail catcher.`);
const started = Date.now();
const ports = await freePorts(shards);
// All the journeys: each shard its files of about an equal share of the time. Journeys named with --shards:
// Playwright's own --shard cuts those.
const split = named ? null : shardFiles(shards);
const runs = ports.map((port, i) => runShard(i + 1, shards, port, split ? split[i] : [`--shard=${i + 1}/${shards}`], rest));
let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    interrupted = true;
    for (const { child } of runs) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    }
  });
}
const results = await Promise.all(runs.map((run) => run.done));
console.log(`\nEnd-to-end journeys, ${shards} shards, ${((Date.now() - started) / 1000).toFixed(0)} s in all:`);
for (const result of results) {
  const verdict = result.code === 0 ? "passed" : `FAILED (exit ${result.signal ?? result.code})`;
  const counts = result.summary.length ? result.summary.join(", ") : "no summary";
  console.log(`  shard ${result.index}/${shards}: ${verdict} in ${result.seconds.toFixed(0)} s: ${counts}`);
}
process.exit(interrupted || results.some((result) => result.code !== 0) ? 1 : 0);
