import {
  API_PATHS,
  confirmTransferResponseSchema,
  confirmTransferSchema,
  transferApprovalSchema,
  transferConfirmationListQuerySchema,
  transferConfirmationListResponseSchema,
  transferDecisionResponseSchema,
  transferRejectionSchema,
} from "@hospipay/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { operationFailures } from "../../lib/route-schemas";
import { currentUser } from "../../plugins/access";
import { TRANSFER_APPROVERS, type TransferConfirmationService } from "./transfer-confirmation.service";

const security = [{ bearerAuth: [] }];
const confirmationId = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/**
 * Staff confirmation of direct bank transfers (agents, admins, super admins); an agent's confirmation
 * with a large excess waits for an admin's or super admin's approval.
 */
export const bankTransfersRoutes: FastifyPluginAsyncZod<{ transfers: TransferConfirmationService }> = async (
  app,
  { transfers },
) => {
  app.post(
    API_PATHS.confirmTransfer.route,
    {
      config: { access: ["AGENT", "ADMIN", "SUPERADMIN"] },
      schema: {
        tags: ["staff operations"],
        summary:
          "Confirm that a bank transfer for a pending invoice arrived; settles it once (202 when an agent's excess waits for approval)",
        security,
        params: z.object({ reference: z.string().min(1).max(64) }),
        body: confirmTransferSchema,
        response: { 200: confirmTransferResponseSchema, 202: confirmTransferResponseSchema, ...operationFailures },
      },
    },
    async (request, reply) => {
      const { status, body } = await transfers.confirm(currentUser(request), request.params.reference, request.body);
      return reply.code(status).send(body);
    },
  );

  app.get(
    API_PATHS.transferConfirmations,
    {
      config: { access: ["AGENT", "ADMIN", "SUPERADMIN"] },
      schema: {
        tags: ["staff operations"],
        summary: "Bank transfer confirmations, newest first (the latest 200), optionally by status",
        security,
        querystring: transferConfirmationListQuerySchema,
        response: { 200: transferConfirmationListResponseSchema, ...operationFailures },
      },
    },
    async (request) => transfers.list(request.query.status ?? null),
  );

  app.post(
    API_PATHS.approveTransferConfirmation.route,
    {
      config: { access: TRANSFER_APPROVERS },
      schema: {
        tags: ["staff operations"],
        summary: "Approve a bank transfer confirmation awaiting approval; the invoice settles at once",
        security,
        params: confirmationId,
        body: transferApprovalSchema,
        response: { 200: transferDecisionResponseSchema, ...operationFailures },
      },
    },
    async (request) => transfers.approve(currentUser(request), request.params.id, request.body.note || null),
  );

  app.post(
    API_PATHS.rejectTransferConfirmation.route,
    {
      config: { access: TRANSFER_APPROVERS },
      schema: {
        tags: ["staff operations"],
        summary: "Reject a bank transfer confirmation awaiting approval, with a note; nothing is settled",
        security,
        params: confirmationId,
        body: transferRejectionSchema,
        response: { 200: transferDecisionResponseSchema, ...operationFailures },
      },
    },
    async (request) => transfers.reject(currentUser(request), request.params.id, request.body.note),
  );
};
