import {
  API_PATHS,
  settlementAnswerSchema,
  settlementDifferencesSchema,
  settlementImportAnswerSchema,
  settlementReportSchema,
  type SettlementDifference,
  type SettlementReport,
} from "@hospipay/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api-client";
import { t } from "../../../i18n";
import { settlementsMessages as m } from "../messages";

const settlementsKey = ["staff", "settlements"] as const;

/** An answer the screen cannot read: another attempt would not help. */
export class SettlementsAnswerError extends Error {
  constructor() {
    super(t(m.unread));
    this.name = "SettlementsAnswerError";
  }
}

function retry(failureCount: number, error: unknown): boolean {
  if (error instanceof SettlementsAnswerError) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** GET /api/staff/settlements/?month=: the month by gateway and day. */
export function useSettlementReport(month: string) {
  return useQuery({
    queryKey: [...settlementsKey, "report", month],
    queryFn: async ({ signal }): Promise<SettlementReport> => {
      const parsed = settlementReportSchema.safeParse(
        await api.get(`${API_PATHS.staffSettlements}?month=${month}`, { auth: true, signal }),
      );
      if (!parsed.success) throw new SettlementsAnswerError();
      return parsed.data;
    },
    retry,
  });
}

/** GET /api/staff/settlements/differences/?month=: what did not match, and what officers made of it. */
export function useSettlementDifferences(month: string) {
  return useQuery({
    queryKey: [...settlementsKey, "differences", month],
    queryFn: async ({ signal }): Promise<SettlementDifference[]> => {
      const parsed = settlementDifferencesSchema.safeParse(
        await api.get(`${API_PATHS.settlementDifferences}?month=${month}`, { auth: true, signal }),
      );
      if (!parsed.success) throw new SettlementsAnswerError();
      return parsed.data.results;
    },
    retry,
  });
}

/** An import, an explanation, a decision or a month's close: `{detail}`; the month is read again. */
export function useSettlementAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ path, body }: { path: string; body: unknown }) => {
      const answer = await api.post(path, body, { auth: true });
      const parsed = settlementImportAnswerSchema.safeParse(answer);
      if (parsed.success) return parsed.data;
      const plain = settlementAnswerSchema.safeParse(answer);
      if (!plain.success) throw new SettlementsAnswerError();
      return plain.data;
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: settlementsKey }),
  });
}
