import { koboToDecimal, nairaToKobo } from "@hospipay/contract";
import type { SandboxCredentials } from "../credentials";
import { randomAlphanumeric, randomDigits, safeEqual } from "../lib/crypto";
import type { GatewayModeSwitch } from "../lib/gateway-mode";
import { isRecord, readText, type JsonRecord } from "../lib/input";
import { watDateTimeMillis } from "../lib/time";
import type { WebhookDelivery, WebhookSender } from "../lib/webhook-sender";
import type { MonnifyTokens } from "./monnify-auth";
import {
  findBank,
  koboToMonnifyAmount,
  MONNIFY_BANKS,
  MONNIFY_PAYMENT_METHODS,
  MonnifyFailure,
  monnifyFeeKobo,
  monnifySignature,
  type MonnifyBank,
} from "./monnify.protocol";
import type { MonnifyAccount, MonnifyPaymentStatus, MonnifyStore, MonnifyTransaction, ReservedAccount } from "./monnify.store";

type MonnifyCredentials = SandboxCredentials["monnify"];

/** How long a dynamic account accepts transfers. */
export const ACCOUNT_DURATION_SECONDS = 1_800;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MERCHANT_NAME = "Hospipay";

/** Options of a control-driven webhook delivery. */
export interface WebhookCopies {
  times: number;
  concurrent: boolean;
  signature: "valid" | "bad" | "omitted";
}

/** How a control transfer's automatic webhook goes out. */
export interface TransferOptions {
  /** False withholds the webhook (send it later with the webhook control). */
  notify: boolean;
  /** Who sent the money (default: the account holder's own name). */
  senderName?: string;
  /** Wait before the webhook, instead of the plugin's notifyDelayMs: later transfers can be notified first. */
  delayMs?: number;
  /** Independent automatic deliveries of the same webhook, each resent until answered 200. */
  copies?: number;
}

/** Monnify's refusal of a reserved account whose accountReference is taken (HTTP 422, code 99). */
export const DUPLICATE_ACCOUNT_REFERENCE = "You can not reserve two accounts with the same reference";

const bad = (message: string) => new MonnifyFailure(400, message);

function readAmountKobo(value: unknown): number | null {
  return typeof value === "number" || typeof value === "string" ? nairaToKobo(value) : null;
}

function statusFor(paidKobo: number, totalKobo: number): MonnifyPaymentStatus {
  if (paidKobo === totalKobo) return "PAID";
  return paidKobo > totalKobo ? "OVERPAID" : "PARTIALLY_PAID";
}

/** Monnify's rules: login, transactions, dynamic and reserved accounts, transfers and webhooks. */
export class MonnifyGateway {
  constructor(
    readonly credentials: MonnifyCredentials,
    readonly store: MonnifyStore,
    readonly tokens: MonnifyTokens,
    readonly sender: WebhookSender,
    readonly modes: GatewayModeSwitch,
    private readonly notifyDelayMs: number,
  ) {}

  /** Basic apiKey:secretKey must match exactly. */
  login(credentials: { apiKey: string; secretKey: string } | null): { accessToken: string; expiresIn: number } {
    const valid =
      credentials &&
      safeEqual(credentials.apiKey, this.credentials.apiKey) &&
      safeEqual(credentials.secretKey, this.credentials.secretKey);
    if (!valid) throw new MonnifyFailure(401, "Invalid client credentials");
    return this.tokens.issue();
  }

