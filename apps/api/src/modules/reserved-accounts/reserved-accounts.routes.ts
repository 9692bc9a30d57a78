import { API_PATHS, errorResponseSchema, reservedAccountSchema } from "@hospipay/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../../plugins/access";
import type { ReservedAccountsService } from "./reserved-accounts.service";

/** The signed-in customer's permanent account number for funding the wallet by bank transfer (issue 22). */
export const reservedAccountsRoutes: FastifyPluginAsyncZod<{ reservedAccounts: ReservedAccountsService }> = async (
  app,
  { reservedAccounts },
) => {
  app.get(
    API_PATHS.reservedAccount,
    {
      config: { access: ["CUSTOMER"] },
      schema: {
        tags: ["wallet"],
        summary:
          "The signed-in customer's reserved account: number, bank and name once active; pending while it is being set up; needs_nin until their KYC carries a NIN",
        security: [{ bearerAuth: [] }],
        response: { 200: reservedAccountSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => reservedAccounts.view(currentUser(request).id),
  );
};
