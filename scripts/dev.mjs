// npm run dev: the API with reload (tsx watch) and the Vite dev server with its proxy to the API.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const children = [
  spawn(process.execPath, ["--import", "tsx", "--watch", path.join(root, "apps/api/src/main.ts")], {
    cwd: root,
    stdio: "inherit",
  }),
  spawn("npm", ["run", "dev", "--workspace", "@hospipay/web"], { cwd: root, stdio: "inherit" }),
];
const stop = (signal) => children.forEach((child) => child.kill(signal));
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
for (const child of children)
  child.on("exit", (code) => {
    stop("SIGTERM");
    process.exit(code ?? 0);
  });
