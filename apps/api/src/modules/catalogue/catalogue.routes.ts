import { departmentSchema, errorResponseSchema, LIMITS, serviceRecordSchema } from "@hospipay/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { CatalogueService } from "./catalogue.service";

const cacheFor5Minutes = "public, max-age=300";
const failure = { 502: errorResponseSchema };
const idParam = z.string().trim().min(1).max(64).regex(/^[\w-]+$/, "Invalid department id.");

/** The hospital catalogue for the browser, through the server (the provider token never leaves it). */
export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (app, { catalogue }) => {
  const config = { access: "public" as const };

  app.get(
    "/api/catalogue/departments/",
    {
      config,
      schema: {
        tags: ["catalogue"],
        summary: "Hospital departments",
        response: { 200: z.object({ success: z.literal(true), data: z.object({ orgDepts: z.array(departmentSchema) }) }), ...failure },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", cacheFor5Minutes);
      return { success: true as const, data: { orgDepts: await catalogue.departments() } };
    },
  );

  app.get(
    "/api/catalogue/revenue-heads/",
    {
      config,
      schema: {
        tags: ["catalogue"],
        summary: "Every service (revenue head) of the hospital",
        response: { 200: z.object({ success: z.literal(true), data: z.object({ orgRevenueHeads: z.array(serviceRecordSchema) }) }), ...failure },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", cacheFor5Minutes);
      return { success: true as const, data: { orgRevenueHeads: await catalogue.allRevenueHeads() } };
    },
  );

  app.get(
    "/api/catalogue/services/",
    {
      config,
      schema: {
        tags: ["catalogue"],
        summary: "Search services by text and department",
        querystring: z.object({
          query: z.string().trim().max(LIMITS.name).default(""),
          department_id: z.union([idParam, z.literal("")]).default(""),
        }),
        response: { 200: z.object({ success: z.literal(true), data: z.array(serviceRecordSchema) }), ...failure },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", cacheFor5Minutes);
      return { success: true as const, data: await catalogue.searchServices(request.query.query, request.query.department_id) };
    },
  );

  app.get(
    "/api/catalogue/departments/:departmentId/revenue-heads/",
    {
      config,
      schema: {
        tags: ["catalogue"],
        summary: "Services (revenue heads) of one department",
        params: z.object({ departmentId: idParam }),
        response: { 200: z.object({ success: z.literal(true), data: z.array(serviceRecordSchema) }), ...failure },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", cacheFor5Minutes);
      return { success: true as const, data: await catalogue.revenueHeads(request.params.departmentId) };
    },
  );
};
