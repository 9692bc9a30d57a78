import { QUERY_STALE_TIME_MS } from "@hospipay/contract";
import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "../lib/api-client";

/**
 * The app's query cache: 5-minute stale time (SPEC §9); a 4xx answer is never retried. Offline (issue 24)
 * a query is still sent, since the service worker may answer it from its cache (the catalogue, receipts
 * already seen), and only its retry waits for the connection; a mutation never waits for it: offline it
 * fails at once, so that no payment is ever held back and sent later.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        networkMode: "offlineFirst",
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
      },
      mutations: { retry: false, networkMode: "always" },
    },
  });
}
