import { API_PATHS, type PublicTransaction, type TransactionLookupQuery } from "@hospipay/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ApiError } from "../../../lib/api-client";

/** The look-up's inputs: an e-mail and the last six digits of a phone number. */
export type TransactionLookup = TransactionLookupQuery;

/** GET /api/express/fetch-transactions/?email=&digit= (public, no token). */
export async function fetchTransactions(lookup: TransactionLookup, signal?: AbortSignal): Promise<PublicTransaction[]> {
  const body = await api.get(API_PATHS.fetchTransactions, { query: { email: lookup.email, digit: lookup.digit }, signal });
  // The schema library is fetched with the first search, keeping it off the landing page's first load.
  const { parseLookupResponse } = await import("./parse-lookup-response");
  const results = parseLookupResponse(body);
  // An answer in another shape is a failure to show, not an empty history.
  if (results === null) throw new ApiError(500);
  return results;
}

export function transactionsQueryOptions(lookup: TransactionLookup | null) {
  return queryOptions({
    queryKey: ["landing", "transactions", lookup?.email ?? "", lookup?.digit ?? ""],
    queryFn: ({ signal }) => fetchTransactions(lookup as TransactionLookup, signal),
    enabled: lookup !== null,
    // The visitor sees the failure at once and can search again.
    retry: false,
  });
}

/** The look-up's results; idle until the form has been submitted with valid inputs. */
export function useTransactions(lookup: TransactionLookup | null) {
  return useQuery(transactionsQueryOptions(lookup));
}
