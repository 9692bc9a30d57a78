import { API_PATHS, type WalletTier } from "@hospipay/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ApiError } from "../../../lib/api-client";
import { takeEarlyRequest } from "../../../lib/session/early-profile";
import { parseWalletTier } from "./parse-wallet-cards";

export const walletTierQueryKey = ["wallet-home", "tier"] as const;

/**
 * GET /api/wallet/tier/ (bearer): the customer's KYC tier, its caps, and transfers held over a cap.
 * The first may be answered by the request /dashboard's boot entry started (src/boot.ts).
 */
export async function getWalletTier(signal?: AbortSignal): Promise<WalletTier> {
  const parsed = parseWalletTier(
    await (takeEarlyRequest(API_PATHS.walletTier) ?? api.get(API_PATHS.walletTier, { auth: true, signal })),
  );
  if (parsed === null) throw new ApiError(502);
  return parsed;
}

export function walletTierQueryOptions() {
  return queryOptions({ queryKey: walletTierQueryKey, queryFn: ({ signal }) => getWalletTier(signal) });
}

export function useWalletTier() {
  return useQuery(walletTierQueryOptions());
}
