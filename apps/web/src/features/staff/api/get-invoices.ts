import {
  API_PATHS,
  invoiceFilterResponseSchema,
  MESSAGES,
  type FilterState,
  type InvoiceFilterResponse,
} from "@hospipay/contract";
import { useInfiniteQuery } from "@tanstack/react-query";
import { canQuery, filterQuery } from "../utils/transactions";
import { invoicesQueryKey, staffGet, StaffQueryError, staffRetry } from "./staff-query";

export const INVOICE_PAGE_SIZE = 50;

/** The cursor of a `next` link ("/invoices/invoices/filter/?…&cursor=abc"), if any. */
export function cursorOf(next: string | null | undefined): string | undefined {
  if (!next) return undefined;
  return new URL(next, "http://localhost").searchParams.get("cursor") ?? undefined;
}

/** GET /invoices/invoices/filter/: one page of invoices over the filter, read with the contract's schema. */
export async function getInvoicePage(
  filters: FilterState,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<InvoiceFilterResponse> {
  const body = await staffGet(
    API_PATHS.invoiceFilter,
    { ...filterQuery(filters), page_size: String(INVOICE_PAGE_SIZE), cursor },
    signal,
  );
  const parsed = invoiceFilterResponseSchema.safeParse(body);
  if (!parsed.success) throw new StaffQueryError(MESSAGES.staff.invoicesFailed);
  return parsed.data;
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
