import { API_PATHS, type CreateTopUpInput, type CreateTopUpResponse } from "@hospipay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { profileQueryKey } from "../../../lib/session/get-profile";
import { walletTransactionsQueryKey } from "./get-wallet-transactions";

/**
 * POST /express/top-up/ {amount, payment_method: "remita"} (bearer). The answer is read as partial: a
 * missing RRR or reference is a SPEC §8 error the screen shows, not a crash.
 */
export async function createTopUp(input: CreateTopUpInput): Promise<Partial<CreateTopUpResponse>> {
  const body = await api.post<Partial<CreateTopUpResponse> | undefined>(API_PATHS.topUp, input, { auth: true });
  return body ?? {};
}

/** Creating a top-up adds a pending credit: the wallet's lists are asked for again. */
export function useCreateTopUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTopUp,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: walletTransactionsQueryKey }),
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
      ]),
  });
}
