import {
  API_PATHS,
  errorResponseSchema,
  publicReceiptResponseSchema,
  receiptCodeParamsSchema,
  redeemReceiptResponseSchema,
  redeemReceiptSchema,
  staffReceiptSchema,
} from "@hospipay/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendJsonText } from "../../lib/json-reply";
import { operationFailures } from "../../lib/route-schemas";
import { currentUser } from "../../plugins/access";
import type { ReceiptsService } from "./receipts.service";

const security = [{ bearerAuth: [] }];
const POINT_OF_CARE = ["AGENT", "ADMIN", "SUPERADMIN"] as const;

/** Receipt codes: the public validity check, and the point of care's view and redemption. */
export const receiptsRoutes: FastifyPluginAsyncZod<{ receipts: ReceiptsService }> = async (app, { receipts }) => {
  app.get(
    API_PATHS.receipt.route,
    {
      // Limited per client address like the public look-up: with 80-bit codes guessing is hopeless anyway,
      // and the limit keeps anyone from trying at scale.
      config: { access: "public", limits: { policy: "lookup" } },
      schema: {
        tags: ["receipts"],
        summary:
          "Check a receipt code: paid, not paid or refunded, the amount and the date; nothing about the payer or the items",
        params: receiptCodeParamsSchema,
        response: {
          200: publicReceiptResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) => receipts.check(request.params.receipt_code),
  );

  app.get(
    API_PATHS.staffReceipt.route,
    {
      config: { access: [...POINT_OF_CARE] },
      schema: {
        tags: ["receipts"],
        summary: "A receipt at the point of care: its status, payer, items with departments, and what was already given",
        security,
        params: receiptCodeParamsSchema,
        response: { 200: staffReceiptSchema, ...operationFailures },
      },
    },
    // staffReceiptSchema's JSON, its lines and givings written by the database (held to the schema by
    // receipts-json.test.ts): sent as it is, with no objects to build, check and write out.
    async (request, reply) => sendJsonText(reply, await receipts.view(request.params.receipt_code)),
  );

  app.post(
    API_PATHS.redeemReceipt.route,
    {
      config: { access: [...POINT_OF_CARE] },
      schema: {
        tags: ["receipts"],
        summary:
          "Mark items of a paid receipt as given by one department, all or none: 409 for an unpaid or refunded receipt, " +
          "an item of another department, or more than is left (naming who gave it and when)",
        security,
        params: receiptCodeParamsSchema,
        body: redeemReceiptSchema,
        response: { 200: redeemReceiptResponseSchema, ...operationFailures },
      },
    },
    async (request, reply) =>
      sendJsonText(reply, await receipts.redeem(currentUser(request), request.params.receipt_code, request.body)),
  );
};
