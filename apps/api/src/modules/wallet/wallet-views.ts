import { koboToDecimal, type WalletTransaction } from "@hospipay/contract";
import { closedReason } from "../payments";
import type { WalletTransactionRecord } from "./wallets.repository";

/** The Remita widget as browsers load it (script and public key; neither is a secret). */
export interface RemitaWidget {
  scriptUrl: string;
  publicKey: string;
}

/**
 * SPEC §3 wallet transaction, as the API answers it. A pending Remita credit that can still be paid (its RRR
 * given, its time not run out) carries its widget, and only such a one is offered 'Proceed'; an expired one
 * waits for the worker to close it.
 */
export function walletTransactionView(row: WalletTransactionRecord, widget: RemitaWidget, now = new Date()): WalletTransaction {
  const resumable =
    row.status === "pending" &&
    row.transactionType === "credit" &&
    row.gateway === "remita" &&
    row.rrr !== null &&
    (row.expiresAt === null || row.expiresAt.getTime() > now.getTime());
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
    sender_name: row.senderName,
    payment_gateway: row.gateway === "remita" || row.gateway === "monnify" || row.gateway === "paystack" ? row.gateway : null,
  };
}
