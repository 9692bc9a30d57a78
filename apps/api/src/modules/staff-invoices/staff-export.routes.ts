import { Readable } from "node:stream";
import {
  API_PATHS,
  CSV_LINE_END,
  invoiceFilterQuerySchema,
  invoicesToRows,
  TRANSACTIONS_CSV_HEADER,
  transactionCsvLine,
  type Invoice,
} from "@hospipay/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { KeysetPosition } from "../../lib/paging";
import { toInvoiceFilter, type InvoiceFilter, type StaffInvoicesRepository } from "./staff-invoices.repository";

const STAFF = ["ADMIN", "AGENT", "SUPERADMIN"] as const;

/**
 * Invoices per query (about 1,000 CSV lines). Small, so that a batch's objects die young: larger batches
 * live through garbage collections and the API's memory grows with the export instead of staying flat
 * (the staff bench checks the memory growth of a 100,000-row export, docs/performance.md).
 */
export const EXPORT_BATCH_SIZE = 500;

// The web's own download writes a byte-order mark first (so that spreadsheets read ₦ as UTF-8): so does this.
const BOM = "\uFEFF";

type Cursor = KeysetPosition;

/**
 * The CSV lines (each after its line end) of the next keyset batch, and the cursor after it (null after the
 * last batch). Its rows and objects are garbage once it returns: nothing of a batch outlives it but text.
 */
async function nextBatch(
  invoices: StaffInvoicesRepository,
  filter: InvoiceFilter,
  after: Cursor | null,
): Promise<{ text: string; next: Cursor | null }> {
  const page = await invoices.page(filter, after, EXPORT_BATCH_SIZE);
  const last = page[page.length - 1];
  if (!last) return { text: "", next: null };
  // The invoices as the filter endpoint lists them, the same JSON (with a department chosen, only its
  // lines), so that both make the same rows. The database writes it; staff-invoice-json.test.ts holds it
  // to the contract's invoiceSchema.
  const listed = JSON.parse(`[${page.map((invoice) => invoice.json).join(",")}]`) as Invoice[];
  const rows = invoicesToRows(listed);
  return {
    text: rows.map((row) => CSV_LINE_END + transactionCsvLine(row)).join(""),
    next: page.length === EXPORT_BATCH_SIZE ? { createdUs: last.createdUs, id: last.id } : null,
  };
}

/**
 * transactions.csv over a filter, newest first: the header, then one chunk per keyset batch, each read
 * when the previous one has been taken (so a slow or gone client stops the queries). Every batch is
 * its own query, with no transaction held open: an invoice created meanwhile is newer than the cursor
 * and left out, as if the export had started before it.
 */
async function* transactionsCsvChunks(invoices: StaffInvoicesRepository, filter: InvoiceFilter): AsyncGenerator<string> {
  yield BOM + TRANSACTIONS_CSV_HEADER;
  let after: Cursor | null = null;
  do {
    const batch = await nextBatch(invoices, filter, after);
    after = batch.next;
    if (batch.text) yield batch.text;
  } while (after);
}

/** The staff dashboards' CSV export (SPEC §7 "Other") of a whole filter, streamed from the database. */
export const staffExportRoutes: FastifyPluginAsyncZod<{ invoices: StaffInvoicesRepository }> = async (app, { invoices }) => {
  app.get(
    API_PATHS.invoiceExport,
    {
      config: { access: STAFF },
      schema: {
        tags: ["staff"],
        summary:
          "transactions.csv of the rows the filter endpoint lists for a filter, all pages, newest first, streamed (text/csv)",
        security: [{ bearerAuth: [] }],
        querystring: invoiceFilterQuerySchema,
      },
    },
    async (request, reply) => {
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="transactions.csv"')
        .header("cache-control", "private, no-store");
      // HEAD wants the headers only: Fastify would otherwise read the whole stream and drop it.
      if (request.method === "HEAD") return reply.send();
      // A byte stream with the default small buffer: a batch's chunk fills it, so the next batch is queried
      // only once the reply has taken this one. Destroyed (client gone), the stream ends the generator.
      return reply.send(Readable.from(transactionsCsvChunks(invoices, toInvoiceFilter(request.query)), { objectMode: false }));
    },
  );
};
