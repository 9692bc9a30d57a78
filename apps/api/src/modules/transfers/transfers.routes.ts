import { confirmTransferResponseSchema, confirmTransferSchema } from "@hospipay/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { operationFailures } from "../../lib/route-schemas";
import { currentUser } from "../../plugins/access";
import type { TransferConfirmationService } from "./transfer-confirmation.service";

/** Staff confirmation of direct bank transfers (agents, admins, super admins). */
export const transfersRoutes: FastifyPluginAsyncZod<{ transfers: TransferConfirmationService }> = async (app, { transfers }) => {
  app.post(
    "/api/staff/invoices/:reference/confirm-transfer/",
    {
      config: { access: ["AGENT", "ADMIN", "SUPERADMIN"] },
      schema: {
        tags: ["staff operations"],
        summary: "Confirm that a bank transfer for a pending invoice arrived; settles it once",
        security: [{ bearerAuth: [] }],
        params: z.object({ reference: z.string().min(1).max(64) }),
        body: confirmTransferSchema,
        response: { 200: confirmTransferResponseSchema, ...operationFailures },
      },
    },
    async (request) => transfers.confirm(currentUser(request), request.params.reference, request.body),
  );
};
