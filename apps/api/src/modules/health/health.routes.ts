import { API_PATHS } from "@hospipay/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/database";
import { HealthRepository } from "./health.repository";

/** Liveness (/healthz: the process answers) and readiness (/readyz: the database answers). */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const health = new HealthRepository(db);
  app.get(
    API_PATHS.health,
    { config: { access: "public" }, schema: { tags: ["operations"], response: { 200: z.object({ status: z.literal("ok") }) } } },
    async () => ({ status: "ok" as const }),
  );
  app.get(
    API_PATHS.ready,
    {
      config: { access: "public" },
      schema: {
        tags: ["operations"],
        response: {
          200: z.object({ status: z.literal("ready"), database: z.string() }),
          503: z.object({ status: z.string(), detail: z.string() }),
        },
      },
    },
    async (request, reply) => {
      try {
        await health.ping();
        return { status: "ready" as const, database: db.kind };
      } catch (error) {
        request.log.error({ err: error }, "readiness check failed");
        return reply.code(503).send({ status: "unavailable", detail: "The database is not reachable." });
      }
    },
  );
};
