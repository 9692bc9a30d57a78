import { API_PATHS, confirmTransferResponseSchema, type ConfirmTransferInput } from "@hospipay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { answerDetail, invoicesQueryKey, statisticsQueryKey } from "./staff-query";
import { transferConfirmationsQueryKey } from "./get-transfer-confirmations";
import { t } from "../../../i18n";
import { apiMessages as m } from "../messages";

export interface ConfirmTransferResult {
  /** The server's message, shown as the outcome. */
  detail: string;
  /** False when the transfer had already been confirmed before this request, or waits for approval. */
  confirmed: boolean;
  /** True when an admin has to approve it first (an agent's confirmation with a large excess answers 202). */
  awaitingApproval: boolean;
}

/** POST /api/staff/invoices/{reference}/confirm-transfer/: a pending bank transfer is marked paid. */
export async function confirmTransfer({
  reference,
  ...body
}: ConfirmTransferInput & { reference: string }): Promise<ConfirmTransferResult> {
  const answer = await api.post(API_PATHS.confirmTransfer(reference), body, { auth: true });
  const parsed = confirmTransferResponseSchema.safeParse(answer);
  const confirmation =
    typeof answer === "object" && answer !== null ? (answer as { confirmation?: { status?: unknown } }).confirmation : undefined;
  return {
    detail: answerDetail(answer, t(m.transferConfirmed)),
    confirmed: parsed.success ? parsed.data.confirmed : true,
    awaitingApproval: confirmation?.status === "awaiting_approval",
  };
}

export function useConfirmTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "confirm-transfer"],
    mutationFn: confirmTransfer,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: statisticsQueryKey }),
        queryClient.invalidateQueries({ queryKey: invoicesQueryKey }),
        queryClient.invalidateQueries({ queryKey: transferConfirmationsQueryKey }),
      ]),
  });
}
