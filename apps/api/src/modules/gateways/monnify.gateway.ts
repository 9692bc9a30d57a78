import { koboToDecimal, nairaToKobo } from "@hospipay/contract";
import { z } from "zod";
import { httpRequest, UpstreamError, type HttpAnswer } from "../../lib/http";
import type {
  GatewaySettlement,
  GatewaySettlementLine,
  GatewayVerdict,
  PaymentGateway,
  PaymentToStart,
  StartedPayment,
  WebhookMention,
} from "./gateway";
import { hmacSha512Hex, signatureMatches } from "./signatures";

export interface MonnifyConfig {
  baseUrl: string;
  apiKey: string;
  secretKey: string;
  contractCode: string;
  /** Where Monnify sends the payer after a checkout-page payment. */
  redirectUrl: (reference: string) => string;
  timeoutMs: number;
}

const envelope = <T extends z.ZodType>(body: T) =>
  z.object({
    requestSuccessful: z.boolean(),
    responseMessage: z.string().optional(),
    responseCode: z.string().optional(),
    responseBody: body,
  });
const loginSchema = envelope(z.object({ accessToken: z.string(), expiresIn: z.number() }));
const initTransactionSchema = envelope(z.object({ transactionReference: z.string(), paymentReference: z.string().optional() }));
const initPaymentSchema = envelope(
  z.object({
    accountNumber: z.string(),
    accountName: z.string(),
    bankName: z.string(),
    bankCode: z.string().optional(),
    expiresOn: z.string().optional(),
    totalPayable: z.union([z.number(), z.string()]).optional(),
  }),
);
const statusSchema = envelope(
  z.object({
    paymentStatus: z.string(),
    amountPaid: z.union([z.number(), z.string()]).optional(),
    totalPayable: z.union([z.number(), z.string()]).optional(),
    paymentReference: z.string().optional(),
    currencyCode: z.string().optional(),
    currency: z.string().optional(),
  }),
);
const settlementWebhookSchema = z.object({
  eventType: z.literal("SETTLEMENT"),
  eventData: z
    .object({
      settlementReference: z.string().min(1).max(200),
      amount: z.union([z.number(), z.string()]),
      settlementTime: z.string(),
      transactionsCount: z.number().int().nonnegative().optional(),
    })
    .loose(),
});
const settlementTransactionsSchema = envelope(
  z.object({
    content: z.array(
      z
        .object({
          transactionReference: z.string(),
          paymentReference: z.string().nullish(),
          amountPaid: z.union([z.number(), z.string()]),
          settlementAmount: z.union([z.number(), z.string()]).nullish(),
        })
        .loose(),
    ),
    totalPages: z.number().int(),
  }),
);

const webhookSchema = z.object({
  eventType: z.string().optional(),
  eventData: z.object({ transactionReference: z.string().optional(), paymentReference: z.string().optional() }).loose(),
});

const reservedSchema = envelope(
  z.object({
    accountReference: z.string(),
    accountName: z.string().optional(),
    status: z.string().optional(),
    accounts: z
      .array(
        z.object({ accountNumber: z.string(), bankName: z.string(), bankCode: z.string().optional(), accountName: z.string() }),
      )
      .min(1),
  }),
);
const transactionSchema = envelope(
  z.object({
    transactionReference: z.string(),
    paymentStatus: z.string(),
    amountPaid: z.union([z.number(), z.string()]).optional(),
    currency: z.string().optional(),
    currencyCode: z.string().optional(),
    paymentMethod: z.string().nullable().optional(),
    product: z.object({ type: z.string(), reference: z.string() }).nullable().optional(),
  }),
);
const reservedWebhookSchema = z.object({
  eventType: z.literal("SUCCESSFUL_TRANSACTION"),
  eventData: z
    .object({
      transactionReference: z.string().min(1).max(200),
      product: z.object({ type: z.literal("RESERVED_ACCOUNT"), reference: z.string().min(1).max(200) }),
      paymentSourceInformation: z
        .array(z.object({ accountName: z.string().max(200).optional() }).loose())
        .optional()
        .catch(undefined),
    })
    .loose(),
});

/** A customer's permanent account as Monnify reserved it (the first of its accounts). */
export interface ReservedAccountDetails {
  accountReference: string;
  accountNumber: string;
  bankName: string;
  bankCode: string | null;
  accountName: string;
}

