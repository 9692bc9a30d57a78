import {
  API_PATHS,
  billListQuerySchema,
  billListResponseSchema,
  billTokenParamsSchema,
  cancelBillResponseSchema,
  cancelBillSchema,
  createBillResponseSchema,
  createBillSchema,
  errorResponseSchema,
  payBillResponseSchema,
  payBillSchema,
  publicBillSchema,
  staffBillSchema,
} from "@hospipay/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { operationFailures } from "../../lib/route-schemas";
import { currentUser } from "../../plugins/access";
import type { BillsService } from "./bills.service";

const security = [{ bearerAuth: [] }];
const STAFF = ["AGENT", "ADMIN", "SUPERADMIN"] as const;
const publicFailures = {
  400: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
  502: errorResponseSchema,
  503: errorResponseSchema,
};

/** Bills: staff raise, find and cancel them; anyone holding a bill's link sees it and pays a part. */
export const billsRoutes: FastifyPluginAsyncZod<{ bills: BillsService }> = async (app, { bills }) => {
  app.post(
    API_PATHS.staffBills,
    {
      config: { access: [...STAFF] },
      schema: {
        tags: ["bills"],
        summary: "Raise a bill for a patient (lines priced from the catalogue); its link is e-mailed when an e-mail is given",
        security,
        body: createBillSchema,
        response: { 201: createBillResponseSchema, ...operationFailures },
      },
    },
    async (request, reply) => reply.code(201).send(await bills.create(currentUser(request), request.body)),
  );

  app.get(
    API_PATHS.staffBills,
    {
      config: { access: [...STAFF] },
      schema: {
        tags: ["bills"],
        summary: "Bills, newest first, searched by hospital number, patient name, phone, e-mail or token; paged",
        security,
        querystring: billListQuerySchema,
        response: { 200: billListResponseSchema, ...operationFailures },
      },
    },
    async (request) => bills.list(request.query),
  );

  app.get(
    API_PATHS.staffBill.route,
    {
      config: { access: [...STAFF] },
      schema: {
        tags: ["bills"],
        summary: "A bill with its lines and every payment made towards it",
        security,
        params: billTokenParamsSchema,
        response: { 200: staffBillSchema, ...operationFailures },
      },
    },
    async (request) => bills.staffBill(request.params.token),
  );

  app.post(
    API_PATHS.cancelBill.route,
    {
      config: { access: [...STAFF] },
      schema: {
        tags: ["bills"],
        summary:
          "Cancel an open bill (audited); the parts already paid are refunded one by one (an agent's are listed for an admin)",
        security,
        params: billTokenParamsSchema,
        body: cancelBillSchema,
        response: { 200: cancelBillResponseSchema, ...operationFailures },
      },
    },
    async (request) => bills.cancel(currentUser(request), request.params.token, request.body.reason),
  );

  app.get(
    API_PATHS.publicBill.route,
    {
      // The token is the only secret: guesses are limited per client address.
      config: { access: "public", limits: { policy: "bill" } },
      schema: {
        tags: ["bills"],
        summary: "A bill by its link: lines, total, paid, left, and its payers by first name",
        params: billTokenParamsSchema,
        response: { 200: publicBillSchema, ...publicFailures },
      },
    },
    async (request) => bills.publicBill(request.params.token),
  );

  app.post(
    API_PATHS.payBill.route,
    {
      // Anonymous parts are limited like anonymous checkouts: each opens a gateway payment and an invoice.
      config: { access: "optional", limits: { policy: "checkout", anonymousOnly: true } },
      schema: {
        tags: ["bills"],
        summary:
          "Pay a part of a bill (at least the minimum, never more than is left, plus the charge fee): a guest through Remita or Monnify, a signed-in customer also from the wallet, Paystack or a direct bank transfer (pending until staff confirm it)",
        params: billTokenParamsSchema,
        body: payBillSchema,
        response: { 201: payBillResponseSchema, ...publicFailures, 401: errorResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await bills.pay(request.params.token, request.body, request.user ?? null, request.locale)),
  );
};
