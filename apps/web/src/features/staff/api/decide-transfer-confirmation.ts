import { API_PATHS } from "@hospipay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { transferConfirmationsQueryKey } from "./get-transfer-confirmations";
import { answerDetail, invoicesQueryKey, statisticsQueryKey } from "./staff-query";
import { t } from "../../../i18n";
import { apiMessages as m } from "../messages";

/** An admin's decision on a bank transfer confirmation awaiting approval; rejecting needs a note. */
export type TransferDecisionInput =
  { id: number; decision: "approve"; note?: string } | { id: number; decision: "reject"; note: string };

/** POST /api/staff/transfer-confirmations/{id}/approve/ or …/reject/: answers the server's message. */
export async function decideTransferConfirmation({ id, decision, note }: TransferDecisionInput): Promise<string> {
  const path = decision === "approve" ? API_PATHS.approveTransferConfirmation(id) : API_PATHS.rejectTransferConfirmation(id);
  const answer = await api.post(path, note === undefined ? {} : { note }, { auth: true });
  return answerDetail(answer, t(decision === "approve" ? m.transferApproved : m.transferRejected));
}

export function useDecideTransferConfirmation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["staff", "transfer-decision"],
    mutationFn: decideTransferConfirmation,
    // An approval settles the invoice, which changes the figures and the table as well as the queue.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: transferConfirmationsQueryKey }),
        queryClient.invalidateQueries({ queryKey: statisticsQueryKey }),
        queryClient.invalidateQueries({ queryKey: invoicesQueryKey }),
      ]),
  });
}
