import { randomInt } from "node:crypto";
import { randomAlphanumeric, uniqueValue } from "../lib/crypto";
import type { JsonRecord } from "../lib/input";
import { watCompact } from "../lib/time";
import type { WebhookDelivery } from "../lib/webhook-sender";
import { randomAccountNumber, type MonnifyBank } from "./monnify.protocol";

export type MonnifyPaymentStatus = "PENDING" | "PAID" | "OVERPAID" | "PARTIALLY_PAID" | "FAILED" | "EXPIRED";

/** A bank account money can be sent to. */
export interface MonnifyAccount {
  accountNumber: string;
  accountName: string;
  bankName: string;
  bankCode: string;
}

/** A dynamic account given to one transaction, valid until `expiresAt`. */
export interface DynamicAccount extends MonnifyAccount {
  assignedAt: Date;
  expiresAt: Date;
}

/** One transfer received. */
export interface MonnifyPayment {
  amountKobo: number;
  paidAt: Date;
  sessionId: string;
  account: MonnifyAccount;
  /** Who sent it, as the sending bank names the account it came from. */
  senderName: string;
}

export interface MonnifyTransaction {
  transactionReference: string;
  paymentReference: string;
  amountKobo: number;
  totalPayableKobo: number;
  customerName: string;
  customerEmail: string;
  paymentDescription: string;
  currencyCode: string;
  redirectUrl: string | null;
  paymentMethods: string[];
  metaData: JsonRecord;
  product: { type: "API_NOTIFICATION" | "RESERVED_ACCOUNT"; reference: string };
  status: MonnifyPaymentStatus;
  createdAt: Date;
  paidAt: Date | null;
  account: DynamicAccount | null;
  payments: MonnifyPayment[];
  notifications: WebhookDelivery[];
  /** The settlement that paid it out, once settled. */
  settlementReference: string | null;
  /** True when a test keeps it out of every settlement. */
  withheld: boolean;
}

/** One payout to the merchant's bank of the transactions it holds. */
export interface MonnifySettlement {
  settlementReference: string;
  /** In the order they were paid. */
  transactions: MonnifyTransaction[];
  /** What the transactions paid less their fees. */
  amountKobo: number;
  settlementTime: Date;
  destination: MonnifyAccount;
  notifications: WebhookDelivery[];
}

export type NewMonnifySettlement = Pick<MonnifySettlement, "transactions" | "amountKobo" | "settlementTime" | "destination">;

export type NewMonnifyTransaction = Pick<
  MonnifyTransaction,
  | "amountKobo"
  | "customerName"
  | "customerEmail"
  | "paymentDescription"
  | "currencyCode"
  | "redirectUrl"
  | "paymentMethods"
  | "metaData"
> & { paymentReference?: string; product?: MonnifyTransaction["product"] };

/** A permanent account reserved for one customer. */
export interface ReservedAccount {
  accountReference: string;
  accountName: string;
  currencyCode: string;
  contractCode: string;
  customerEmail: string;
  customerName: string;
  bvn: string | null;
  nin: string | null;
  reservationReference: string;
  accounts: MonnifyAccount[];
  createdAt: Date;
}

type AccountOwner = { kind: "dynamic"; transaction: MonnifyTransaction } | { kind: "reserved"; reserved: ReservedAccount };

/** Transactions, reserved accounts, which account number belongs to what, and settlements. */
export class MonnifyStore {
  private readonly byTransactionReference = new Map<string, MonnifyTransaction>();
  private readonly byPaymentReference = new Map<string, MonnifyTransaction>();
  private readonly reserved = new Map<string, ReservedAccount>();
  private readonly accounts = new Map<string, AccountOwner>();
  private readonly settlements = new Map<string, MonnifySettlement>();

  createTransaction(input: NewMonnifyTransaction): MonnifyTransaction {
    const now = new Date();
    const transactionReference = uniqueValue(
      () => `MNFY|${String(randomInt(10, 100))}|${watCompact(now)}|${String(randomInt(0, 1_000_000)).padStart(6, "0")}`,
      (value) => this.byTransactionReference.has(value),
    );
    const paymentReference = input.paymentReference ?? transactionReference;
    const transaction: MonnifyTransaction = {
      ...input,
      transactionReference,
      paymentReference,
      totalPayableKobo: input.amountKobo,
      product: input.product ?? { type: "API_NOTIFICATION", reference: paymentReference },
      status: "PENDING",
      createdAt: now,
      paidAt: null,
      account: null,
      payments: [],
      notifications: [],
      settlementReference: null,
      withheld: false,
    };
    this.byTransactionReference.set(transactionReference, transaction);
    this.byPaymentReference.set(paymentReference, transaction);
    return transaction;
  }

  findByTransactionReference(reference: string): MonnifyTransaction | undefined {
    return this.byTransactionReference.get(reference);
  }

  findByPaymentReference(reference: string): MonnifyTransaction | undefined {
    return this.byPaymentReference.get(reference);
  }

  findReserved(accountReference: string): ReservedAccount | undefined {
    return this.reserved.get(accountReference);
  }

  ownerOf(accountNumber: string): AccountOwner | undefined {
    return this.accounts.get(accountNumber);
  }

  /** A new account number at `bank` that nothing else uses. */
  newAccountNumber(bank: MonnifyBank): string {
    return uniqueValue(
      () => randomAccountNumber(bank),
      (value) => this.accounts.has(value),
    );
  }

  assignDynamicAccount(transaction: MonnifyTransaction, account: DynamicAccount): void {
    transaction.account = account;
    this.accounts.set(account.accountNumber, { kind: "dynamic", transaction });
  }

  saveReserved(reserved: ReservedAccount): void {
    this.reserved.set(reserved.accountReference, reserved);
    for (const account of reserved.accounts) this.accounts.set(account.accountNumber, { kind: "reserved", reserved });
  }

  /** Records a settlement and marks its transactions settled; a transaction is settled once only. */
  addSettlement(input: NewMonnifySettlement): MonnifySettlement {
    const taken = input.transactions.find((transaction) => transaction.settlementReference !== null);
    if (taken) throw new Error(`Transaction ${taken.transactionReference} is already settled`);
    const settlementReference = uniqueValue(
      () => `MNFY|SETTLE|${randomAlphanumeric(16).toUpperCase()}`,
      (value) => this.settlements.has(value),
    );
    const settlement: MonnifySettlement = { ...input, settlementReference, notifications: [] };
    for (const transaction of input.transactions) transaction.settlementReference = settlementReference;
    this.settlements.set(settlementReference, settlement);
    return settlement;
  }

  findSettlement(settlementReference: string): MonnifySettlement | undefined {
    return this.settlements.get(settlementReference);
  }

  /** Newest first. */
  list(): MonnifyTransaction[] {
    return [...this.byTransactionReference.values()].reverse();
  }
}
