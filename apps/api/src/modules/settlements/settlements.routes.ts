import {
  API_PATHS,
  SETTLING_GATEWAYS,
  settlementAnswerSchema,
  settlementCloseSchema,
  settlementDecisionSchema,
  settlementDifferenceIdParamsSchema,
  settlementDifferencesSchema,
  settlementExplanationSchema,
  settlementImportAnswerSchema,
  settlementImportSchema,
  settlementMonthParamsSchema,
  settlementMonthQuerySchema,
  settlementReportSchema,
} from "@hospipay/contract";
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { operationFailures } from "../../lib/route-schemas";
import { currentUser } from "../../plugins/access";
import type { SettlementsService } from "./settlements.service";

const security = [{ bearerAuth: [] }];
const ADMINS = ["ADMIN", "SUPERADMIN"] as const;
const tags = ["settlements"];

const differencesQuerySchema = settlementMonthQuerySchema.extend({
  gateway: z.enum(SETTLING_GATEWAYS).optional(),
  day: z.iso.date({ error: "Enter a date as YYYY-MM-DD." }).optional(),
});

/** The gateways' settlements against the ledger's clearing accounts: the hospital's officers only. */
export const settlementsRoutes: FastifyPluginAsyncZod<{ settlements: SettlementsService }> = async (app, { settlements }) => {
  const config = { access: [...ADMINS] };

  app.get(
    API_PATHS.staffSettlements,
    {
      config,
      schema: {
        tags,
        summary: "A month's reconciliation: per gateway and day, payments counted in clearing against what was settled of them",
        security,
        querystring: settlementMonthQuerySchema,
        response: { 200: settlementReportSchema, ...operationFailures },
      },
    },
    async (request) => settlements.report(request.query.month),
  );

  app.post(
    API_PATHS.importSettlements,
    {
      config,
      schema: {
        tags,
        summary: "Read a gateway's settlements of some days from the gateway and record the new ones (audited)",
        security,
        body: settlementImportSchema,
        response: { 200: settlementImportAnswerSchema, ...operationFailures },
      },
    },
    async (request) => settlements.import(currentUser(request), request.body),
  );

  app.get(
    API_PATHS.settlementDifferences,
    {
      config,
      schema: {
        tags,
        summary: "A month's differences: payments not settled (awaiting or missing) and settled transactions naming none of ours",
        security,
        querystring: differencesQuerySchema,
        response: { 200: settlementDifferencesSchema, ...operationFailures },
      },
    },
    async (request) =>
      settlements.differences(request.query.month, { gateway: request.query.gateway ?? null, day: request.query.day ?? null }),
  );

  app.post(
    API_PATHS.settlementDifferences,
    {
      config,
      schema: {
        tags,
        summary: "Explain a difference, or ask to write it off (another officer signs it off); audited",
        security,
        body: settlementExplanationSchema,
        response: { 201: settlementAnswerSchema, ...operationFailures },
      },
    },
    async (request, reply) => reply.code(201).send(await settlements.explain(currentUser(request), request.body)),
  );

  app.post(
    API_PATHS.decideSettlementWriteOff.route,
    {
      config,
      schema: {
        tags,
        summary: "Sign off (or refuse) another officer's write-off of a settlement difference; audited",
        security,
        params: settlementDifferenceIdParamsSchema,
        body: settlementDecisionSchema,
        response: { 200: settlementAnswerSchema, ...operationFailures },
      },
    },
    async (request) => settlements.decide(currentUser(request), request.params.id, request.body),
  );

  app.post(
    API_PATHS.closeSettlementMonth.route,
    {
      config,
      schema: {
        tags,
        summary: "Close a month that is over once none of its differences is open; audited",
        security,
        params: settlementMonthParamsSchema,
        body: settlementCloseSchema,
        response: { 200: settlementAnswerSchema, ...operationFailures },
      },
    },
    async (request) => settlements.close(currentUser(request), request.params.month, request.body.note),
  );
};
