import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { SERVER_PATH_PREFIXES } from "@hospipay/contract";
import type { FastifyInstance } from "fastify";

const isServerPath = (url: string) => SERVER_PATH_PREFIXES.some((prefix) => url.startsWith(prefix));

/**
 * The pages the web build wrote into dist/pages/ (apps/web/build-pages.ts), by URL path: "/" for
 * pages/index.html, "/profile/edit" for pages/profile/edit.html. Each is index.html with its screens'
 * chunks preloaded, and for some a guest's view already rendered.
 */
function builtPages(distDir: string): Map<string, string> {
  const dir = path.join(distDir, "pages");
  const pages = new Map<string, string>();
  if (!existsSync(dir)) return pages;
  for (const entry of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const file = entry.split(path.sep).join("/");
    if (!file.endsWith(".html")) continue;
    const urlPath = file === "index.html" ? "/" : `/${file.slice(0, -".html".length)}`;
    pages.set(urlPath, `pages/${file}`);
  }
  return pages;
}

/**
 * Serves the built web app and answers every other GET with its index.html (SPA fallback), so deep
 * links such as /reset-password?token=… work; a path the build wrote a page for gets that page.
 * Server paths that match no route get a JSON 404. Text files are sent as the build compressed them
 * (.br, .gz) when the browser accepts it.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const built = existsSync(path.join(distDir, "index.html"));
  const pages = built ? builtPages(distDir) : new Map<string, string>();
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: false,
      // The compressed siblings are found by preCompressed, the pages by the fallback below: no route of their own.
      preCompressed: true,
      globIgnore: ["**/*.br", "**/*.gz", "pages/**"],
      // send's own Cache-Control (public, max-age=0) is applied after setHeaders and would replace ours.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Hashed assets never change; index.html must always be fresh.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
        res.setHeader("vary", "accept-encoding");
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split("?")[0] ?? "/";
    if (isServerPath(url) || (request.method !== "GET" && request.method !== "HEAD")) {
      return reply.code(404).send({ detail: "Not found.", code: "not_found" });
    }
    if (!built) {
      return reply
        .code(503)
        .type("text/plain; charset=utf-8")
        .send("The web app is not built yet. Run `npm start` (it builds it) or `npm run build`.");
    }
    // A missing hashed asset is a real 404, not the app shell.
    if (/\.[a-z0-9]{1,8}$/i.test(url)) return reply.code(404).type("text/plain").send("Not found");
    return reply.header("cache-control", "no-cache").sendFile(pages.get(url) ?? "index.html");
  });
}
