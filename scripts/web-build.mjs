// Builds the web app when its build is missing or older than its sources (web or contract).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const builtIndex = path.join(root, "apps/web/dist/index.html");
const sources = [
  "apps/web/src",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "apps/web/build-pages.ts",
  "apps/web/public",
  "packages/contract/src",
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Returns true when a build ran. Exits the process if the build fails. */
export function ensureWebBuild({ force = false } = {}) {
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const sourcesAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (!force && builtAt > 0 && builtAt >= sourcesAt) return false;
  console.log(builtAt ? "Web sources changed: rebuilding the web app…" : "Building the web app (first start)…");
  const result = spawnSync("npm", ["run", "build", "--workspace", "@hospipay/web"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error("The web build failed.");
    process.exit(result.status ?? 1);
  }
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureWebBuild({ force: process.argv.includes("--force") });