/** What to reserve an account for. */
export interface AccountToReserve {
  accountReference: string;
  accountName: string;
  customerName: string;
  customerEmail: string;
  nin?: string;
  bvn?: string;
}

/** A transaction as Monnify's status query reports it. */
export interface MonnifyTransactionStatus {
  transactionReference: string;
  paymentStatus: string;
  amountPaidKobo: number | undefined;
  currency: string;
  paymentMethod: string | null;
  product: { type: string; reference: string } | null;
}

/** A reserved-account transfer a webhook speaks of (nothing in it is trusted beyond naming it). */
export interface ReservedTransferMention {
  transactionReference: string;
  accountReference: string;
  /** The sender's name as the signed webhook gives it. */
  senderName: string | null;
}

/** Monnify's words for a taken accountReference ("You can not reserve two accounts with the same reference"). */
const TAKEN_REFERENCE = /same reference/i;

const toKobo = (value: number | string | undefined) => (value === undefined ? undefined : (nairaToKobo(value) ?? undefined));

/** Monnify: a one-off virtual account per payment, confirmed by a signed webhook or a status query. */
export class MonnifyGateway implements PaymentGateway {
  readonly key = "monnify" as const;
  readonly signs = true;
  private token: { value: string; expiresAt: number } | null = null;

  constructor(private readonly config: MonnifyConfig) {}

  private async login(): Promise<string> {
    const basic = Buffer.from(`${this.config.apiKey}:${this.config.secretKey}`).toString("base64");
    const answer = await httpRequest(`${this.config.baseUrl}/api/v1/auth/login`, {
      method: "POST",
      headers: { authorization: `Basic ${basic}`, "content-type": "application/json" },
      body: "{}",
      timeoutMs: this.config.timeoutMs,
    });
    const parsed = loginSchema.safeParse(answer.json);
    if (answer.status !== 200 || !parsed.success || !parsed.data.requestSuccessful) {
      throw new UpstreamError(`Monnify login failed (${answer.status})`, answer.status);
    }
    const { accessToken, expiresIn } = parsed.data.responseBody;
    // Renew a minute early so a token never expires mid-call.
    this.token = { value: accessToken, expiresAt: Date.now() + Math.max(0, expiresIn - 60) * 1000 };
    return accessToken;
  }

  /** A call with the bearer token; a 401 (expired or revoked token) logs in again once. */
  private async call(path: string, init: { method?: string; body?: unknown } = {}): Promise<HttpAnswer> {
    const send = async (token: string) =>
      httpRequest(`${this.config.baseUrl}${path}`, {
        method: init.method ?? "GET",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        timeoutMs: this.config.timeoutMs,
      });
    const token = this.token && this.token.expiresAt > Date.now() ? this.token.value : await this.login();
    const answer = await send(token);
    if (answer.status !== 401) return answer;
    return send(await this.login());
  }

  async start(payment: PaymentToStart): Promise<StartedPayment> {
    const init = await this.call("/api/v1/merchant/transactions/init-transaction", {
      method: "POST",
      body: {
        amount: Number(koboToDecimal(payment.totalKobo)),
        customerName: payment.customerName,
        customerEmail: payment.customerEmail,
        paymentReference: payment.reference,
        paymentDescription: payment.description,
        currencyCode: "NGN",
        contractCode: this.config.contractCode,
        redirectUrl: this.config.redirectUrl(payment.reference),
        paymentMethods: ["ACCOUNT_TRANSFER"],
      },
    });
    const transaction = initTransactionSchema.safeParse(init.json);
    if (init.status !== 200 || !transaction.success || !transaction.data.requestSuccessful) {
      throw new UpstreamError(`Monnify init-transaction failed (${init.status})`, init.status);
    }
    const transactionReference = transaction.data.responseBody.transactionReference;
    const account = await this.call("/api/v1/merchant/bank-transfer/init-payment", {
      method: "POST",
      body: { transactionReference },
    });
    const details = initPaymentSchema.safeParse(account.json);
    if (account.status !== 200 || !details.success || !details.data.requestSuccessful) {
      throw new UpstreamError(`Monnify init-payment failed (${account.status})`, account.status);
    }
    const body = details.data.responseBody;
    const payable = toKobo(body.totalPayable) ?? payment.totalKobo;
    return {
      gatewayReference: transactionReference,
      bankAccount: {
        account_number: body.accountNumber,
        account_name: body.accountName,
        bank_name: body.bankName,
        bank_code: body.bankCode,
        amount: koboToDecimal(payable),
        expires_on: body.expiresOn,
      },
    };
  }

