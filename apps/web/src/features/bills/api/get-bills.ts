import { API_PATHS, billListResponseSchema } from "@hospipay/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { BillsError, billsRetry } from "./bills-error";
import { t } from "../../../i18n";
import { billsCommonMessages as m } from "../messages";

export const BILLS_PAGE_SIZE = 20;

/** Keys of the bills feature's staff queries; raising or cancelling a bill refreshes them all. */
export const staffBillsQueryKey = ["bills", "staff"] as const;

export type BillList = ReturnType<typeof billListResponseSchema.parse>;

/** GET /api/staff/bills/?q=&page=&page_size=: newest first, searched by hospital number, name, phone, e-mail or token. */
export async function getBills(search: string, page: number, signal?: AbortSignal): Promise<BillList> {
  const body = await api.get(API_PATHS.staffBills, {
    auth: true,
    query: { q: search.trim() || undefined, page, page_size: BILLS_PAGE_SIZE },
    signal,
  });
  const parsed = billListResponseSchema.safeParse(body);
  if (!parsed.success) throw new BillsError(t(m.loadBillsFailed));
  return parsed.data;
}

export function useBills(search: string, page: number) {
  return useQuery({
    queryKey: [...staffBillsQueryKey, "list", search.trim(), page],
    queryFn: ({ signal }) => getBills(search, page, signal),
    placeholderData: keepPreviousData,
    retry: billsRetry,
  });
}
