// What the cluster test runs besides Node, from Debian's packages: nginx, PostgreSQL's server binaries and
// redis-server. Missing ones are installed with apt-get when the test runs as root; otherwise the test stops
// with the exact command to run.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { findPostgresBinaries } from "../chaos/processes";

/** The nginx binary of Debian's package. */
export const NGINX = "/usr/sbin/nginx";

/** An executable on PATH (or at an absolute path), or null. */
export function findExecutable(name: string): string | null {
  if (path.isAbsolute(name)) return existsSync(name) ? name : null;
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  // root's PATH may lack the sbin folders where Debian puts servers.
  for (const dir of ["/usr/sbin", "/usr/bin", "/sbin", "/bin"]) if (existsSync(path.join(dir, name))) return path.join(dir, name);
  return null;
}

interface Need {
  /** Debian package that provides it. */
  pkg: string;
  what: string;
  present: () => boolean;
}

const NEEDS: readonly Need[] = [
  { pkg: "nginx", what: "nginx (/usr/sbin/nginx)", present: () => existsSync(NGINX) },
  { pkg: "postgresql", what: "PostgreSQL's server binaries (initdb, pg_ctl)", present: () => findPostgresBinaries() !== null },
  { pkg: "redis-server", what: "redis-server", present: () => findExecutable("redis-server") !== null },
];

/** The packages whose programs are missing on this machine. */
export function missingPackages(needs: readonly Need[] = NEEDS): Need[] {
  return needs.filter((need) => !need.present());
}

function aptGet(args: string[]): { ok: boolean; output: string } {
  const result = spawnSync("apt-get", args, {
    encoding: "utf8",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return {
    ok: result.status === 0,
    output: `${result.stdout ?? ""}${result.stderr ?? ""}${result.error ? String(result.error) : ""}`.trim(),
  };
}

/**
 * Installs the missing packages (apt-get install -y -qq, after apt-get update when the package lists do not
 * know them). Returns what it installed; throws, with the command to run, when it cannot.
 */
export function ensurePackages(log: (line: string) => void = console.log): string[] {
  const missing = missingPackages();
  if (missing.length === 0) return [];
  const pkgs = missing.map((need) => need.pkg);
  const command = `apt-get install -y -qq ${pkgs.join(" ")}`;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `missing: ${missing.map((need) => need.what).join(", ")}. Install them as root (sudo ${command}), then run the test again.`,
    );
  }
  log(`Installing from Debian's packages: ${command}`);
  let install = aptGet(["install", "-y", "-qq", ...pkgs]);
  if (!install.ok) {
    // A fresh machine (or image) has no package lists yet.
    const update = aptGet(["update", "-qq"]);
    if (!update.ok) throw new Error(`apt-get update failed: ${update.output.split("\n").slice(-3).join(" ")}`);
    install = aptGet(["install", "-y", "-qq", ...pkgs]);
  }
  if (!install.ok) throw new Error(`${command} failed: ${install.output.split("\n").slice(-3).join(" ")}`);
  const still = missingPackages(missing);
  if (still.length > 0) throw new Error(`${command} ran, but ${still.map((need) => need.what).join(", ")} still missing`);
  return pkgs;
}
