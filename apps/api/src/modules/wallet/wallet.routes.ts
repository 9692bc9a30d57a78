import {
  API_PATHS,
  createTopUpInputSchema,
  createTopUpResponseSchema,
  type CreateTopUpResponse,
  errorResponseSchema,
  walletTransactionsPageSchema,
} from "@hospipay/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../plugins/access";
import { walletTransactionView, type RemitaWidget } from "./wallet-views";
import type { WalletService } from "./wallet.service";
import type { WalletsRepository } from "./wallets.repository";

/** Wallet top-up (SPEC §7) and the wallet's movements, paginated DRF-style. */
export const walletRoutes: FastifyPluginAsyncZod<{
  wallet: WalletService;
  wallets: WalletsRepository;
  remitaWidget: RemitaWidget;
}> = async (app, { wallet, wallets, remitaWidget }) => {
  const security = [{ bearerAuth: [] }];

  app.post(
    API_PATHS.topUp,
    {
      config: { access: ["CUSTOMER"] },
      schema: {
        tags: ["wallet"],
        summary: "Start a wallet top-up through Remita; the wallet is credited once the server has verified the payment",
        security,
        body: createTopUpInputSchema,
        response: {
          201: createTopUpResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          502: errorResponseSchema,
        },
      },
    },
    // The service's answer names its gateway with a plain string; the 201 schema checks it is "remita" as it is sent.
    async (request, reply) =>
      reply.code(201).send((await wallet.topUp(currentUser(request), request.body, request.locale)) as CreateTopUpResponse),
  );

  app.get(
    API_PATHS.walletTransactions,
    {
      config: { access: ["CUSTOMER"] },
      schema: {
        tags: ["wallet"],
        summary: "The signed-in customer's wallet movements, newest first",
        security,
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(100_000).default(1),
          page_size: z.coerce.number().int().min(1).max(100).default(10),
        }),
        response: {
          200: walletTransactionsPageSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { page, page_size: size } = request.query;
      const own = await wallets.ensure(currentUser(request).id);
      const { count, rows } = await wallets.movements(own.id, size, (page - 1) * size);
      const link = (n: number) => `${API_PATHS.walletTransactions}?page=${n}&page_size=${size}`;
      return {
        count,
        next: page * size < count ? link(page + 1) : null,
        previous: page > 1 ? link(page - 1) : null,
        results: rows.map((row) => walletTransactionView(row, remitaWidget)),
      };
    },
  );
};
