import { API_PATHS, paymentReviewListResponseSchema, settleReviewResponseSchema, settleReviewSchema } from "@hospipay/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { operationFailures } from "../../lib/route-schemas";
import { currentUser } from "../../plugins/access";
import type { PaymentReviewsService } from "./payment-reviews.service";

const security = [{ bearerAuth: [] }];

/**
 * Gateway payments paid short, waiting for staff (admins, super admins). A refund of what arrived goes
 * through the refunds route (POST /api/staff/invoices/{reference}/refund/) and its approval threshold.
 */
export const paymentReviewsRoutes: FastifyPluginAsyncZod<{ reviews: PaymentReviewsService }> = async (app, { reviews }) => {
  app.get(
    API_PATHS.paymentReviews,
    {
      config: { access: ["ADMIN", "SUPERADMIN"] },
      schema: {
        tags: ["staff operations"],
        summary: "Gateway payments paid short that need review, oldest first, with the amount due and received",
        security,
        response: { 200: paymentReviewListResponseSchema, ...operationFailures },
      },
    },
    async () => reviews.list(),
  );

  app.post(
    API_PATHS.settleReview.route,
    {
      config: { access: ["ADMIN", "SUPERADMIN"] },
      schema: {
        tags: ["staff operations"],
        summary:
          "Settle a payment paid short once its balance arrived in the hospital's bank account (completes only when what was received covers the amount due)",
        security,
        params: z.object({ reference: z.string().min(1).max(64) }),
        body: settleReviewSchema,
        response: { 200: settleReviewResponseSchema, ...operationFailures },
      },
    },
    async (request) => reviews.settle(currentUser(request), request.params.reference, request.body),
  );
};
