import { API_PATHS, posSettlementResponseSchema, type PosSettlementInput } from "@hospipay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { t } from "../../../i18n";
import { api } from "../../../lib/api-client";
import { dayBookMessages as m } from "../messages";
import { DayBookError } from "./day-book-error";
import { dayBookQueryKey } from "./get-day-book";

/** The body as the form sends it: the fee may be left out (the server counts it as 0). */
export type PosSettlementBody = Omit<PosSettlementInput, "fee"> & { fee?: string };
/** The answer: the server's detail and the settlement, with what still awaits settlement after it. */
export type PosSettlementAnswer = ReturnType<typeof posSettlementResponseSchema.parse>;

/**
 * POST /api/staff/desk/pos-settlements/ `{reference, settled_on, amount, fee?}` (admins) → 201: what the acquirer
 * paid into the bank for the terminals, with what still awaits settlement after it.
 */
export async function recordPosSettlement(body: PosSettlementBody): Promise<PosSettlementAnswer> {
  const parsed = posSettlementResponseSchema.safeParse(await api.post(API_PATHS.posSettlements, body, { auth: true }));
  if (!parsed.success) throw new DayBookError(t(m.posUnread));
  return parsed.data;
}

export function useRecordPosSettlement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordPosSettlement,
    // The book's "POS settled" and "POS fees" figures change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dayBookQueryKey }),
  });
}
