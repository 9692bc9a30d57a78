import { API_PATHS, type WalletTransaction, type WalletTransactionsPage } from "@hospipay/contract";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, ApiError } from "../../../lib/api-client";

/** Rows per page of the History tab. */
export const WALLET_TRANSACTIONS_PAGE_SIZE = 10;

/** The key every page of wallet movements starts with: top-ups and payments invalidate it. */
export const walletTransactionsQueryKey = ["wallet-home", "wallet-transactions"] as const;

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function text(value: unknown): string | null {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : null;
}

/** A wallet movement as SPEC §3 names it, or null when the row lacks an id, amount or reference. */
export function parseWalletTransaction(value: unknown): WalletTransaction | null {
  const row = record(value);
  if (!row) return null;
  const id = typeof row.id === "number" ? row.id : Number(row.id);
  const amount = text(row.amount);
  const reference = text(row.reference);
  if (!Number.isSafeInteger(id) || amount === null || reference === null) return null;
  return {
    id,
    transaction_type: text(row.transaction_type) ?? "",
    amount,
    created_at: text(row.created_at) ?? "",
    status: text(row.status) ?? "",
    rrr: text(row.rrr),
    reference,
    gateway: parseGateway(row.gateway),
    closed_reason: row.closed_reason === "cancelled" || row.closed_reason === "expired" ? row.closed_reason : null,
    sender_name: text(row.sender_name),
    payment_gateway:
      row.payment_gateway === "remita" || row.payment_gateway === "monnify" || row.payment_gateway === "paystack"
        ? row.payment_gateway
        : null,
  };
}

/**
 * The widget a pending credit can be resumed with, when the row carries one; null when the row says it
 * cannot be resumed (or carries something unreadable); left out when the row does not say.
 */
function parseGateway(value: unknown): WalletTransaction["gateway"] {
  if (value === undefined) return undefined;
  const gateway = record(value);
  const key = text(gateway?.key);
  const scriptUrl = text(gateway?.script_url);
  const publicKey = text(gateway?.public_key);
  return key && scriptUrl && publicKey ? { key, script_url: scriptUrl, public_key: publicKey } : null;
}

/** GET /api/wallet/transactions/?page=&page_size= (bearer). */
export async function getWalletTransactions(page: number, signal?: AbortSignal): Promise<WalletTransactionsPage> {
  const body = record(
    await api.get(API_PATHS.walletTransactions, {
      auth: true,
      query: { page, page_size: WALLET_TRANSACTIONS_PAGE_SIZE },
      signal,
    }),
  );
  if (!body || !Array.isArray(body.results)) throw new ApiError(502);
  const results = body.results.flatMap((row) => parseWalletTransaction(row) ?? []);
  return {
    count: typeof body.count === "number" ? body.count : results.length,
    next: text(body.next),
    previous: text(body.previous),
    results,
  };
}

/** The page number a `next`/`previous` link points at, or null when there is no link. */
export function pageOfLink(link: string | null, current: number, step: 1 | -1): number | null {
  if (link === null) return null;
  const page = Number(new URL(link, "http://localhost").searchParams.get("page") ?? "");
  // A link without a readable page number still means "there is one more in that direction".
  return Number.isSafeInteger(page) && page >= 1 ? page : Math.max(1, current + step);
}

export function walletTransactionsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...walletTransactionsQueryKey, { page, pageSize: WALLET_TRANSACTIONS_PAGE_SIZE }],
    queryFn: ({ signal }) => getWalletTransactions(page, signal),
    // Pending top-ups settle on the server: every visit to History asks again.
    staleTime: 0,
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}
