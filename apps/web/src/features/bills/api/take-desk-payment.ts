import { API_PATHS, deskPaymentResponseSchema, type DeskPaymentInput, type DeskPaymentResponse } from "@hospipay/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { shiftsQueryKey } from "../../../lib/staff-desk/current-shift";
import { BillsError } from "./bills-error";
import { staffBillsQueryKey } from "./get-bills";
import { t } from "../../../i18n";
import type { CheckoutItem } from "../../../lib/checkout-items";
import { deskPaymentMessages as m } from "../desk-payment.messages";
import { deskSaleMessages as s } from "../desk-sale.messages";

/** The body as the bill's form sends it: a bill's part, money in naira as text. */
export type DeskPaymentBody = Pick<
  DeskPaymentInput,
  "method" | "amount" | "terminal_reference" | "tendered" | "payer_name" | "payer_phone"
> & { bill_token: string };

/** The body of a desk sale: a Quick Pay cart's items (as guest checkout sends them), no bill. */
export type DeskSaleBody = Pick<DeskPaymentInput, "method" | "terminal_reference" | "tendered" | "payer_name" | "payer_phone"> & {
  items: CheckoutItem[];
  hospital_number?: string;
};

/**
 * POST /api/staff/desk/payments/ → 201: a bill's part or a cart paid at once in cash or on the desk's terminal,
 * with its receipt code.
 */
export async function takeDeskPayment(body: DeskPaymentBody | DeskSaleBody): Promise<DeskPaymentResponse> {
  const parsed = deskPaymentResponseSchema.safeParse(await api.post(API_PATHS.deskPayments, body, { auth: true }));
  if (!parsed.success) throw new BillsError(t("items" in body ? s.unread : m.unread));
  return parsed.data;
}

/**
 * Whatever the answer, the bill (paid, left, its parts) and the shift's report are read again. Not awaited: the
 * answer is shown first, so a part that paid the bill is not hidden by the paid bill arriving before it.
 */
export function useTakeDeskPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeDeskPayment,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: staffBillsQueryKey });
      void queryClient.invalidateQueries({ queryKey: shiftsQueryKey });
    },
  });
}