  /** POST /api/v1/merchant/transactions/init-transaction */
  initTransaction(body: unknown, checkoutBase: string): JsonRecord {
    if (!isRecord(body)) throw bad("Invalid request body");
    const amountKobo = readAmountKobo(body.amount);
    if (amountKobo === null || amountKobo < 2_000) throw bad("Amount must be at least 20 naira");
    const customerEmail = readText(body, "customerEmail");
    if (!customerEmail || !EMAIL_RE.test(customerEmail)) throw bad("A valid customerEmail is required");
    const paymentReference = readText(body, "paymentReference");
    if (!paymentReference) throw bad("paymentReference is required");
    const paymentDescription = readText(body, "paymentDescription");
    if (!paymentDescription) throw bad("paymentDescription is required");
    const currencyCode = readText(body, "currencyCode") ?? "NGN";
    if (currencyCode !== "NGN") throw bad(`Currency ${currencyCode} is not supported`);
    const contractCode = readText(body, "contractCode");
    if (contractCode !== this.credentials.contractCode)
      throw new MonnifyFailure(400, `Could not find contract with code ${contractCode ?? ""}`.trim());
    const methods = body.paymentMethods === undefined ? [...MONNIFY_PAYMENT_METHODS.slice(0, 2)] : body.paymentMethods;
    if (!Array.isArray(methods) || methods.some((method) => !MONNIFY_PAYMENT_METHODS.includes(method))) {
      throw bad(`paymentMethods may only hold ${MONNIFY_PAYMENT_METHODS.join(", ")}`);
    }
    if (this.store.findByPaymentReference(paymentReference)) throw bad("Duplicate payment reference");
    const transaction = this.store.createTransaction({
      amountKobo,
      paymentReference,
      customerName: readText(body, "customerName") ?? customerEmail,
      customerEmail,
      paymentDescription,
      currencyCode,
      redirectUrl: readText(body, "redirectUrl") ?? null,
      paymentMethods: methods as string[],
      metaData: isRecord(body.metaData) ? body.metaData : {},
    });
    return {
      transactionReference: transaction.transactionReference,
      paymentReference: transaction.paymentReference,
      merchantName: MERCHANT_NAME,
      apiKey: this.credentials.apiKey,
      enabledPaymentMethod: transaction.paymentMethods,
      checkoutUrl: `${checkoutBase}/checkout/${encodeURIComponent(transaction.transactionReference)}`,
    };
  }

  /** POST /api/v1/merchant/bank-transfer/init-payment: gives (or gives again) the transaction's dynamic account. */
  initPayment(body: unknown): JsonRecord {
    if (!isRecord(body)) throw bad("Invalid request body");
    const reference = readText(body, "transactionReference");
    if (!reference) throw bad("transactionReference is required");
    const transaction = this.store.findByTransactionReference(reference);
    if (!transaction) throw new MonnifyFailure(404, "Could not find transaction with the specified transaction reference");
    if (!transaction.paymentMethods.includes("ACCOUNT_TRANSFER"))
      throw bad("Account transfer is not enabled for this transaction");
    let bank: MonnifyBank | undefined = MONNIFY_BANKS[0];
    const bankCode = readText(body, "bankCode");
    if (bankCode) {
      bank = findBank(bankCode);
      if (!bank) throw bad(`Bank with code ${bankCode} is not supported`);
    }
    const status = this.refresh(transaction);
    if (status === "EXPIRED") throw bad("This transaction has expired");
    if (status === "PAID" || status === "OVERPAID") throw bad("This transaction has already been paid");
    const account = this.ensureAccount(transaction, bank);
    return {
      accountNumber: account.accountNumber,
      accountName: account.accountName,
      bankName: account.bankName,
      bankCode: account.bankCode,
      accountDurationSeconds: ACCOUNT_DURATION_SECONDS,
      ussdPayment: account.bankCode === "035" ? `*945*000*${account.accountNumber}#` : null,
      requestTime: watDateTimeMillis(account.assignedAt),
      expiresOn: watDateTimeMillis(account.expiresAt),
      transactionReference: transaction.transactionReference,
      paymentReference: transaction.paymentReference,
      amount: koboToMonnifyAmount(transaction.amountKobo),
      fee: 0,
      totalPayable: koboToMonnifyAmount(transaction.totalPayableKobo),
      collectionChannel: "API_NOTIFICATION",
      productInformation: null,
    };
  }

