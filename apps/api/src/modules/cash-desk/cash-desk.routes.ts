import {
  API_PATHS,
  deskPaymentResponseSchema,
  deskPaymentSchema,
  posSettlementResponseSchema,
  posSettlementSchema,
} from "@hospipay/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { operationFailures } from "../../lib/route-schemas";
import { currentUser } from "../../plugins/access";
import type { CashDeskService } from "./cash-desk.service";

const security = [{ bearerAuth: [] }];

/** Cash and POS at the desk, and the acquirer's settlements of the desk's card payments. */
export const cashDeskRoutes: FastifyPluginAsyncZod<{ cashDesk: CashDeskService }> = async (app, { cashDesk }) => {
  app.post(
    API_PATHS.deskPayments,
    {
      config: { access: ["AGENT", "ADMIN", "SUPERADMIN"] as const },
      schema: {
        tags: ["cash desk"],
        summary:
          "Take a bill's part or a cart in cash or on the desk's card terminal (members who collect money, inside their open shift): completed at once with its receipt code",
        security,
        body: deskPaymentSchema,
        response: { 201: deskPaymentResponseSchema, ...operationFailures },
      },
    },
    async (request, reply) => reply.code(201).send(await cashDesk.pay(currentUser(request), request.body, request.locale)),
  );

  app.post(
    API_PATHS.posSettlements,
    {
      config: { access: ["ADMIN", "SUPERADMIN"] as const },
      schema: {
        tags: ["cash desk"],
        summary:
          "Record what the POS acquirer settled to the hospital's bank (audited): never more than awaits settlement, each reference once",
        security,
        body: posSettlementSchema,
        response: { 201: posSettlementResponseSchema, ...operationFailures },
      },
    },
    async (request, reply) => reply.code(201).send(await cashDesk.recordPosSettlement(currentUser(request), request.body)),
  );
};
