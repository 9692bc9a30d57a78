import { QUERY_STALE_TIME_MS } from "@hospipay/contract";
import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "../lib/api-client";

/** The app's query cache: 5-minute stale time (SPEC §9); a 4xx answer is never retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
      },
      mutations: { retry: false },
    },
  });
}
