import { API_PATHS, confirmTransferResponseSchema, type ConfirmTransferInput } from "@hospipay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { answerDetail, invoicesQueryKey, statisticsQueryKey } from "./staff-query";

export interface ConfirmTransferResult {
  /** The server's message, shown as the outcome. */
  detail: string;
  /** False when the transfer had already been confirmed before this request. */
  confirmed: boolean;
}

/** POST /api/staff/invoices/{reference}/confirm-transfer/: a pending bank transfer is marked paid. */
export async function confirmTransfer({
  reference,
  ...body
}: ConfirmTransferInput & { reference: string }): Promise<ConfirmTransferResult> {
  const answer = await api.post(API_PATHS.confirmTransfer(reference), body, { auth: true });
  const parsed = confirmTransferResponseSchema.safeParse(answer);
  return { detail: answerDetail(answer, "Transfer confirmed."), confirmed: parsed.success ? parsed.data.confirmed : true };
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
      ]),
  });
}
