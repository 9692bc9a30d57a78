import { API_PATHS, refundListResponseSchema, type Refund, type RefundStatus } from "@hospipay/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { staffGet, StaffQueryError, staffRetry } from "./staff-query";
import { t } from "../../../i18n";
import { apiMessages as m } from "../messages";

/** Every refund list shares the prefix, so a decision or a new refund refreshes all of them. */
export const refundsQueryKey = ["staff", "refunds"] as const;

/** GET /api/staff/refunds/?status=: refunds in one state (admins, super admins). */
export async function getRefunds(status: RefundStatus, signal?: AbortSignal): Promise<{ count: number; results: Refund[] }> {
  const parsed = refundListResponseSchema.safeParse(await staffGet(API_PATHS.refunds, { status }, signal));
  if (!parsed.success) throw new StaffQueryError(t(m.refundsFailed));
  return parsed.data;
}

export function refundsQueryOptions(status: RefundStatus) {
  return queryOptions({
    queryKey: [...refundsQueryKey, status],
    queryFn: ({ signal }) => getRefunds(status, signal),
    retry: staffRetry,
  });
}

export function useRefunds(status: RefundStatus) {
  return useQuery(refundsQueryOptions(status));
}
