import type { SandboxCredentials } from "../credentials";
import { randomAlphanumeric } from "../lib/crypto";
import type { GatewayModeSwitch } from "../lib/gateway-mode";
import { isRecord, readText, type JsonRecord } from "../lib/input";
import type { WebhookDelivery, WebhookSender } from "../lib/webhook-sender";
import {
  MIN_AMOUNT_KOBO,
  PAYSTACK_CHANNELS,
  PaystackFailure,
  paystackFeeKobo,
  paystackSignature,
  paystackTimestampedSignature,
  REFERENCE_RE,
} from "./paystack.protocol";
import type { PaystackStore, PaystackTransaction } from "./paystack.store";

type PaystackCredentials = SandboxCredentials["paystack"];

/** How a charge attempt ends. */
export type PaystackOutcome = "success" | "failed" | "abandoned";

/** Options of a control-driven webhook delivery. */
export interface WebhookCopies {
  times: number;
  concurrent: boolean;
  signature: "valid" | "bad" | "omitted";
  /** `hex`: the plain HMAC of the body; `timestamped`: `t=…,v1=…` signed over `<t>.<body>`. */
  scheme: PaystackSignatureScheme;
  /** The `t` of a timestamped signature, in Unix seconds (default: now). */
  signedAt?: number;
}

export const PAYSTACK_SIGNATURE_SCHEMES = ["hex", "timestamped"] as const;
export type PaystackSignatureScheme = (typeof PAYSTACK_SIGNATURE_SCHEMES)[number];

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CURRENCIES = ["NGN"];
const bad = (message: string) => new PaystackFailure(400, message);

function readKobo(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : null;
  if (typeof value === "string" && /^\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return null;
}

function readMetadata(value: unknown): unknown {
  if (value === undefined || value === null || value === "") return "";
  if (typeof value === "string") {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      throw bad("Invalid metadata: send an object or a JSON string");
    }
  }
  if (!isRecord(value)) throw bad("Invalid metadata: send an object or a JSON string");
  return value;
}

/** Paystack's rules: initialize, verify, charges from the popup or the controls, webhooks. */
export class PaystackGateway {
  constructor(
    readonly credentials: PaystackCredentials,
    readonly store: PaystackStore,
    readonly sender: WebhookSender,
    readonly modes: GatewayModeSwitch,
    private readonly notifyDelayMs: number,
  ) {}

  /** POST /transaction/initialize (amount in kobo). */
  initialize(body: unknown, checkoutBase: string): JsonRecord {
    if (!isRecord(body)) throw bad("Invalid request body");
    const email = readText(body, "email");
    if (!email || !EMAIL_RE.test(email)) throw bad("Invalid Email Address Passed");
    const amountKobo = readKobo(body.amount);
    if (amountKobo === null || amountKobo < MIN_AMOUNT_KOBO) throw bad("Invalid Amount Sent");
    const currency = readText(body, "currency") ?? "NGN";
    if (!CURRENCIES.includes(currency)) throw bad("Currency not supported by merchant");
    const reference = readText(body, "reference");
    if (reference !== undefined && !REFERENCE_RE.test(reference)) throw bad("Invalid transaction reference");
    if (reference !== undefined && this.store.hasReference(reference)) throw bad("Duplicate Transaction Reference");
    const channels = body.channels === undefined ? [...PAYSTACK_CHANNELS.slice(0, 4)] : body.channels;
    if (!Array.isArray(channels) || channels.length === 0 || channels.some((channel) => !PAYSTACK_CHANNELS.includes(channel))) {
      throw bad("Invalid channels");
    }
    const transaction = this.store.create({
      email,
      amountKobo,
      currency,
      reference,
      callbackUrl: readText(body, "callback_url") ?? null,
      metadata: readMetadata(body.metadata),
      channels: channels as string[],
    });
    return {
      authorization_url: `${checkoutBase}/checkout/${transaction.accessCode}`,
      access_code: transaction.accessCode,
      reference: transaction.reference,
    };
  }

