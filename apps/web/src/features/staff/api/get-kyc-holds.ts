import { API_PATHS, staffKycHoldsSchema, type StaffKycHold } from "@hospipay/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { staffGet, StaffQueryError, staffRetry } from "./staff-query";
import { t } from "../../../i18n";
import { apiMessages as m } from "../messages";

/** Transfers held over a KYC tier cap; a release, a refund or a tier change refreshes it. */
export const kycHoldsQueryKey = ["staff", "kyc-holds"] as const;

/** GET /api/staff/kyc-holds/?status=held: reserved-account transfers still held (admins, super admins). */
export async function getKycHolds(signal?: AbortSignal): Promise<StaffKycHold[]> {
  const parsed = staffKycHoldsSchema.safeParse(await staffGet(API_PATHS.kycHolds, { status: "held" }, signal));
  if (!parsed.success) throw new StaffQueryError(t(m.holdsFailed));
  return parsed.data.results;
}

export function kycHoldsQueryOptions() {
  return queryOptions({ queryKey: kycHoldsQueryKey, queryFn: ({ signal }) => getKycHolds(signal), retry: staffRetry });
}

export function useKycHolds() {
  return useQuery(kycHoldsQueryOptions());
}