  async check(payment: { reference: string; gatewayReference: string }): Promise<GatewayVerdict> {
    const answer = await this.call(`/api/v2/transactions/${encodeURIComponent(payment.gatewayReference)}`);
    const parsed = statusSchema.safeParse(answer.json);
    if (answer.status !== 200 || !parsed.success || !parsed.data.requestSuccessful) {
      throw new UpstreamError(`Monnify status answered ${answer.status}`, answer.status);
    }
    const body = parsed.data.responseBody;
    if (body.paymentReference && body.paymentReference !== payment.reference)
      throw new UpstreamError("Monnify status names another payment");
    const amountPaidKobo = toKobo(body.amountPaid);
    const currency = body.currencyCode ?? body.currency ?? "NGN";
    switch (body.paymentStatus) {
      case "PAID":
      case "OVERPAID":
        return { state: "paid", amountPaidKobo, currency, gatewayStatus: body.paymentStatus };
      case "PARTIALLY_PAID":
      case "PENDING":
        return { state: "pending", amountPaidKobo, currency, gatewayStatus: body.paymentStatus };
      case "FAILED":
      case "EXPIRED":
      case "CANCELLED":
      case "REVERSED":
        return { state: "failed", gatewayStatus: body.paymentStatus };
      default:
        return { state: "pending", gatewayStatus: body.paymentStatus };
    }
  }

  /**
   * Reserves the customer's permanent account, or reads it when Monnify says the reference is taken (a
   * retry after a lost answer, or another process first): the same account either way.
   */
  async reserveAccount(account: AccountToReserve): Promise<ReservedAccountDetails> {
    const answer = await this.call("/api/v2/bank-transfer/reserved-accounts", {
      method: "POST",
      body: {
        accountReference: account.accountReference,
        accountName: account.accountName,
        currencyCode: "NGN",
        contractCode: this.config.contractCode,
        customerEmail: account.customerEmail,
        customerName: account.customerName,
        ...(account.bvn ? { bvn: account.bvn } : {}),
        ...(account.nin ? { nin: account.nin } : {}),
        getAllAvailableBanks: true,
      },
    });
    const parsed = reservedSchema.safeParse(answer.json);
    if (answer.status === 200 && parsed.success && parsed.data.requestSuccessful)
      return reservedDetails(parsed.data.responseBody);
    const message = z.object({ responseMessage: z.string() }).safeParse(answer.json);
    if (answer.status >= 400 && answer.status < 500 && message.success && TAKEN_REFERENCE.test(message.data.responseMessage)) {
      const existing = await this.getReservedAccount(account.accountReference);
      if (existing) return existing;
    }
    throw new UpstreamError(`Monnify reserve account failed (${answer.status})`, answer.status);
  }

  /** The reserved account with this reference; null when Monnify has none. */
  async getReservedAccount(accountReference: string): Promise<ReservedAccountDetails | null> {
    const answer = await this.call(`/api/v2/bank-transfer/reserved-accounts/${encodeURIComponent(accountReference)}`);
    if (answer.status === 404) return null;
    const parsed = reservedSchema.safeParse(answer.json);
    if (answer.status !== 200 || !parsed.success || !parsed.data.requestSuccessful) {
      throw new UpstreamError(`Monnify get reserved account answered ${answer.status}`, answer.status);
    }
    if (parsed.data.responseBody.accountReference !== accountReference)
      throw new UpstreamError("Monnify answered another reserved account");
    return reservedDetails(parsed.data.responseBody);
  }

  /** The status query of a transaction by its transactionReference (a reserved-account transfer's own). */
  async transactionStatus(transactionReference: string): Promise<MonnifyTransactionStatus> {
    const answer = await this.call(`/api/v2/transactions/${encodeURIComponent(transactionReference)}`);
    const parsed = transactionSchema.safeParse(answer.json);
    if (answer.status !== 200 || !parsed.success || !parsed.data.requestSuccessful) {
      throw new UpstreamError(`Monnify status answered ${answer.status}`, answer.status);
    }
    const body = parsed.data.responseBody;
    if (body.transactionReference !== transactionReference) throw new UpstreamError("Monnify status names another transaction");
    return {
      transactionReference: body.transactionReference,
      paymentStatus: body.paymentStatus,
      amountPaidKobo: toKobo(body.amountPaid),
      currency: body.currencyCode ?? body.currency ?? "NGN",
      paymentMethod: body.paymentMethod ?? null,
      product: body.product ?? null,
    };
  }

