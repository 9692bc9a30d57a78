import {
  API_PATHS,
  errorResponseSchema,
  invoiceFilterQuerySchema,
  invoiceFilterResponseSchema,
  invoicePageQuerySchema,
  koboToDecimal,
  statisticsResponseSchema,
} from "@hospipay/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { KeptJson, sendKeptJson } from "../../lib/json-reply";
import { decodeCursor, nextPageLink } from "../../lib/paging";
import { toInvoiceFilter, type FilterPage, type StaffInvoicesRepository } from "./staff-invoices.repository";

const STAFF = ["ADMIN", "AGENT", "SUPERADMIN"] as const;
const failures = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** The staff dashboards' data (SPEC §7), filtered, summed and paged in SQL. */
export const staffInvoicesRoutes: FastifyPluginAsyncZod<{ invoices: StaffInvoicesRepository }> = async (app, { invoices }) => {
  const security = [{ bearerAuth: [] }];

  app.get(
    API_PATHS.statistics,
    {
      config: { access: STAFF },
      schema: {
        tags: ["staff"],
        summary: "The summary cards and revenue per payment method for a filter: revenue counts completed payments only",
        security,
        querystring: invoiceFilterQuerySchema,
        response: { 200: statisticsResponseSchema, ...failures },
      },
    },
    async (request) => {
      const totals = await invoices.methodTotals(toInvoiceFilter(request.query));
      const total = (field: "rows" | "completedRows" | "completedKobo" | "refundedRows" | "refundedKobo" | "recent") =>
        totals.reduce((sum, t) => sum + t[field], 0);
      // Revenue is money received: completed payments only (a pending checkout may never be paid).
      const completed = total("completedRows");
      const revenue = total("completedKobo");
      return {
        method_counts: Object.fromEntries(
          totals
            .filter((t) => t.completedRows > 0)
            .map((t) => [t.method, { sum_amount: koboToDecimal(t.completedKobo), count: t.completedRows }]),
        ),
        total_transactions: total("rows"),
        completed_transactions: completed,
        total_revenue: koboToDecimal(revenue),
        // Kobo rounded half up, shown with 2 decimals.
        average_transaction: koboToDecimal(completed === 0 ? 0 : Math.round(revenue / completed)),
        refunded_transactions: total("refundedRows"),
        total_refunded: koboToDecimal(total("refundedKobo")),
        recent_transactions: total("recent"),
      };
    },
  );

  // The answer per filter page object (its bytes, and gzipped once if asked); an entry goes when the page
  // cache lets its page go.
  const bodies = new WeakMap<FilterPage, { next: string | null; body: KeptJson }>();

  app.get(
    API_PATHS.invoiceFilter,
    {
      config: { access: STAFF },
      schema: {
        tags: ["staff"],
        summary: "Invoices matching a filter, newest first, one cursor page at a time (never the whole table)",
        security,
        querystring: invoicePageQuerySchema,
        response: { 200: invoiceFilterResponseSchema, ...failures },
      },
    },
    async (request, reply) => {
      const { cursor, page_size: size, ...query } = request.query;
      const filter = toInvoiceFilter(query);
      const after = cursor ? decodeCursor(cursor) : null;
      const page = await invoices.filterPage(filter, after, size);
      const next = page.next ? nextPageLink(API_PATHS.invoiceFilter, query, page.next, size) : null;
      // invoiceFilterResponseSchema, with each invoice as the database keeps it (migration 0002, held to the
      // contract's invoiceSchema by staff-invoice-json.test.ts; the export lists the same JSON): a page is one
      // statement and its rows' text, or a page kept from an earlier answer while nothing it shows changed
      // (0004), with no objects to build, check and write out. A kept page is sent as the bytes written for
      // it then, while its next link is the same: no 40 KB of text to put together, encode and compress again.
      const sent = bodies.get(page);
      if (sent && sent.next === next) return sendKeptJson(request, reply, sent.body);
      const body = new KeptJson(`{"count":${page.count},"next":${JSON.stringify(next)},"results":[${page.results}]}`);
      bodies.set(page, { next, body });
      return sendKeptJson(request, reply, body);
    },
  );
};
