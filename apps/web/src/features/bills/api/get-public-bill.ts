import { API_PATHS, publicBillSchema, type PublicBill } from "@hospipay/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { BillsError, billsRetry } from "./bills-error";
import { t } from "../../../i18n";
import { billsCommonMessages as m } from "../messages";

export const publicBillQueryKey = (token: string) => ["bills", "public", token.toLowerCase()] as const;

/** GET /api/bills/{token}/ (public): lines, total, paid, left and the payers by first name. */
export async function getPublicBill(token: string, signal?: AbortSignal): Promise<PublicBill> {
  const parsed = publicBillSchema.safeParse(await api.get(API_PATHS.publicBill(token), { signal }));
  if (!parsed.success) throw new BillsError(t(m.loadBillFailed));
  return parsed.data;
}

export function usePublicBill(token: string) {
  return useQuery({
    queryKey: publicBillQueryKey(token),
    queryFn: ({ signal }) => getPublicBill(token, signal),
    retry: billsRetry,
  });
}