  /** The transaction's dynamic account, opened now at `bank` when it has none. */
  ensureAccount(
    transaction: MonnifyTransaction,
    bank: MonnifyBank = MONNIFY_BANKS[0],
  ): NonNullable<MonnifyTransaction["account"]> {
    if (transaction.account) return transaction.account;
    const assignedAt = new Date();
    const account = {
      accountNumber: this.store.newAccountNumber(bank),
      accountName: `${MERCHANT_NAME} - ${transaction.customerName}`.slice(0, 60),
      bankName: bank.bankName,
      bankCode: bank.bankCode,
      assignedAt,
      expiresAt: new Date(assignedAt.getTime() + ACCOUNT_DURATION_SECONDS * 1000),
    };
    this.store.assignDynamicAccount(transaction, account);
    return account;
  }

  /** POST /api/v2/bank-transfer/reserved-accounts */
  reserveAccount(body: unknown): JsonRecord {
    if (!isRecord(body)) throw bad("Invalid request body");
    const accountReference = readText(body, "accountReference");
    const accountName = readText(body, "accountName");
    const customerEmail = readText(body, "customerEmail");
    if (!accountReference || !accountName) throw bad("accountReference and accountName are required");
    if (!customerEmail || !EMAIL_RE.test(customerEmail)) throw bad("A valid customerEmail is required");
    if ((readText(body, "currencyCode") ?? "NGN") !== "NGN") throw bad("Only NGN is supported");
    if (readText(body, "contractCode") !== this.credentials.contractCode) throw bad("Could not find the specified contract");
    const bvn = readText(body, "bvn") ?? null;
    const nin = readText(body, "nin") ?? null;
    if (!bvn && !nin) throw bad("Either a BVN or a NIN is required");
    if ((bvn && !/^\d{11}$/.test(bvn)) || (nin && !/^\d{11}$/.test(nin))) throw bad("BVN and NIN must be 11 digits");
    let banks: MonnifyBank[] = [...MONNIFY_BANKS];
    if (body.getAllAvailableBanks !== true && body.preferredBanks !== undefined) {
      const codes = body.preferredBanks;
      if (!Array.isArray(codes) || codes.length === 0) throw bad("preferredBanks must be a list of bank codes");
      banks = [];
      for (const code of codes) {
        const bank = typeof code === "string" ? findBank(code) : undefined;
        if (!bank) throw bad(`Bank with code ${String(code)} is not supported`);
        banks.push(bank);
      }
    }
    // Monnify refuses the reference again, even with the same details: a client that lost the first
    // answer reads the account with GET …/reserved-accounts/{accountReference}.
    if (this.store.findReserved(accountReference)) throw new MonnifyFailure(422, DUPLICATE_ACCOUNT_REFERENCE);
    const reserved: ReservedAccount = {
      accountReference,
      accountName,
      currencyCode: "NGN",
      contractCode: this.credentials.contractCode,
      customerEmail,
      customerName: readText(body, "customerName") ?? accountName,
      bvn,
      nin,
      reservationReference: randomAlphanumeric(20).toUpperCase(),
      accounts: banks.map((bank) => ({
        bankCode: bank.bankCode,
        bankName: bank.bankName,
        accountNumber: this.store.newAccountNumber(bank),
        accountName,
      })),
      createdAt: new Date(),
    };
    this.store.saveReserved(reserved);
    return this.reservedView(reserved);
  }

  reservedView(reserved: ReservedAccount): JsonRecord {
    return {
      contractCode: reserved.contractCode,
      accountReference: reserved.accountReference,
      accountName: reserved.accountName,
      currencyCode: reserved.currencyCode,
      customerEmail: reserved.customerEmail,
      customerName: reserved.customerName,
      accounts: reserved.accounts,
      collectionChannel: "RESERVED_ACCOUNT",
      reservationReference: reserved.reservationReference,
      reservedAccountType: "GENERAL",
      status: "ACTIVE",
      createdOn: watDateTimeMillis(reserved.createdAt),
      bvn: reserved.bvn,
      nin: reserved.nin,
      restrictPaymentSource: false,
    };
  }

