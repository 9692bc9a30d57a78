import { API_PATHS, type PublicReceipt } from "@hospipay/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** GET /api/receipts/{code}/ (public, rate limited): paid or not, the amount and the date; nothing personal. */
export function checkReceipt(code: string, signal?: AbortSignal): Promise<PublicReceipt> {
  return api.get<PublicReceipt>(API_PATHS.receipt(code), { signal });
}

/** The public check of one code (as stored: 16 characters, no dashes). */
export function publicReceiptQueryOptions(code: string) {
  return queryOptions({
    queryKey: ["receipts", "public", code] as const,
    queryFn: ({ signal }) => checkReceipt(code, signal),
    // Each check counts against the rate limit: the screen offers its own "Try again".
    retry: false,
    staleTime: 0,
  });
}
