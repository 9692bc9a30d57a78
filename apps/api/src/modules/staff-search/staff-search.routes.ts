import { API_PATHS, staffSearchQuerySchema, staffSearchResponseSchema } from "@hospipay/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { operationFailures } from "../../lib/route-schemas";
import type { StaffSearchService } from "./staff-search.service";

/** Staff find a patient's money: bills and payments in one list. */
export const staffSearchRoutes: FastifyPluginAsyncZod<{ search: StaffSearchService }> = async (app, { search }) => {
  app.get(
    API_PATHS.staffSearch,
    {
      config: { access: ["AGENT", "ADMIN", "SUPERADMIN"] },
      schema: {
        tags: ["bills"],
        summary:
          "Bills and payments, newest first, by hospital number, phone, e-mail, reference, RRR, bill token or the start of a name; paged",
        security: [{ bearerAuth: [] }],
        querystring: staffSearchQuerySchema,
        response: { 200: staffSearchResponseSchema, ...operationFailures },
      },
    },
    async (request) => search.search(request.query),
  );
};
