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
  /** The settlement that paid it out, once settled. */
  settlementId: number | null;
  /** True when a test keeps it out of every settlement. */
  withheld: boolean;
}

export type PaystackSettlementStatus = "success" | "processing" | "pending" | "failed";

/** One payout to the merchant's bank of the transactions it holds. */
export interface PaystackSettlement {
  id: number;
  status: PaystackSettlementStatus;
  /** Midnight UTC of the payout day. */
  settlementDate: Date;
  /** In the order they were paid. */
  transactions: PaystackTransaction[];
  /** What the transactions charged, in kobo. */
  totalProcessedKobo: number;
  totalFeesKobo: number;
  createdAt: Date;
  updatedAt: Date;
}

export type NewPaystackSettlement = Pick<
  PaystackSettlement,
  "settlementDate" | "transactions" | "totalProcessedKobo" | "totalFeesKobo"
>;

export type NewPaystackTransaction = Pick<
  PaystackTransaction,
  "amountKobo" | "currency" | "callbackUrl" | "metadata" | "channels"
> & {
  email: string;
  reference?: string;
};

/** Transactions by reference and access code, one customer record per e-mail, and settlements by id. */
export class PaystackStore {
  private readonly byReference = new Map<string, PaystackTransaction>();
  private readonly byAccessCode = new Map<string, PaystackTransaction>();
  private readonly customers = new Map<string, PaystackCustomer>();
  private readonly ids = new Set<number>();
  private readonly settlements = new Map<number, PaystackSettlement>();

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
      settlementId: null,
      withheld: false,
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

  /** Records a successful settlement and marks its transactions settled; a transaction is settled once only. */
  addSettlement(input: NewPaystackSettlement): PaystackSettlement {
    const taken = input.transactions.find((transaction) => transaction.settlementId !== null);
    if (taken) throw new Error(`Transaction ${taken.reference} is already settled`);
    const id = Number(
      uniqueValue(
        () => String(randomInt(1_000_000, 10_000_000)),
        (value) => this.settlements.has(Number(value)),
      ),
    );
    const now = new Date();
    const settlement: PaystackSettlement = { ...input, id, status: "success", createdAt: now, updatedAt: now };
    for (const transaction of input.transactions) transaction.settlementId = id;
    this.settlements.set(id, settlement);
    return settlement;
  }

  findSettlement(id: number): PaystackSettlement | undefined {
    return this.settlements.get(id);
  }

  /** Latest settlement date first; of one date, the last recorded first. */
  listSettlements(): PaystackSettlement[] {
    return [...this.settlements.values()].reverse().sort((a, b) => b.settlementDate.getTime() - a.settlementDate.getTime());
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
