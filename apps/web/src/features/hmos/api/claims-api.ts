import { API_PATHS, claimListSchema, claimResponseSchema, claimSchema, type Claim, type ClaimHead } from "@hospipay/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiBlob, ApiError, api } from "../../../lib/api-client";
import { HmosAnswerError, hmosQueryKey } from "./hmos-api";

/** Keys of the claims' queries (under the HMOs', so that what the HMOs owe is read again with them). */
const claimsKey = [...hmosQueryKey, "claims"] as const;

function retry(failureCount: number, error: unknown): boolean {
  if (error instanceof HmosAnswerError) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** GET /api/staff/hmo-claims/: every claim batch, newest month first. */
export function useClaims() {
  return useQuery({
    queryKey: claimsKey,
    queryFn: async ({ signal }): Promise<ClaimHead[]> => {
      const parsed = claimListSchema.safeParse(await api.get(API_PATHS.staffHmoClaims, { auth: true, signal }));
      if (!parsed.success) throw new HmosAnswerError();
      return parsed.data.results;
    },
    retry,
  });
}

/** GET /api/staff/hmo-claims/{id}/: a batch with its lines, remittances and write-offs; nothing asked while `id` is null. */
export function useClaim(id: number | null) {
  return useQuery({
    queryKey: [...claimsKey, id],
    queryFn: async ({ signal }): Promise<Claim> => {
      const parsed = claimSchema.safeParse(await api.get(API_PATHS.staffHmoClaim(id!), { auth: true, signal }));
      if (!parsed.success) throw new HmosAnswerError();
      return parsed.data;
    },
    enabled: id !== null,
    retry,
  });
}

/** A claim action (make, submit, remit, ask for or decide a write-off): `{detail, claim}`; the HMOs and claims are read again. */
export function useClaimAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ path, body }: { path: string; body: unknown }) => {
      const parsed = claimResponseSchema.safeParse(await api.post(path, body, { auth: true }));
      if (!parsed.success) throw new HmosAnswerError();
      return parsed.data;
    },
    // The answer is the batch as it now stands; the rest is read again without waiting, so that the caller hears of
    // its success even when the form that asked is gone with what it changed (a write-off signed off).
    onSuccess: (answer) => {
      queryClient.setQueryData([...claimsKey, answer.claim.id], answer.claim);
      void queryClient.invalidateQueries({ queryKey: hmosQueryKey });
    },
  });
}

/** GET /api/staff/hmo-claims/{id}/csv/: the batch as a CSV file. */
export function claimCsv(id: number): Promise<Blob> {
  return apiBlob(API_PATHS.staffHmoClaimCsv(id));
}