  /** The current status, turning a pending transaction whose account ran out into EXPIRED. */
  refresh(transaction: MonnifyTransaction): MonnifyPaymentStatus {
    if (transaction.status === "PENDING" && transaction.account && Date.now() >= transaction.account.expiresAt.getTime()) {
      transaction.status = "EXPIRED";
    }
    return transaction.status;
  }

  /** Makes a transaction's account run out now (control). */
  expire(transaction: MonnifyTransaction): void {
    if (transaction.status === "PENDING") transaction.status = "EXPIRED";
  }

  /**
   * A transfer of `amountKobo` into an account (control). Into a dynamic account it adds to what the
   * transaction has received; into a reserved account it is a transaction of its own.
   */
  transfer(
    target: { accountNumber?: string; transactionReference?: string },
    amountKobo: number,
    options: TransferOptions,
  ): MonnifyTransaction {
    let transaction: MonnifyTransaction | undefined;
    let account: MonnifyAccount | undefined;
    if (target.transactionReference) {
      transaction = this.store.findByTransactionReference(target.transactionReference);
      if (!transaction) throw new MonnifyFailure(404, "Unknown transactionReference");
      account = this.ensureAccount(transaction);
    } else if (target.accountNumber) {
      const owner = this.store.ownerOf(target.accountNumber);
      if (!owner) throw new MonnifyFailure(404, "Unknown accountNumber");
      if (owner.kind === "dynamic") {
        transaction = owner.transaction;
        account = owner.transaction.account ?? undefined;
      } else {
        const reserved = owner.reserved;
        account = reserved.accounts.find((candidate) => candidate.accountNumber === target.accountNumber);
        transaction = this.store.createTransaction({
          amountKobo,
          customerName: reserved.customerName,
          customerEmail: reserved.customerEmail,
          paymentDescription: `Transfer to reserved account ${reserved.accountReference}`,
          currencyCode: "NGN",
          redirectUrl: null,
          paymentMethods: ["ACCOUNT_TRANSFER"],
          metaData: {},
          product: { type: "RESERVED_ACCOUNT", reference: reserved.accountReference },
        });
      }
    } else {
      throw new MonnifyFailure(400, "accountNumber or transactionReference is required");
    }
    const status = this.refresh(transaction);
    if (status === "EXPIRED") throw new MonnifyFailure(409, "The account has expired; the transfer was returned to the sender");
    if (status === "FAILED") throw new MonnifyFailure(409, "The transaction has failed");
    const paidAt = new Date();
    transaction.payments.push({
      amountKobo,
      paidAt,
      sessionId: `0000${randomDigits(26)}`,
      account: account ?? this.ensureAccount(transaction),
      senderName: options.senderName ?? transaction.customerName,
    });
    transaction.status = statusFor(this.paidKobo(transaction), transaction.totalPayableKobo);
    transaction.paidAt = paidAt;
    if (options.notify) {
      for (let copy = 0; copy < (options.copies ?? 1); copy += 1) {
        this.sender.later(options.delayMs ?? this.notifyDelayMs, () => this.deliver(transaction));
      }
    }
    return transaction;
  }

  paidKobo(transaction: MonnifyTransaction): number {
    return transaction.payments.reduce((sum, payment) => sum + payment.amountKobo, 0);
  }

