import { API_PATHS, MESSAGES, type FilterState } from "@hospipay/contract";
import { useInfiniteQuery } from "@tanstack/react-query";
import { canQuery, filterQuery, type StaffInvoice } from "../utils/transactions";
import { invoicesQueryKey, staffGet, StaffQueryError, staffRetry } from "./staff-query";

export const INVOICE_PAGE_SIZE = 50;

export interface InvoicePage {
  count: number;
  next: string | null;
  results: StaffInvoice[];
}

const text = (value: unknown, fallback = ""): string => (typeof value === "string" ? value : fallback);
const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** Reads one invoice leniently; one without an id is dropped. */
function parseInvoice(value: unknown): StaffInvoice | null {
  const invoice = record(value);
  if (!invoice || typeof invoice.id !== "number") return null;
  const meta = record(invoice.customer_meta);
  const items = Array.isArray(invoice.items) ? invoice.items : [];
  return {
    id: invoice.id,
    reference: text(invoice.reference),
    created_at: text(invoice.created_at),
    paid_at: typeof invoice.paid_at === "string" ? invoice.paid_at : null,
    status: text(invoice.status),
    payment_method: text(invoice.payment_method),
    customer_email: text(invoice.customer_email),
    customer_meta: meta ? { name: typeof meta.name === "string" ? meta.name : undefined } : null,
    total_amount: typeof invoice.total_amount === "string" ? invoice.total_amount : null,
    items: items.map((raw) => {
      const item = record(raw) ?? {};
      const service = record(item.service) ?? {};
      const department = record(service.department);
      return {
        amount: typeof item.amount === "number" ? String(item.amount) : text(item.amount, "0"),
        service: {
          name: text(service.name),
          description: typeof service.description === "string" ? service.description : null,
          department: department ? { name: text(department.name) } : null,
        },
      };
    }),
  };
}

/** The cursor of a `next` link ("/invoices/invoices/filter/?…&cursor=abc"), if any. */
export function cursorOf(next: string | null | undefined): string | undefined {
  if (!next) return undefined;
  return new URL(next, "http://localhost").searchParams.get("cursor") ?? undefined;
}

/** GET /invoices/invoices/filter/: one page of invoices over the filter. */
export async function getInvoicePage(
  filters: FilterState,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<InvoicePage> {
  const body = record(
    await staffGet(API_PATHS.invoiceFilter, { ...filterQuery(filters), page_size: String(INVOICE_PAGE_SIZE), cursor }, signal),
  );
  if (!body || !Array.isArray(body.results)) throw new StaffQueryError(MESSAGES.staff.invoicesFailed);
  const results = body.results.map(parseInvoice).filter((invoice): invoice is StaffInvoice => invoice !== null);
  return {
    count: typeof body.count === "number" ? body.count : results.length,
    next: typeof body.next === "string" ? body.next : null,
    results,
  };
}

export function useInvoices(filters: FilterState) {
  return useInfiniteQuery({
    queryKey: [...invoicesQueryKey, filterQuery(filters)],
    queryFn: ({ pageParam, signal }) => getInvoicePage(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => cursorOf(last.next),
    enabled: canQuery(filters),
    retry: staffRetry,
  });
}
