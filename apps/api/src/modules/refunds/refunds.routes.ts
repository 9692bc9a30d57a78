import {
  API_PATHS,
  refundApprovalSchema,
  refundListQuerySchema,
  refundListResponseSchema,
  refundPreviewSchema,
  refundRejectionSchema,
  refundRequestSchema,
  refundResponseSchema,
} from "@hospipay/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { operationFailures } from "../../lib/route-schemas";
import { currentUser } from "../../plugins/access";
import type { RefundsService } from "./refunds.service";

const security = [{ bearerAuth: [] }];
const refundId = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** Refunds: admins request (and, up to the threshold, complete) them; super admins approve the rest. */
export const refundsRoutes: FastifyPluginAsyncZod<{ refunds: RefundsService }> = async (app, { refunds }) => {
  app.post(
    API_PATHS.refundInvoice.route,
    {
      config: { access: ["ADMIN", "SUPERADMIN"] },
      schema: {
        tags: ["staff operations"],
        summary: "Refund a completed payment (202 when it waits for a super admin's approval; repeats return the same refund)",
        security,
        params: z.object({ reference: z.string().min(1).max(64) }),
        body: refundRequestSchema,
        response: { 200: refundResponseSchema, 202: refundResponseSchema, ...operationFailures },
      },
    },
    async (request, reply) => {
      const { status, body } = await refunds.request(currentUser(request), request.params.reference, request.body.reason);
      return reply.code(status).send(body);
    },
  );

  app.get(
    API_PATHS.refundInvoice.route,
    {
      config: { access: ["ADMIN", "SUPERADMIN"] },
      schema: {
        tags: ["staff operations"],
        summary:
          "What a refund of this payment would do for the caller: the amount, whether items were given, whether it waits for approval",
        security,
        params: z.object({ reference: z.string().min(1).max(64) }),
        response: { 200: refundPreviewSchema, ...operationFailures },
      },
    },
    async (request) => refunds.preview(currentUser(request), request.params.reference),
  );

  app.get(
    API_PATHS.refunds,
    {
      config: { access: ["ADMIN", "SUPERADMIN"] },
      schema: {
        tags: ["staff operations"],
        summary: "Refunds, newest first (the latest 200), optionally by status",
        security,
        querystring: refundListQuerySchema,
        response: { 200: refundListResponseSchema, ...operationFailures },
      },
    },
    async (request) => refunds.list(request.query.status ?? null),
  );

  app.post(
    API_PATHS.approveRefund.route,
    {
      config: { access: ["SUPERADMIN"] },
      schema: {
        tags: ["staff operations"],
        summary: "Approve a refund awaiting approval; it completes at once",
        security,
        params: refundId,
        body: refundApprovalSchema,
        response: { 200: refundResponseSchema, ...operationFailures },
      },
    },
    async (request) => refunds.approve(currentUser(request), request.params.id, request.body.note || null),
  );

  app.post(
    API_PATHS.rejectRefund.route,
    {
      config: { access: ["SUPERADMIN"] },
      schema: {
        tags: ["staff operations"],
        summary: "Reject a refund awaiting approval, with a note",
        security,
        params: refundId,
        body: refundRejectionSchema,
        response: { 200: refundResponseSchema, ...operationFailures },
      },
    },
    async (request) => refunds.reject(currentUser(request), request.params.id, request.body.note),
  );
};
