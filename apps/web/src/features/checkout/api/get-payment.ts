import { API_PATHS, type PaymentStatusResponse } from "@hospipay/contract";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, ApiError } from "../../../lib/api-client";

/**
 * Answer of GET /api/express/payments/{reference}/ (contract `PaymentStatusResponse`) as `parsePayment`
 * reads it: a subtotal, fee or creation time the answer lacks is null (the screens fall back to what the
 * payment screen passed), and a closed reason is kept as sent (the status label knows which it names).
 */
export type PaymentRecord = Omit<PaymentStatusResponse, "subtotal" | "charge_fee" | "created_at" | "closed_reason"> & {
  subtotal: string | null;
  charge_fee: string | null;
  created_at: string | null;
  closed_reason: string | null;
};

function text(value: unknown): string {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
}

function optionalText(value: unknown): string | null {
  const result = text(value);
  return result === "" ? null : result;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** Reads the answer by hand (it is read on every poll); null when it has no reference or status. */
export function parsePayment(body: unknown): PaymentRecord | null {
  const data = record(body);
  if (!data || typeof data.reference !== "string" || typeof data.status !== "string") return null;
  const customer = record(data.customer);
  const account = record(data.bank_account);
  return {
    reference: data.reference,
    status: data.status,
    transaction_status: text(data.transaction_status) || data.status.toUpperCase(),
    payment_method: text(data.payment_method),
    rrr: optionalText(data.rrr),
    amount: text(data.amount),
    subtotal: optionalText(data.subtotal),
    charge_fee: optionalText(data.charge_fee),
    items: Array.isArray(data.items)
      ? data.items.flatMap((item) => {
          const line = record(item);
          if (!line) return [];
          return [
            {
              service_name: text(line.service_name),
              qty: typeof line.qty === "number" ? line.qty : Number(line.qty) || 0,
              amount: text(line.amount),
              line_total: text(line.line_total),
            },
          ];
        })
      : [],
    customer: customer
      ? {
          name: text(customer.name),
          email: text(customer.email),
          phone: text(customer.phone),
          hospital_number: text(customer.hospital_number),
        }
      : null,
    created_at: optionalText(data.created_at),
    paid_at: optionalText(data.paid_at),
    expires_at: optionalText(data.expires_at),
    amount_received: optionalText(data.amount_received),
    closed_reason: optionalText(data.closed_reason),
    bank_account:
      account && typeof account.account_number === "string"
        ? {
            account_number: account.account_number,
            account_name: text(account.account_name),
            bank_name: text(account.bank_name),
            bank_code: optionalText(account.bank_code) ?? undefined,
            amount: optionalText(account.amount) ?? undefined,
            expires_on: optionalText(account.expires_on) ?? undefined,
          }
        : null,
    receipt_code: optionalText(data.receipt_code),
    bill_part: data.bill_part === true,
    sandbox: data.sandbox === true,
  };
}

/** GET /api/express/payments/{reference}/ (public: the reference is unguessable). A pending one is re-checked with its gateway. */
export async function getPayment(reference: string, signal?: AbortSignal): Promise<PaymentRecord> {
  const body = await api.get(API_PATHS.payment(reference), { signal });
  const payment = parsePayment(body);
  if (!payment) throw new ApiError(502);
  return payment;
}

export function paymentQueryKey(reference: string) {
  return ["checkout", "payment", reference] as const;
}

export function paymentQueryOptions(reference: string) {
  return queryOptions({
    queryKey: paymentQueryKey(reference),
    queryFn: ({ signal }) => getPayment(reference, signal),
    // Status screens show a failure at once and offer their own re-check.
    retry: false,
    // Every visit asks again: a payment's status is what these screens are for.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** True when the answer was a 404: no payment has that reference. */
export function isUnknownPayment(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
