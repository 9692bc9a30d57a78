import {
  API_PATHS,
  errorResponseSchema,
  kycHoldsQuerySchema,
  refundKycHoldInputSchema,
  staffKycHoldSchema,
  staffKycHoldsSchema,
  walletTierSchema,
} from "@hospipay/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../plugins/access";
import type { KycHoldsService } from "./kyc-holds.service";

const failures = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const staffOnly = { access: ["ADMIN", "SUPERADMIN"] as const };

/**
 * KYC tiers (issue 22): the customer's tier, caps and held transfers; staff's list of held transfers,
 * their release to the wallet when the tier allows, and their refund to the sender.
 */
export const kycHoldsRoutes: FastifyPluginAsyncZod<{ holds: KycHoldsService }> = async (app, { holds }) => {
  const security = [{ bearerAuth: [] }];
  const params = z.object({ id: z.coerce.number().int().positive() });

  app.get(
    API_PATHS.walletTier,
    {
      config: { access: ["CUSTOMER"] },
      schema: {
        tags: ["wallet"],
        summary: "The signed-in customer's KYC tier and its caps, and transfers into their reserved account held over a cap",
        security,
        response: { 200: walletTierSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => holds.customerView(currentUser(request).id),
  );

  app.get(
    API_PATHS.kycHolds,
    {
      config: staffOnly,
      schema: {
        tags: ["kyc"],
        summary: "Reserved-account transfers held over a KYC tier cap, newest first (200 at most), by status",
        security,
        querystring: kycHoldsQuerySchema,
        response: { 200: staffKycHoldsSchema, ...failures },
      },
    },
    async (request) => holds.list(request.query.status),
  );

  app.post(
    API_PATHS.releaseKycHold.route,
    {
      config: staffOnly,
      schema: {
        tags: ["kyc"],
        summary: "Release a held transfer to the customer's wallet, if their tier now allows it (409 naming the cap otherwise)",
        security,
        params,
        response: { 200: staffKycHoldSchema, ...failures },
      },
    },
    async (request) => holds.release(currentUser(request), request.params.id),
  );

  app.post(
    API_PATHS.refundKycHold.route,
    {
      config: staffOnly,
      schema: {
        tags: ["kyc"],
        summary: "Refund a held transfer to its sender (audited)",
        security,
        params,
        body: refundKycHoldInputSchema,
        response: { 200: staffKycHoldSchema, ...failures },
      },
    },
    async (request) => holds.refund(currentUser(request), request.params.id, request.body.reason),
  );
};
