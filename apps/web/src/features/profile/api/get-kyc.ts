import { API_PATHS } from "@hospipay/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ApiError } from "../../../lib/api-client";
import { parseKycRecord, type KycRecordView } from "../utils/kyc-record";

/** Query key of the customer's own KYC record. */
export const kycQueryKey = ["profile", "kyc"] as const;

/** GET /auth/kyc/me/: the record, or null when the customer has none yet (404 means create mode). */
export async function getKyc(signal?: AbortSignal): Promise<KycRecordView | null> {
  try {
    const body = await api.get(API_PATHS.kycMe, { auth: true, signal });
    const record = parseKycRecord(body);
    if (!record) throw new ApiError(500);
    return record;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function kycQueryOptions() {
  return queryOptions({ queryKey: kycQueryKey, queryFn: ({ signal }) => getKyc(signal), retry: false });
}

export function useKyc() {
  return useQuery(kycQueryOptions());
}