  /**
   * Ends a charge attempt. A success charges `amountKobo`/`currency` (default: what was asked) and
   * is sent to the API as charge.success after the notify delay unless `notify` is false.
   */
  charge(
    transaction: PaystackTransaction,
    outcome: PaystackOutcome,
    options: { amountKobo?: number; currency?: string; notify: boolean },
  ): void {
    if (outcome === "success") {
      transaction.status = "success";
      transaction.gatewayResponse = "Successful";
      transaction.chargedKobo = options.amountKobo ?? transaction.amountKobo;
      transaction.chargedCurrency = options.currency ?? transaction.currency;
      transaction.channel = "card";
      transaction.authorizationCode = `AUTH_${randomAlphanumeric(10)}`;
      transaction.paidAt = new Date();
      if (options.notify) this.sender.later(this.notifyDelayMs, () => this.deliver(transaction));
      return;
    }
    transaction.status = outcome;
    transaction.gatewayResponse = outcome === "failed" ? "Declined" : "The transaction was not completed";
    transaction.chargedKobo = null;
    transaction.chargedCurrency = null;
    transaction.channel = outcome === "failed" ? "card" : null;
    transaction.paidAt = null;
  }

  /** GET /transaction/verify/:reference `data`, also the webhook's `data`. */
  verifyView(transaction: PaystackTransaction): JsonRecord {
    const paid = transaction.status === "success";
    const amount = transaction.chargedKobo ?? transaction.amountKobo;
    const paidAt = transaction.paidAt?.toISOString() ?? null;
    const createdAt = transaction.createdAt.toISOString();
    return {
      id: transaction.id,
      domain: "test",
      status: transaction.status,
      reference: transaction.reference,
      receipt_number: null,
      amount,
      message: null,
      gateway_response: transaction.gatewayResponse,
      paid_at: paidAt,
      created_at: createdAt,
      channel: transaction.channel ?? "card",
      currency: transaction.chargedCurrency ?? transaction.currency,
      ip_address: "127.0.0.1",
      metadata: transaction.metadata,
      log: null,
      fees: paid ? paystackFeeKobo(amount) : null,
      fees_split: null,
      authorization: paid
        ? {
            authorization_code: transaction.authorizationCode,
            bin: "408408",
            last4: "4081",
            exp_month: "12",
            exp_year: "2030",
            channel: "card",
            card_type: "visa ",
            bank: "TEST BANK",
            country_code: "NG",
            brand: "visa",
            reusable: true,
            signature: `SIG_${transaction.customer.customerCode.slice(4)}`,
            account_name: null,
          }
        : {},
      customer: {
        id: transaction.customer.id,
        first_name: null,
        last_name: null,
        email: transaction.customer.email,
        customer_code: transaction.customer.customerCode,
        phone: null,
        metadata: null,
        risk_action: "default",
        international_format_phone: null,
      },
      plan: null,
      split: {},
      order_id: null,
      paidAt,
      createdAt,
      requested_amount: transaction.amountKobo,
      pos_transaction_data: null,
      source: null,
      fees_breakdown: null,
      transaction_date: createdAt,
      plan_object: {},
      subaccount: {},
    };
  }

  /** The charge.success event, serialised once so its signature covers these exact bytes. */
  webhookBody(transaction: PaystackTransaction): string {
    return JSON.stringify({ event: "charge.success", data: this.verifyView(transaction) });
  }

  private signatureHeaders(
    body: string,
    signature: WebhookCopies["signature"],
    scheme: PaystackSignatureScheme = "hex",
    signedAt = Math.floor(Date.now() / 1000),
  ): Record<string, string> {
    if (signature === "omitted") return {};
    const key = signature === "bad" ? `${this.credentials.secretKey}-wrong` : this.credentials.secretKey;
    const header = scheme === "timestamped" ? paystackTimestampedSignature(key, body, signedAt) : paystackSignature(key, body);
    return { "x-paystack-signature": header };
  }

  /** Automatic delivery, retried until the API answers 2xx. */
  async deliver(transaction: PaystackTransaction): Promise<void> {
    const body = this.webhookBody(transaction);
    await this.sender.sendUntilAccepted(
      body,
      this.signatureHeaders(body, "valid"),
      (status) => status >= 200 && status < 300,
      (delivery) => void transaction.notifications.push(delivery),
    );
  }

  /** Control-driven delivery of copies, without retries. */
  async webhookNow(transaction: PaystackTransaction, copies: WebhookCopies): Promise<WebhookDelivery[]> {
    const body = this.webhookBody(transaction);
    const deliveries = await this.sender.sendCopies(
      body,
      this.signatureHeaders(body, copies.signature, copies.scheme, copies.signedAt),
      copies.times,
      copies.concurrent,
    );
    transaction.notifications.push(...deliveries);
    return deliveries;
  }

  controlView(transaction: PaystackTransaction): JsonRecord {
    return {
      ...this.verifyView(transaction),
      access_code: transaction.accessCode,
      callback_url: transaction.callbackUrl,
      channels: transaction.channels,
      notifications: transaction.notifications,
      settlement_id: transaction.settlementId,
      withheld: transaction.withheld,
    };
  }
}
