import { API_PATHS, createBillResponseSchema, type CreateBillBody, type StaffBill } from "@hospipay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { BillsError } from "./bills-error";
import { staffBillsQueryKey } from "./get-bills";
import { t } from "../../../i18n";
import { billsCommonMessages as m } from "../messages";

/**
 * The body of POST /api/staff/bills/ as the form sends it (money in naira, as text). The locale is the
 * patient's language: the bill's link and receipts are written in it (e-mail and SMS).
 */
export type NewBillBody = CreateBillBody;

/** POST /api/staff/bills/ → 201 `{detail, bill}`. */
export async function createBill(body: NewBillBody): Promise<{ detail: string; bill: StaffBill }> {
  const parsed = createBillResponseSchema.safeParse(await api.post(API_PATHS.staffBills, body, { auth: true }));
  if (!parsed.success) throw new BillsError(t(m.createUnread));
  return parsed.data;
}

export function useCreateBill() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBill,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffBillsQueryKey }),
  });
}
