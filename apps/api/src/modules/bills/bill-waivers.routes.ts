import {
  API_PATHS,
  billTokenParamsSchema,
  waiverDecisionSchema,
  waiverIdParamsSchema,
  waiverListQuerySchema,
  waiverListResponseSchema,
  waiverRequestSchema,
  waiverResponseSchema,
} from "@hospipay/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { operationFailures } from "../../lib/route-schemas";
import { currentUser } from "../../plugins/access";
import type { BillWaiversService } from "./bill-waivers.service";

const security = [{ bearerAuth: [] }];
const STAFF = ["AGENT", "ADMIN", "SUPERADMIN"] as const;

/** Discounts and waivers on bills: asked for by the desk, decided by an officer within their limit. */
export const billWaiversRoutes: FastifyPluginAsyncZod<{ waivers: BillWaiversService }> = async (app, { waivers }) => {
  app.post(
    API_PATHS.billWaivers.route,
    {
      config: { access: [...STAFF] },
      schema: {
        tags: ["bills"],
        summary: "Ask for a discount or waiver on an open bill: an amount or a percentage of its total, with a reason (audited)",
        security,
        params: billTokenParamsSchema,
        body: waiverRequestSchema,
        response: { 201: waiverResponseSchema, ...operationFailures },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await waivers.request(currentUser(request), request.params.token, request.body)),
  );

  app.get(
    API_PATHS.staffWaivers,
    {
      config: { access: [...STAFF] },
      schema: {
        tags: ["bills"],
        summary: "Waivers by status (pending by default), newest first",
        security,
        querystring: waiverListQuerySchema,
        response: { 200: waiverListResponseSchema, ...operationFailures },
      },
    },
    async (request) => waivers.list(request.query.status, request.query.page_size),
  );

  app.post(
    API_PATHS.decideWaiver.route,
    {
      config: { access: [...STAFF] },
      schema: {
        tags: ["bills"],
        summary:
          "Approve or reject a waiver (audited): only an officer other than the one who asked, within their waiver limit; an approved one lowers what the bill asks for, once",
        security,
        params: waiverIdParamsSchema,
        body: waiverDecisionSchema,
        response: { 200: waiverResponseSchema, ...operationFailures },
      },
    },
    async (request) => waivers.decide(currentUser(request), request.params.id, request.body),
  );
};
