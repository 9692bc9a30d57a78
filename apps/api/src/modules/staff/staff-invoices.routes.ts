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
import { decodeCursor, nextPageLink } from "../../lib/paging";
import { toInvoiceFilter, type StaffInvoicesRepository } from "./staff-invoices.repository";

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
        summary: "Revenue per payment method and the summary cards for a filter",
        security,
        querystring: invoiceFilterQuerySchema,
        response: { 200: statisticsResponseSchema, ...failures },
      },
    },
    async (request) => {
      const totals = await invoices.methodTotals(toInvoiceFilter(request.query));
      const rows = totals.reduce((sum, t) => sum + t.rows, 0);
      const revenue = totals.reduce((sum, t) => sum + t.sumKobo, 0);
      return {
        method_counts: Object.fromEntries(totals.map((t) => [t.method, { sum_amount: koboToDecimal(t.sumKobo), count: t.rows }])),
        total_transactions: rows,
        total_revenue: koboToDecimal(revenue),
        // Kobo rounded half up, shown with 2 decimals.
        average_transaction: koboToDecimal(rows === 0 ? 0 : Math.round(revenue / rows)),
        recent_transactions: totals.reduce((sum, t) => sum + t.recent, 0),
      };
    },
  );

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
    async (request) => {
      const { cursor, page_size: size, ...query } = request.query;
      const filter = toInvoiceFilter(query);
      const after = cursor ? decodeCursor(cursor) : null;
      const [count, page] = await Promise.all([invoices.count(filter), invoices.page(filter, after, size + 1)]);
      const shown = page.slice(0, size);
      const items = await invoices.items(
        shown.map((invoice) => invoice.id),
        filter.department,
      );
      const last = shown[shown.length - 1];
      const next = page.length > size && last ? nextPageLink(API_PATHS.invoiceFilter, query, last, size) : null;
      return {
        count,
        next,
        results: shown.map((invoice) => ({
          id: invoice.id,
          reference: invoice.reference,
          created_at: invoice.createdAt.toISOString(),
          paid_at: invoice.paidAt?.toISOString() ?? null,
          status: invoice.status,
          payment_method: invoice.paymentMethod,
          customer_email: invoice.customerEmail,
          customer_meta: { name: invoice.customerName },
          total_amount: koboToDecimal(invoice.totalKobo),
          items: items
            .filter((item) => item.invoiceId === invoice.id)
            .map((item) => ({
              amount: koboToDecimal(item.lineTotalKobo),
              qty: item.qty,
              service: {
                name: item.serviceName,
                description: item.description,
                department: item.departmentName ? { name: item.departmentName } : null,
              },
            })),
        })),
      };
    },
  );
};
