import { API_PATHS, staffBillSchema, type StaffBill } from "@hospipay/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { BillsError, billsRetry } from "./bills-error";
import { staffBillsQueryKey } from "./get-bills";
import { t } from "../../../i18n";
import { billsCommonMessages as m } from "../messages";

/** GET /api/staff/bills/{token}/: the bill with its lines and every payment made towards it. */
export async function getStaffBill(token: string, signal?: AbortSignal): Promise<StaffBill> {
  const parsed = staffBillSchema.safeParse(await api.get(API_PATHS.staffBill(token), { auth: true, signal }));
  if (!parsed.success) throw new BillsError(t(m.loadBillFailed));
  return parsed.data;
}

export function useStaffBill(token: string | null) {
  return useQuery({
    queryKey: [...staffBillsQueryKey, "bill", token],
    queryFn: ({ signal }) => getStaffBill(token ?? "", signal),
    enabled: token !== null,
    retry: billsRetry,
  });
}
