import { API_PATHS, departmentSchema, errorResponseSchema, LIMITS, serviceRecordSchema } from "@hospipay/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { KeptJson, sendKeptJson } from "../../lib/json-reply";
import type { CatalogueService } from "./catalogue.service";

const cacheFor5Minutes = "public, max-age=300";
const failure = { 502: errorResponseSchema };
const idParam = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/, "Invalid department id.");

const departmentsAnswer = z.object({ success: z.literal(true), data: z.object({ orgDepts: z.array(departmentSchema) }) });
const allHeadsAnswer = z.object({ success: z.literal(true), data: z.object({ orgRevenueHeads: z.array(serviceRecordSchema) }) });
const servicesAnswer = z.object({ success: z.literal(true), data: z.array(serviceRecordSchema) });

/**
 * The catalogue service hands out the same cached array until its entry refreshes, so each answer is
 * checked against its schema and serialized once per refresh, not once per request: the JSON is kept
 * beside the array (weakly: it goes when the cache lets the array go) and sent as it is, gzipped for a
 * browser that takes it (KeptJson).
 */
const serialized = new WeakMap<object, KeptJson>();
function sendCached<T extends object>(
  request: FastifyRequest,
  reply: FastifyReply,
  data: T,
  schema: z.ZodType,
  wrap: (data: T) => unknown,
): Promise<FastifyReply> {
  let kept = serialized.get(data);
  if (kept === undefined) {
    kept = new KeptJson(JSON.stringify(schema.parse(wrap(data))));
    serialized.set(data, kept);
  }
  return sendKeptJson(request, reply.header("cache-control", cacheFor5Minutes), kept);
}

/** The hospital catalogue for the browser, through the server (the provider token never leaves it). */
export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (app, { catalogue }) => {
  const config = { access: "public" as const };

  app.get(
    API_PATHS.catalogueDepartments,
    {
      config,
      schema: {
        tags: ["catalogue"],
        summary: "Hospital departments",
        response: { 200: departmentsAnswer, ...failure },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, await catalogue.departments(), departmentsAnswer, (orgDepts) => ({
        success: true,
        data: { orgDepts },
      })),
  );

  app.get(
    API_PATHS.catalogueRevenueHeads,
    {
      config,
      schema: {
        tags: ["catalogue"],
        summary: "Every service (revenue head) of the hospital",
        response: { 200: allHeadsAnswer, ...failure },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, await catalogue.allRevenueHeads(), allHeadsAnswer, (orgRevenueHeads) => ({
        success: true,
        data: { orgRevenueHeads },
      })),
  );

  app.get(
    API_PATHS.catalogueServices,
    {
      config,
      schema: {
        tags: ["catalogue"],
        summary: "Search services by text and department",
        querystring: z.object({
          query: z.string().trim().max(LIMITS.name).default(""),
          department_id: z.union([idParam, z.literal("")]).default(""),
        }),
        response: { 200: servicesAnswer, ...failure },
      },
    },
    async (request, reply) =>
      sendCached(
        request,
        reply,
        await catalogue.searchServices(request.query.query, request.query.department_id),
        servicesAnswer,
        (data) => ({
          success: true,
          data,
        }),
      ),
  );

  app.get(
    API_PATHS.departmentRevenueHeads.route,
    {
      config,
      schema: {
        tags: ["catalogue"],
        summary: "Services (revenue heads) of one department",
        params: z.object({ departmentId: idParam }),
        response: { 200: servicesAnswer, ...failure },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, await catalogue.revenueHeads(request.params.departmentId), servicesAnswer, (data) => ({
        success: true,
        data,
      })),
  );
};
