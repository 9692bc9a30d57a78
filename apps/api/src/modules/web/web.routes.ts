import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { SERVER_PATH_PREFIXES } from "@hospipay/contract";
import type { FastifyInstance } from "fastify";

const isServerPath = (url: string) => SERVER_PATH_PREFIXES.some((prefix) => url.startsWith(prefix));

/**
 * Serves the built web app and answers every other GET with its index.html (SPA fallback), so deep
 * links such as /reset-password?token=… work. Server paths that match no route get a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const built = existsSync(path.join(distDir, "index.html"));
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: false,
      // send's own Cache-Control (public, max-age=0) is applied after setHeaders and would replace ours.
      cacheControl: false,
      setHeaders(res, filePath) {
        // Hashed assets never change; index.html must always be fresh.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
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
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  });
}
