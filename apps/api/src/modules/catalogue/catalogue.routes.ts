import { departmentSchema, errorResponseSchema, LIMITS, serviceRecordSchema } from "@hospipay/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { gzipLargeJson } from "../../lib/json-reply";
import type { CatalogueService } from "./catalogue.service";

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

/** A catalogue answer may be kept by the browser for 5 minutes, as long as the service keeps its copy. */
async function cacheFor5Minutes(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode === 200) reply.header("cache-control", "public, max-age=300");
  return payload;
}
const onSend = [cacheFor5Minutes, gzipLargeJson];

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
        response: { 200: departmentsAnswer, ...failure },
      },
      onSend,
    },
    async () => {
      const orgDepts = await catalogue.departments();
      return { success: true as const, data: { orgDepts } };
    },
  );

  app.get(
    "/api/catalogue/revenue-heads/",
    {
      config,
      schema: {
        tags: ["catalogue"],
        summary: "Every service (revenue head) of the hospital",
        response: { 200: allHeadsAnswer, ...failure },
      },
      onSend,
    },
    async () => {
      const orgRevenueHeads = await catalogue.allRevenueHeads();
      return { success: true as const, data: { orgRevenueHeads } };
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
        response: { 200: servicesAnswer, ...failure },
      },
      onSend,
    },
    async (request) => {
      const data = await catalogue.searchServices(request.query.query, request.query.department_id);
      return { success: true as const, data };
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
        response: { 200: servicesAnswer, ...failure },
      },
      onSend,
    },
    async (request) => {
      const data = await catalogue.revenueHeads(request.params.departmentId);
      return { success: true as const, data };
    },
  );
};
