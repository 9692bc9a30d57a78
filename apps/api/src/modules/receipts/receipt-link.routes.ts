import { API_PATHS, errorResponseSchema, formatReceiptCode, receiptCodeParamsSchema } from "@hospipay/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/**
 * GET /r/{code}: a receipt's short link, short enough for an SMS. It only redirects to the verify page
 * with the code filled in (that page checks it, through the rate-limited API), so it reads nothing and
 * reveals nothing; a path that cannot hold a receipt code is refused like any bad input. The redirect is
 * relative, so the link works on whichever address the app is reached.
 */
export const receiptLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API_PATHS.receiptShortLink.route,
    {
      config: { access: "public" },
      schema: {
        tags: ["receipts"],
        summary: "A receipt's short link (SMS): redirects to /verify-receipt?code=…",
        params: receiptCodeParamsSchema,
        response: { 400: errorResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .header("cache-control", "no-store")
        .redirect(`/verify-receipt?code=${encodeURIComponent(formatReceiptCode(request.params.receipt_code))}`, 302),
  );
};
