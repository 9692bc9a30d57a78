import {
  API_PATHS,
  claimIdParamsSchema,
  claimInputSchema,
  claimListQuerySchema,
  claimListSchema,
  claimRejectionInputSchema,
  claimResponseSchema,
  claimSchema,
  claimWriteOffDecisionSchema,
  claimWriteOffInputSchema,
  remittanceInputSchema,
} from "@hospipay/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { operationFailures } from "../../lib/route-schemas";
import { currentUser } from "../../plugins/access";
import type { HmoClaimsService } from "./hmo-claims.service";

const security = [{ bearerAuth: [] }];
const ADMINS = ["ADMIN", "SUPERADMIN"] as const;
const tags = ["hmo-claims"];

/** Claim batches per HMO and month, their remittances and their write-offs: the hospital's officers only. */
export const hmoClaimsRoutes: FastifyPluginAsyncZod<{ claims: HmoClaimsService }> = async (app, { claims }) => {
  const config = { access: [...ADMINS] };

  app.get(
    API_PATHS.staffHmoClaims,
    {
      config,
      schema: {
        tags,
        summary: "Claim batches, newest month first; ?hmo_id= for one HMO's",
        security,
        querystring: claimListQuerySchema,
        response: { 200: claimListSchema, ...operationFailures },
      },
    },
    async (request) => claims.list(request.query.hmo_id ?? null),
  );

  app.post(
    API_PATHS.staffHmoClaims,
    {
      config,
      schema: {
        tags,
        summary: "Make the HMO's claim batch of a month from its enrollees' bills final that month and not claimed yet (audited)",
        security,
        body: claimInputSchema,
        response: { 201: claimResponseSchema, ...operationFailures },
      },
    },
    async (request, reply) => reply.code(201).send(await claims.create(currentUser(request), request.body)),
  );

  app.get(
    API_PATHS.staffHmoClaim.route,
    {
      config,
      schema: {
        tags,
        summary: "A claim batch with its lines, remittances and write-offs",
        security,
        params: claimIdParamsSchema,
        response: { 200: claimSchema, ...operationFailures },
      },
    },
    async (request) => claims.claim(request.params.id),
  );

  app.get(
    API_PATHS.staffHmoClaimCsv.route,
    {
      config,
      schema: {
        tags,
        summary: "A claim batch as a CSV file, one row per claimed line (text/csv)",
        security,
        params: claimIdParamsSchema,
      },
    },
    async (request, reply) => {
      const file = await claims.csv(request.params.id);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${file.filename}"`)
        .header("cache-control", "private, no-store")
        .send(file.body);
    },
  );

  app.post(
    API_PATHS.staffHmoClaimSubmit.route,
    {
      config,
      schema: {
        tags,
        summary: "Submit a draft claim batch to its HMO (audited)",
        security,
        params: claimIdParamsSchema,
        response: { 200: claimResponseSchema, ...operationFailures },
      },
    },
    async (request) => claims.submit(currentUser(request), request.params.id),
  );

  app.post(
    API_PATHS.staffHmoClaimRemittances.route,
    {
      config,
      schema: {
        tags,
        summary: "Record a remittance on a submitted batch, allocated over its lines; the HMO's receivable to the bank (audited)",
        security,
        params: claimIdParamsSchema,
        body: remittanceInputSchema,
        response: { 200: claimResponseSchema, ...operationFailures },
      },
    },
    async (request) => claims.remit(currentUser(request), request.params.id, request.body),
  );

  app.post(
    API_PATHS.staffHmoClaimRejections.route,
    {
      config,
      schema: {
        tags,
        summary: "Record a line of a submitted batch that the HMO rejected, with its reason (audited)",
        security,
        params: claimIdParamsSchema,
        body: claimRejectionInputSchema,
        response: { 200: claimResponseSchema, ...operationFailures },
      },
    },
    async (request) => claims.rejectLine(currentUser(request), request.params.id, request.body),
  );

  app.post(
    API_PATHS.staffHmoClaimWriteOffs.route,
    {
      config,
      schema: {
        tags,
        summary: "Ask for what a submitted batch still asks for to be written off; another officer signs it off (audited)",
        security,
        params: claimIdParamsSchema,
        body: claimWriteOffInputSchema,
        response: { 201: claimResponseSchema, ...operationFailures },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await claims.requestWriteOff(currentUser(request), request.params.id, request.body)),
  );

  app.post(
    API_PATHS.decideHmoClaimWriteOff.route,
    {
      config,
      schema: {
        tags,
        summary: "Sign a write-off off, or reject it: never by the officer who asked (audited)",
        security,
        params: claimIdParamsSchema,
        body: claimWriteOffDecisionSchema,
        response: { 200: claimResponseSchema, ...operationFailures },
      },
    },
    async (request) => claims.decideWriteOff(currentUser(request), request.params.id, request.body),
  );
};
