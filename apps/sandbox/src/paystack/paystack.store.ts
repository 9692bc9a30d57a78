import { randomInt } from "node:crypto";
import { randomAlphanumeric, uniqueValue } from "../lib/crypto";
import type { WebhookDelivery } from "../lib/webhook-sender";

export type PaystackStatus = "abandoned" | "ongoing" | "pending" | "success" | "failed" | "reversed";

export interface PaystackCustomer {
  id: number;
  email: string;
  customerCode: string;
}

export interface PaystackTransaction {
  id: number;
  reference: string;
  accessCode: string;
  /** Amount and currency asked for at initialize. */
  amountKobo: number;
  currency: string;
  callbackUrl: string | null;
  metadata: unknown;
  channels: string[];
  customer: PaystackCustomer;
  status: PaystackStatus;
  gatewayResponse: string;
  /** What was actually charged, which tests may make differ from what was asked. */
  chargedKobo: number | null;
  chargedCurrency: string | null;
  channel: string | null;
  authorizationCode: string | null;
  createdAt: Date;
  paidAt: Date | null;
  notifications: WebhookDelivery[];
}

export type NewPaystackTransaction = Pick<
  PaystackTransaction,
  "amountKobo" | "currency" | "callbackUrl" | "metadata" | "channels"
> & {
  email: string;
  reference?: string;
};

/** Transactions by reference and access code, and one customer record per e-mail. */
export class PaystackStore {
  private readonly byReference = new Map<string, PaystackTransaction>();
  private readonly byAccessCode = new Map<string, PaystackTransaction>();
  private readonly customers = new Map<string, PaystackCustomer>();
  private readonly ids = new Set<number>();

  hasReference(reference: string): boolean {
    return this.byReference.has(reference);
  }

  create(input: NewPaystackTransaction): PaystackTransaction {
    const reference =
      input.reference ??
      uniqueValue(
        () => randomAlphanumeric(10),
        (value) => this.byReference.has(value),
      );
    const accessCode = uniqueValue(
      () => randomAlphanumeric(15),
      (value) => this.byAccessCode.has(value),
    );
    const id = Number(
      uniqueValue(
        () => String(randomInt(4_000_000_000, 5_000_000_000)),
        (value) => this.ids.has(Number(value)),
      ),
    );
    this.ids.add(id);
    const transaction: PaystackTransaction = {
      id,
      reference,
      accessCode,
      amountKobo: input.amountKobo,
      currency: input.currency,
      callbackUrl: input.callbackUrl,
      metadata: input.metadata,
      channels: input.channels,
      customer: this.customer(input.email),
      status: "abandoned",
      gatewayResponse: "The transaction was not completed",
      chargedKobo: null,
      chargedCurrency: null,
      channel: null,
      authorizationCode: null,
      createdAt: new Date(),
      paidAt: null,
      notifications: [],
    };
    this.byReference.set(reference, transaction);
    this.byAccessCode.set(accessCode, transaction);
    return transaction;
  }

  findByReference(reference: string): PaystackTransaction | undefined {
    return this.byReference.get(reference);
  }

  findByAccessCode(accessCode: string): PaystackTransaction | undefined {
    return this.byAccessCode.get(accessCode);
  }

  /** Newest first. */
  list(): PaystackTransaction[] {
    return [...this.byReference.values()].reverse();
  }

  private customer(email: string): PaystackCustomer {
    const key = email.toLowerCase();
    let customer = this.customers.get(key);
    if (!customer) {
      customer = { id: randomInt(100_000_000, 300_000_000), email, customerCode: `CUS_${randomAlphanumeric(15)}` };
      this.customers.set(key, customer);
    }
    return customer;
  }
}