  /** GET /api/v2/transactions/{reference} and …/query: the transaction as Monnify reports it. */
  statusView(transaction: MonnifyTransaction): JsonRecord {
    const status = this.refresh(transaction);
    const paid = this.paidKobo(transaction);
    const last = transaction.payments.at(-1);
    return {
      transactionReference: transaction.transactionReference,
      paymentReference: transaction.paymentReference,
      amountPaid: koboToMonnifyAmount(paid),
      totalPayable: koboToMonnifyAmount(transaction.totalPayableKobo),
      settlementAmount: koboToMonnifyAmount(paid - monnifyFeeKobo(paid)),
      paidOn: transaction.paidAt ? watDateTimeMillis(transaction.paidAt) : null,
      paymentStatus: status,
      paymentDescription: transaction.paymentDescription,
      currency: transaction.currencyCode,
      paymentMethod: last ? "ACCOUNT_TRANSFER" : null,
      product: transaction.product,
      cardDetails: null,
      accountDetails: last ? { ...last.account, amountPaid: koboToMonnifyAmount(last.amountKobo) } : null,
      accountPayments: transaction.payments.map((payment) => ({
        ...payment.account,
        amountPaid: koboToMonnifyAmount(payment.amountKobo),
      })),
      customer: { email: transaction.customerEmail, name: transaction.customerName },
      metaData: transaction.metaData,
      createdOn: watDateTimeMillis(transaction.createdAt),
    };
  }

  /** The SUCCESSFUL_TRANSACTION webhook body, serialised once so its signature covers these exact bytes. */
  webhookBody(transaction: MonnifyTransaction): string {
    const view = this.statusView(transaction);
    const last = transaction.payments.at(-1);
    return JSON.stringify({
      eventType: "SUCCESSFUL_TRANSACTION",
      eventData: {
        product: transaction.product,
        transactionReference: transaction.transactionReference,
        paymentReference: transaction.paymentReference,
        paidOn: view.paidOn,
        paymentDescription: transaction.paymentDescription,
        metaData: transaction.metaData,
        paymentSourceInformation: transaction.payments.map((payment) => ({
          bankCode: "058",
          amountPaid: koboToMonnifyAmount(payment.amountKobo),
          accountName: payment.senderName,
          sessionId: payment.sessionId,
          accountNumber: "0123456789",
        })),
        destinationAccountInformation: last
          ? { bankCode: last.account.bankCode, bankName: last.account.bankName, accountNumber: last.account.accountNumber }
          : null,
        amountPaid: view.amountPaid,
        totalPayable: view.totalPayable,
        cardDetails: {},
        paymentMethod: "ACCOUNT_TRANSFER",
        currency: transaction.currencyCode,
        settlementAmount: view.settlementAmount,
        paymentStatus: view.paymentStatus,
        customer: view.customer,
      },
    });
  }

  private signatureHeaders(body: string, signature: WebhookCopies["signature"]): Record<string, string> {
    if (signature === "omitted") return {};
    const key = signature === "bad" ? `${this.credentials.secretKey}-wrong` : this.credentials.secretKey;
    return { "monnify-signature": monnifySignature(key, body) };
  }

  /** Automatic delivery, resent until the API answers 200. */
  async deliver(transaction: MonnifyTransaction): Promise<void> {
    const body = this.webhookBody(transaction);
    await this.sender.sendUntilAccepted(
      body,
      this.signatureHeaders(body, "valid"),
      (status) => status === 200,
      (delivery) => void transaction.notifications.push(delivery),
    );
  }

  /** Control-driven delivery of copies, without retries. */
  async webhookNow(transaction: MonnifyTransaction, copies: WebhookCopies): Promise<WebhookDelivery[]> {
    const body = this.webhookBody(transaction);
    const deliveries = await this.sender.sendCopies(
      body,
      this.signatureHeaders(body, copies.signature),
      copies.times,
      copies.concurrent,
    );
    transaction.notifications.push(...deliveries);
    return deliveries;
  }

  controlView(transaction: MonnifyTransaction): JsonRecord {
    return {
      ...this.statusView(transaction),
      amount: koboToDecimal(transaction.amountKobo),
      amountPaidDecimal: koboToDecimal(this.paidKobo(transaction)),
      account: transaction.account
        ? {
            ...transaction.account,
            assignedAt: transaction.account.assignedAt.toISOString(),
            expiresAt: transaction.account.expiresAt.toISOString(),
          }
        : null,
      notifications: transaction.notifications,
      settlementReference: transaction.settlementReference,
      withheld: transaction.withheld,
    };
  }
}
