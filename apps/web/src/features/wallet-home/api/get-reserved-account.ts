import { API_PATHS, type ReservedAccount } from "@hospipay/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ApiError } from "../../../lib/api-client";
import { takeEarlyRequest } from "../../../lib/session/early-profile";
import { parseReservedAccount } from "./parse-wallet-cards";

/** How often a customer's account being set up is asked about again while the screen shows it. */
export const RESERVED_ACCOUNT_POLL_MS = 10_000;

export const reservedAccountQueryKey = ["wallet-home", "reserved-account"] as const;

/**
 * GET /api/wallet/reserved-account/ (bearer): the customer's permanent account number for bank transfers.
 * The first may be answered by the request /dashboard's boot entry started (src/boot.ts).
 */
export async function getReservedAccount(signal?: AbortSignal): Promise<ReservedAccount> {
  const parsed = parseReservedAccount(
    await (takeEarlyRequest(API_PATHS.reservedAccount) ?? api.get(API_PATHS.reservedAccount, { auth: true, signal })),
  );
  if (parsed === null) throw new ApiError(502);
  return parsed;
}

export function reservedAccountQueryOptions() {
  return queryOptions({
    queryKey: reservedAccountQueryKey,
    queryFn: ({ signal }) => getReservedAccount(signal),
    // Being set up: asked again until the number arrives (the server reserves it in the background).
    refetchInterval: (query) => (query.state.data?.status === "pending" ? RESERVED_ACCOUNT_POLL_MS : false),
  });
}

export function useReservedAccount() {
  return useQuery(reservedAccountQueryOptions());
}