  /** The settlement a webhook body reports (`eventType` SETTLEMENT), or null when it reports something else. */
  settlementNotice(body: unknown): { reference: string; netKobo: number; settledOn: string } | null {
    const parsed = settlementWebhookSchema.safeParse(body);
    if (!parsed.success) return null;
    const { settlementReference, amount, settlementTime } = parsed.data.eventData;
    // "dd/MM/yyyy HH:mm:ss", West Africa Time.
    const day = /^(\d{2})\/(\d{2})\/(\d{4})/.exec(settlementTime);
    const netKobo = toKobo(amount);
    if (!day || netKobo === undefined) return null;
    return { reference: settlementReference, netKobo, settledOn: `${day[3]}-${day[2]}-${day[1]}` };
  }

  /**
   * A settlement Monnify reported, with its transactions read from `GET /api/v1/transactions/find-by-settlement-
   * reference` (every page): each transaction's fee is what it paid less what it settled; the settlement's gross
   * and fees add up its transactions', its net is what the notification said.
   */
  async settlement(notice: { reference: string; netKobo: number; settledOn: string }): Promise<GatewaySettlement> {
    const lines: GatewaySettlementLine[] = [];
    for (let page = 0; page < 200; page += 1) {
      const answer = await this.call(
        `/api/v1/transactions/find-by-settlement-reference?reference=${encodeURIComponent(notice.reference)}&page=${page}&size=100`,
      );
      const parsed = settlementTransactionsSchema.safeParse(answer.json);
      if (answer.status !== 200 || !parsed.success || !parsed.data.requestSuccessful)
        throw new UpstreamError(`Monnify settlement transactions answered ${answer.status}`, answer.status);
      for (const t of parsed.data.responseBody.content) {
        const amountKobo = toKobo(t.amountPaid) ?? 0;
        const settledKobo =
          t.settlementAmount === null || t.settlementAmount === undefined
            ? amountKobo
            : (toKobo(t.settlementAmount) ?? amountKobo);
        lines.push({
          gatewayReference: t.transactionReference,
          reference: t.paymentReference ?? null,
          amountKobo,
          feeKobo: Math.max(amountKobo - settledKobo, 0),
        });
      }
      if (page + 1 >= parsed.data.responseBody.totalPages) break;
    }
    const grossKobo = lines.reduce((sum, line) => sum + line.amountKobo, 0);
    return {
      gateway: "monnify",
      reference: notice.reference,
      settledOn: notice.settledOn,
      grossKobo,
      feesKobo: grossKobo - notice.netKobo,
      netKobo: notice.netKobo,
      lines,
    };
  }

  /** The reserved-account transfer a webhook body speaks of; null when it speaks of something else. */
  reservedTransfer(body: unknown): ReservedTransferMention | null {
    const parsed = reservedWebhookSchema.safeParse(body);
    if (!parsed.success) return null;
    const { transactionReference, product, paymentSourceInformation } = parsed.data.eventData;
    const senderName = paymentSourceInformation?.find((source) => source.accountName?.trim())?.accountName?.trim() ?? null;
    return { transactionReference, accountReference: product.reference, senderName };
  }

  authenticateWebhook(headers: Record<string, string | string[] | undefined>, rawBody: Buffer): boolean {
    return signatureMatches(headers["monnify-signature"], hmacSha512Hex(this.config.secretKey, rawBody));
  }

  mentions(body: unknown): WebhookMention[] {
    const parsed = webhookSchema.safeParse(body);
    if (!parsed.success) return [];
    const { transactionReference, paymentReference } = parsed.data.eventData;
    return transactionReference || paymentReference
      ? [{ gatewayReference: transactionReference, reference: paymentReference }]
      : [];
  }
}

function reservedDetails(body: z.infer<typeof reservedSchema>["responseBody"]): ReservedAccountDetails {
  const first = body.accounts[0]!;
  return {
    accountReference: body.accountReference,
    accountNumber: first.accountNumber,
    bankName: first.bankName,
    bankCode: first.bankCode ?? null,
    accountName: first.accountName,
  };
}
