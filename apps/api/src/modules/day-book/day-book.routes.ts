import { API_PATHS, dayBookQuerySchema, dayBookSchema } from "@hospipay/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { operationFailures } from "../../lib/route-schemas";
import { dayBookCsv, type DayBookService } from "./day-book.service";

const security = [{ bearerAuth: [] }];
const ADMINS = ["ADMIN", "SUPERADMIN"] as const;

/** The day book (admins), and the same as CSV. */
export const dayBookRoutes: FastifyPluginAsyncZod<{ dayBook: DayBookService }> = async (app, { dayBook }) => {
  app.get(
    API_PATHS.dayBook,
    {
      config: { access: [...ADMINS] },
      schema: {
        tags: ["day book"],
        summary:
          "A WAT day's (or month's) money by channel, department and staff member, with refunds, waivers and drawers, against the ledger",
        security,
        querystring: dayBookQuerySchema,
        response: { 200: dayBookSchema, ...operationFailures },
      },
    },
    async (request) => dayBook.get(request.query),
  );

  app.get(
    API_PATHS.dayBookExport,
    {
      config: { access: [...ADMINS] },
      schema: { tags: ["day book"], summary: "The day book as CSV (text/csv)", security, querystring: dayBookQuerySchema },
    },
    async (request, reply) => {
      const book = await dayBook.get(request.query);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="daybook-${book.period}.csv"`)
        .header("cache-control", "private, no-store")
        .send(dayBookCsv(book));
    },
  );
};
