import { API_PATHS, waiverListResponseSchema, type BillWaiver } from "@hospipay/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { t } from "../../../i18n";
import { waiverMessages as m } from "../waivers.messages";
import { BillsError, billsRetry } from "./bills-error";

export const waiversQueryKey = ["bills", "waivers"] as const;

/** How many pending waivers one screen shows (the API's largest page). */
export const WAIVERS_PAGE_SIZE = 100;

export interface WaiverList {
  count: number;
  results: BillWaiver[];
}

/** GET /api/staff/waivers/?status=pending: the waivers waiting for a decision, newest first. */
export async function getPendingWaivers(signal?: AbortSignal): Promise<WaiverList> {
  const parsed = waiverListResponseSchema.safeParse(
    await api.get(API_PATHS.staffWaivers, {
      auth: true,
      signal,
      query: { status: "pending", page_size: WAIVERS_PAGE_SIZE },
    }),
  );
  if (!parsed.success) throw new BillsError(t(m.loadFailed));
  return parsed.data;
}

export function usePendingWaivers() {
  return useQuery({
    queryKey: [...waiversQueryKey, "pending"],
    queryFn: ({ signal }) => getPendingWaivers(signal),
    retry: billsRetry,
  });
}
