import { API_PATHS, refundPreviewSchema, type RefundPreview } from "@hospipay/contract";
import { useQuery } from "@tanstack/react-query";
import { staffGet, StaffQueryError, staffRetry } from "./staff-query";
import { t } from "../../../i18n";
import { apiMessages as m } from "../messages";

/** GET /api/staff/invoices/{reference}/refund/: what a refund of this payment would do for the caller, before it is asked. */
export async function getRefundPreview(reference: string, signal?: AbortSignal): Promise<RefundPreview> {
  const parsed = refundPreviewSchema.safeParse(await staffGet(API_PATHS.refundInvoice(reference), {}, signal));
  if (!parsed.success) throw new StaffQueryError(t(m.refundsFailed));
  return parsed.data;
}

/** The refund dialog's preview; not kept once the dialog closes, since a giving can happen any time. */
export function useRefundPreview(reference: string) {
  return useQuery({
    queryKey: ["staff", "refund-preview", reference],
    queryFn: ({ signal }) => getRefundPreview(reference, signal),
    retry: staffRetry,
    gcTime: 0,
  });
}
