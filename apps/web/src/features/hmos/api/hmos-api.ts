import {
  API_PATHS,
  hmoListSchema,
  hmoPlanResponseSchema,
  hmoReceivablesSchema,
  hmoResponseSchema,
  type HmoList,
  type HmoReceivables,
} from "@hospipay/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api-client";

/** Keys of the HMOs' queries: a registration or a plan refreshes them. */
export const hmosQueryKey = ["hmos", "list"] as const;

/** An answer the screen cannot read: another attempt would not help. */
export class HmosAnswerError extends Error {
  constructor() {
    super("unreadable answer");
    this.name = "HmosAnswerError";
  }
}

/** Retries once after a network or server failure; a 4xx or an unreadable answer is final. */
function retry(failureCount: number, error: unknown): boolean {
  if (error instanceof HmosAnswerError) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** GET /api/staff/hmos/: every HMO with its plans. */
export function useHmos() {
  return useQuery({
    queryKey: hmosQueryKey,
    queryFn: async ({ signal }): Promise<HmoList> => {
      const parsed = hmoListSchema.safeParse(await api.get(API_PATHS.staffHmos, { auth: true, signal }));
      if (!parsed.success) throw new HmosAnswerError();
      return parsed.data;
    },
    retry,
  });
}

/** GET /api/staff/hmos/receivables/: what each HMO owes, by age. */
export function useReceivables() {
  return useQuery({
    queryKey: [...hmosQueryKey, "receivables"],
    queryFn: async ({ signal }): Promise<HmoReceivables> => {
      const parsed = hmoReceivablesSchema.safeParse(await api.get(API_PATHS.staffHmoReceivables, { auth: true, signal }));
      if (!parsed.success) throw new HmosAnswerError();
      return parsed.data;
    },
    retry,
  });
}

/** POST /api/staff/hmos/ → 201 `{detail, hmo}`. */
export function useRegisterHmo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: Record<string, string>) => {
      const parsed = hmoResponseSchema.safeParse(await api.post(API_PATHS.staffHmos, body, { auth: true }));
      if (!parsed.success) throw new HmosAnswerError();
      return parsed.data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hmosQueryKey }),
  });
}

/** POST /api/staff/hmos/{id}/plans/ → 201 `{detail, plan}`. */
export function useAddPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ hmoId, body }: { hmoId: number; body: unknown }) => {
      const parsed = hmoPlanResponseSchema.safeParse(await api.post(API_PATHS.staffHmoPlans(hmoId), body, { auth: true }));
      if (!parsed.success) throw new HmosAnswerError();
      return parsed.data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hmosQueryKey }),
  });
}
