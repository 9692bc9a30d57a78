import { koboToDecimal, type WalletTransaction } from "@hospipay/contract";
import type { WalletTransactionRecord } from "./wallets.repository";

/** SPEC §3 wallet transaction, as the API answers it. */
export function walletTransactionView(row: WalletTransactionRecord): WalletTransaction {
  return {
    id: row.id,
    transaction_type: row.transactionType,
    amount: koboToDecimal(row.amountKobo),
    created_at: row.createdAt.toISOString(),
    status: row.status,
    rrr: row.rrr,
    reference: row.reference,
  };
}
