import { API_PATHS, staffSearchResponseSchema, type StaffSearchResponse } from "@hospipay/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api-client";
import { t } from "../../../i18n";
import { specText } from "../../../lib/messages";
import { staffSearchMessages as m } from "../messages";

/** Results a page; the API's default. */
export const SEARCH_PAGE_SIZE = 20;

/** Keys of the staff search's queries. */
export const staffSearchQueryKey = ["staff-search"] as const;

/** An answer the screen cannot read: another attempt would not help. */
export class StaffSearchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StaffSearchError";
  }
}

/** GET /api/staff/search/?q=&page=&page_size=: bills and payments matching `q`, newest first. */
export async function searchPayments(q: string, page: number, signal?: AbortSignal): Promise<StaffSearchResponse> {
  const body = await api.get(API_PATHS.staffSearch, { auth: true, query: { q, page, page_size: SEARCH_PAGE_SIZE }, signal });
  const parsed = staffSearchResponseSchema.safeParse(body);
  if (!parsed.success) throw new StaffSearchError(t(m.readFailed));
  return parsed.data;
}

/** Retries once after a network or server failure; a 4xx or an unreadable answer is final. */
function retry(failureCount: number, error: unknown): boolean {
  if (error instanceof StaffSearchError) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** The search of `q` (already valid), page `page`; nothing is asked while `q` is null. */
export function useSearchPayments(q: string | null, page: number) {
  return useQuery({
    queryKey: [...staffSearchQueryKey, q, page],
    queryFn: ({ signal }) => searchPayments(q!, page, signal),
    enabled: q !== null,
    placeholderData: keepPreviousData,
    retry,
  });
}

/**
 * The line an "Error: …" shows, in the current language: the server's detail, a network hint, the error's own
 * message, else a general one.
 */
export function searchFailureText(error: unknown): string {
  const fallback = t(m.searchFailed);
  if (error instanceof ApiError) return error.detail ? specText(error.detail) : error.status === 0 ? t(m.networkError) : fallback;
  return error instanceof Error && error.message ? error.message : fallback;
}
