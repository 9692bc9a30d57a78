import type { BankAccount, GatewayKey } from "@hospipay/contract";

/** What a gateway needs to start collecting a payment. */
export interface PaymentToStart {
  /** Our invoice reference (the gateway's order id / payment reference). */
  reference: string;
  totalKobo: number;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  description: string;
}

/** A virtual account to transfer to (Monnify) or the hospital's own account, as the answers carry it. */
export type { BankAccount };

/** What starting a payment gave back. */
export interface StartedPayment {
  /** The gateway's own reference: RRR, Monnify transactionReference, Paystack reference. */
  gatewayReference: string;
  accessCode?: string;
  bankAccount?: BankAccount;
}

/** What the gateway says about a payment when the server asks it. */
export interface GatewayVerdict {
  state: "paid" | "pending" | "failed";
  /** What the gateway says was paid, in kobo (when it says). */
  amountPaidKobo?: number;
  currency?: string;
  /** The gateway's own status word, kept for staff. */
  gatewayStatus: string;
  /**
   * With state pending: the gateway says the payer left it without paying (Remita 012, Paystack
   * 'abandoned'). It may still be paid later with the same reference, so only the payer's own close of
   * the widget closes it (as cancelled); the worker keeps asking until it expires.
   */
  abandoned?: true;
}

/** Identifies a payment in a webhook body. */
export interface WebhookMention {
  reference?: string;
  gatewayReference?: string;
}

/**
 * One payment gateway, spoken in its own protocol. The same adapter works against the sandbox and
 * the real party: only the base URL and keys differ.
 */
export interface PaymentGateway {
  readonly key: GatewayKey;
  /** Whether its webhooks carry a signature (Remita's notifications do not). */
  readonly signs: boolean;
  start(payment: PaymentToStart): Promise<StartedPayment>;
  /** Asks the gateway for the truth about a payment (status query). */
  check(payment: { reference: string; gatewayReference: string }): Promise<GatewayVerdict>;
  /** True when a webhook's raw body carries a valid signature (always true for unsigned protocols). */
  authenticateWebhook(headers: Record<string, string | string[] | undefined>, rawBody: Buffer): boolean;
  /** The payments a webhook body speaks of. Nothing in it is trusted beyond that: each is re-checked. */
  mentions(body: unknown): WebhookMention[];
}

/** A payout a gateway reports having made to the hospital's bank, with the transactions it holds (issue 37). */
export interface GatewaySettlement {
  gateway: "paystack" | "monnify";
  /** The gateway's own name for it: Paystack's settlement id, Monnify's settlementReference. */
  reference: string;
  /** The WAT day the money reached the bank. */
  settledOn: string;
  grossKobo: number;
  feesKobo: number;
  netKobo: number;
  lines: GatewaySettlementLine[];
}

export interface GatewaySettlementLine {
  /** The transaction as the gateway names it (Paystack's reference, Monnify's transactionReference). */
  gatewayReference: string;
  /** Our payment's reference when the gateway gives it (Paystack's reference is ours; Monnify's paymentReference). */
  reference: string | null;
  amountKobo: number;
  feeKobo: number;
}
