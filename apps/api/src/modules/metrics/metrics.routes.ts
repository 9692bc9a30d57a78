import { createHash, timingSafeEqual } from "node:crypto";
import { API_PATHS } from "@hospipay/contract";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync, type FastifyRequest } from "fastify";
import { registerErrorHandler } from "../../lib/error-handler";
import { errors } from "../../lib/errors";
import type { AppMetrics } from "./metrics";

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

/**
 * Whether the request carries `Authorization: Bearer <token>`. Both sides are hashed first, so the
 * comparison takes the same time whatever the length or content of the guess.
 */
function tokenCheck(token: string): (request: FastifyRequest) => "missing" | "wrong" | "ok" {
  const expected = digest(token);
  return (request) => {
    const header = request.headers.authorization;
    if (header === undefined) return "missing";
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) return "wrong";
    return timingSafeEqual(digest(match[1]!), expected) ? "ok" : "wrong";
  };
}

/**
 * GET /metrics in Prometheus' text format. With a token the route is `signed`: the caller proves itself
 * with METRICS_TOKEN, checked here, not with a user's sign-in.
 */
export const metricsRoutes: FastifyPluginAsync<{ metrics: AppMetrics; token: string | undefined }> = async (
  app,
  { metrics, token },
) => {
  const check = token === undefined ? null : tokenCheck(token);
  app.get(
    API_PATHS.metrics,
    {
      config: { access: check ? "signed" : "public" },
      schema: { tags: ["operations"], summary: "Prometheus metrics (docs/metrics.md)" },
      onRequest: (request, _reply, done) => {
        const verdict = check ? check(request) : "ok";
        if (verdict === "missing") done(errors.metricsTokenMissing());
        else if (verdict === "wrong") done(errors.metricsTokenInvalid());
        else done();
      },
    },
    async (_request, reply) => {
      const text = await metrics.scrape();
      return reply.header("content-type", metrics.contentType).header("cache-control", "no-store").send(text);
    },
  );
};

/**
 * The internal listener of METRICS_PORT: /metrics and nothing else, so that the public port never serves
 * it and the internal one serves nothing of the product.
 */
export async function internalMetricsServer(
  metrics: AppMetrics,
  token: string | undefined,
  log: FastifyBaseLogger,
): Promise<FastifyInstance> {
  const server = Fastify({ loggerInstance: log });
  registerErrorHandler(server);
  await server.register(metricsRoutes, { metrics, token });
  return server;
}
