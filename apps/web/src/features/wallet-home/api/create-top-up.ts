import { API_PATHS, type CreateTopUpInput } from "@hospipay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { profileQueryKey } from "../../../lib/session/get-profile";
import { walletTransactionsQueryKey } from "./get-wallet-transactions";

/** How the browser opens Remita's widget for the top-up (wallet contract). */
export interface TopUpGateway {
  key: "remita";
  script_url: string;
  public_key: string;
  rrr: string;
  transaction_id: string;
  amount: string;
}

/**
 * Answer of POST /express/top-up/. Everything is optional here: a missing RRR or reference is a
 * SPEC §8 error the screen shows, not a crash.
 */
export interface TopUpResponse {
  reference?: string;
  amount?: string;
  status?: string;
  rrr_response?: { RRR?: string };
  gateway?: Partial<TopUpGateway>;
}

/** POST /express/top-up/ {amount, payment_method: "remita"} (bearer). */
export async function createTopUp(input: CreateTopUpInput): Promise<TopUpResponse> {
  const body = await api.post<TopUpResponse | undefined>(API_PATHS.topUp, input, { auth: true });
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
