import { koboToDecimal, type WalletTransaction } from "@hospipay/contract";
import { closedReason } from "../payments/payment-views";
import type { WalletTransactionRecord } from "./wallets.repository";

/** The Remita widget as browsers load it (script and public key; neither is a secret). */
export interface RemitaWidget {
  scriptUrl: string;
  publicKey: string;
}

/** SPEC §3 wallet transaction, as the API answers it; a pending Remita credit carries its widget to resume it. */
export function walletTransactionView(row: WalletTransactionRecord, widget: RemitaWidget): WalletTransaction {
  const resumable = row.status === "pending" && row.transactionType === "credit" && row.gateway === "remita" && row.rrr !== null;
  return {
    id: row.id,
    transaction_type: row.transactionType,
    amount: koboToDecimal(row.amountKobo),
    created_at: row.createdAt.toISOString(),
    status: row.status,
    rrr: row.rrr,
    reference: row.reference,
    gateway: resumable ? { key: "remita", script_url: widget.scriptUrl, public_key: widget.publicKey } : null,
    closed_reason: row.status === "failed" ? closedReason({ status: row.invoiceStatus, failureReason: row.failureReason }) : null,
  };
}
