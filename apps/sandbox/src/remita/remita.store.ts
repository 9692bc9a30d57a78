import { randomDigits, uniqueValue } from "../lib/crypto";
import type { WebhookDelivery } from "../lib/webhook-sender";
import { REMITA_CODES, type RemitaPaymentStatus } from "./remita.protocol";

/** A custom field as the merchant sent it with the RRR request. */
export interface RemitaCustomField {
  name: string;
  value: string;
  type: string;
}

/** One RRR and what happened to it. */
export interface RemitaTransaction {
  rrr: string;
  orderId: string;
  /** The amount text exactly as the merchant sent it (its hash covers this text). */
  amountText: string;
  amountKobo: number;
  serviceTypeId: string;
  payerName: string;
  payerEmail: string;
  payerPhone: string;
  description: string;
  customFields: RemitaCustomField[];
  status: RemitaPaymentStatus;
  /** What the payer actually paid, which tests may make differ from the amount asked. */
  paidKobo: number | null;
  createdAt: Date;
  paidAt: Date | null;
  /** The widget's transactionId (the merchant's reference), once paid through the widget. */
  transactionId: string | null;
  channel: string | null;
  notifications: WebhookDelivery[];
}

export type NewRemitaTransaction = Omit<
  RemitaTransaction,
  "rrr" | "status" | "paidKobo" | "createdAt" | "paidAt" | "transactionId" | "channel" | "notifications"
>;

/** RRRs in memory, by RRR and by the merchant's order id. */
export class RemitaStore {
  private readonly byRrr = new Map<string, RemitaTransaction>();
  private readonly byOrderId = new Map<string, RemitaTransaction>();

  create(input: NewRemitaTransaction): RemitaTransaction {
    const rrr = uniqueValue(
      () => randomDigits(12),
      (value) => this.byRrr.has(value),
    );
    const transaction: RemitaTransaction = {
      ...input,
      rrr,
      status: REMITA_CODES.generated,
      paidKobo: null,
      createdAt: new Date(),
      paidAt: null,
      transactionId: null,
      channel: null,
      notifications: [],
    };
    this.byRrr.set(rrr, transaction);
    this.byOrderId.set(input.orderId, transaction);
    return transaction;
  }

  findByRrr(rrr: string): RemitaTransaction | undefined {
    return this.byRrr.get(rrr.replace(/-/g, ""));
  }

  findByOrderId(orderId: string): RemitaTransaction | undefined {
    return this.byOrderId.get(orderId);
  }

  /** Newest first. */
  list(): RemitaTransaction[] {
    return [...this.byRrr.values()].reverse();
  }
}
