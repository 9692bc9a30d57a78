import {
  API_PATHS,
  transferConfirmationListResponseSchema,
  type TransferConfirmation,
  type TransferConfirmationStatus,
} from "@hospipay/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { staffGet, StaffQueryError, staffRetry } from "./staff-query";
import { t } from "../../../i18n";
import { apiMessages as m } from "../messages";

/** Every list of confirmations shares the prefix, so a decision or a new confirmation refreshes all of them. */
export const transferConfirmationsQueryKey = ["staff", "transfer-confirmations"] as const;

/** GET /api/staff/transfer-confirmations/?status=: bank transfer confirmations in one state (staff). */
export async function getTransferConfirmations(
  status: TransferConfirmationStatus,
  signal?: AbortSignal,
): Promise<{ count: number; results: TransferConfirmation[] }> {
  const parsed = transferConfirmationListResponseSchema.safeParse(
    await staffGet(API_PATHS.transferConfirmations, { status }, signal),
  );
  if (!parsed.success) throw new StaffQueryError(t(m.confirmationsFailed));
  return parsed.data;
}

export function transferConfirmationsQueryOptions(status: TransferConfirmationStatus) {
  return queryOptions({
    queryKey: [...transferConfirmationsQueryKey, status],
    queryFn: ({ signal }) => getTransferConfirmations(status, signal),
    retry: staffRetry,
  });
}

export function useTransferConfirmations(status: TransferConfirmationStatus) {
  return useQuery(transferConfirmationsQueryOptions(status));
}
