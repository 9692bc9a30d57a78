import { koboToDecimal, nairaToKobo } from "@hospipay/contract";
import type { SandboxCredentials } from "../credentials";
import { randomDigits, safeEqual } from "../lib/crypto";
import type { GatewayModeSwitch } from "../lib/gateway-mode";
import { isRecord, readText, type JsonRecord } from "../lib/input";
import { watDate, watDateTime, watDateTime12h } from "../lib/time";
import type { WebhookDelivery, WebhookSender } from "../lib/webhook-sender";
import {
  koboToRemitaAmount,
  parseRemitaAuthorization,
  REMITA_CODES,
  REMITA_STATUS_MESSAGES,
  remitaInitHash,
  remitaStatusHash,
} from "./remita.protocol";
import type { RemitaCustomField, RemitaStore, RemitaTransaction } from "./remita.store";

type RemitaCredentials = SandboxCredentials["remita"];

/** How a payer's attempt ends. */
export type RemitaOutcome = "approve" | "decline" | "abort";

/**
 * How a notification is posted: Remita documents no content type, so the simulator can send the same
 * JSON array as JSON, as plain text, or as a form whose fields are the first item's.
 */
export const REMITA_NOTIFICATION_FORMATS = ["json", "text", "form"] as const;
export type RemitaNotificationFormat = (typeof REMITA_NOTIFICATION_FORMATS)[number];

/** The body of a paymentinit answer (before JSONP wrapping). */
export interface RemitaInitAnswer {
  statuscode: string;
  status: string;
  RRR?: string;
}

const fail = (statuscode: string, status: string): RemitaInitAnswer => ({ statuscode, status });

function readCustomFields(value: unknown): RemitaCustomField[] | null {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return null;
  const fields: RemitaCustomField[] = [];
  for (const field of value) {
    if (!isRecord(field) || typeof field.name !== "string") return null;
    fields.push({
      name: field.name,
      value: String(field.value ?? ""),
      type: typeof field.type === "string" ? field.type : "ALL",
    });
  }
  return fields;
}

/** Remita's rules: RRR generation, status answers, payments and their notifications. */
export class RemitaGateway {
  constructor(
    readonly credentials: RemitaCredentials,
    readonly store: RemitaStore,
    readonly sender: WebhookSender,
    readonly modes: GatewayModeSwitch,
    private readonly notifyDelayMs: number,
  ) {}

  /** POST …/merchant/api/paymentinit: checks the consumer key, the body and the apiHash. */
  paymentInit(authorization: string | undefined, body: unknown): RemitaInitAnswer {
    const auth = parseRemitaAuthorization(authorization);
    if (!auth) return fail(REMITA_CODES.invalidAuthentication, "Invalid Authentication");
    if (auth.merchantId !== this.credentials.merchantId) return fail(REMITA_CODES.unknownMerchant, "Unknown Merchant");
    if (!isRecord(body)) return fail(REMITA_CODES.invalidRequest, "Invalid Request");
    const serviceTypeId = typeof body.serviceTypeId === "number" ? String(body.serviceTypeId) : readText(body, "serviceTypeId");
    const amountText =
      typeof body.amount === "number" ? String(body.amount) : typeof body.amount === "string" ? body.amount : undefined;
    const required = {
      orderId: readText(body, "orderId"),
      payerName: readText(body, "payerName"),
      payerEmail: readText(body, "payerEmail"),
      payerPhone: readText(body, "payerPhone"),
    };
    const missing = Object.entries({ serviceTypeId, amount: amountText, ...required }).find(([, value]) => value === undefined);
    if (missing) return fail(REMITA_CODES.invalidRequest, `Invalid Request: ${missing[0]} is required`);
    const amountKobo = nairaToKobo(amountText ?? "");
    if (amountKobo === null || amountKobo <= 0) return fail(REMITA_CODES.invalidRequest, "Invalid Request: invalid amount");
    if (serviceTypeId !== this.credentials.serviceTypeId)
      return fail(REMITA_CODES.unknownMerchant, "Invalid Merchant or Service Type");
    const customFields = readCustomFields(body.customFields);
    if (!customFields) return fail(REMITA_CODES.invalidRequest, "Invalid Request: invalid customFields");
    const expected = remitaInitHash({
      ...this.credentials,
      serviceTypeId,
      orderId: required.orderId ?? "",
      amount: amountText ?? "",
    });
    if (!safeEqual(auth.token, expected)) return fail(REMITA_CODES.invalidHash, "Invalid Request Hash");
    if (this.store.findByOrderId(required.orderId ?? "")) return fail(REMITA_CODES.invalidRequest, "Duplicate OrderId");
    const transaction = this.store.create({
      orderId: required.orderId ?? "",
      amountText: amountText ?? "",
      amountKobo,
      serviceTypeId,
      payerName: required.payerName ?? "",
      payerEmail: required.payerEmail ?? "",
      payerPhone: required.payerPhone ?? "",
      description: readText(body, "description") ?? "",
      customFields,
    });
    return { statuscode: REMITA_CODES.generated, RRR: transaction.rrr, status: "Payment Reference generated" };
  }

  /**
   * GET …/{merchantId}/{id}/{hash}/status.reg or orderstatus.reg. The hash in the path (and in the
   * Authorization header, when one is sent) must be SHA-512 of id + apiKey + merchantId.
   */
  status(
    params: { merchantId: string; id: string; hash: string },
    authorization: string | undefined,
    by: "rrr" | "orderId",
  ): JsonRecord {
    if (params.merchantId !== this.credentials.merchantId)
      return { status: REMITA_CODES.unknownMerchant, message: "Unknown Merchant" };
    const expected = remitaStatusHash(params.id, this.credentials.apiKey, this.credentials.merchantId);
    const header = parseRemitaAuthorization(authorization);
    if (!safeEqual(params.hash, expected) || (header && !safeEqual(header.token, expected))) {
      return { status: REMITA_CODES.invalidHash, message: "Invalid Request Hash" };
    }
    const transaction = by === "rrr" ? this.store.findByRrr(params.id) : this.store.findByOrderId(params.id);
    if (!transaction) return { status: REMITA_CODES.invalidRequest, message: "Invalid Request" };
    return this.statusView(transaction);
  }

  statusView(transaction: RemitaTransaction): JsonRecord {
    return {
      amount: koboToRemitaAmount(transaction.paidKobo ?? transaction.amountKobo),
      RRR: transaction.rrr,
      orderId: transaction.orderId,
      message: REMITA_STATUS_MESSAGES[transaction.status],
      transactiontime: watDateTime12h(transaction.createdAt),
      ...(transaction.paidAt ? { paymentDate: watDateTime12h(transaction.paidAt) } : {}),
      status: transaction.status,
    };
  }

  /** Ends a payer's attempt; an approval is notified to the API after the notify delay unless `notify` is false. */
  settle(
    transaction: RemitaTransaction,
    outcome: RemitaOutcome,
    options: { paidKobo?: number; notify: boolean; transactionId?: string },
  ): void {
    const now = new Date();
    if (outcome === "approve") {
      transaction.status = REMITA_CODES.paid;
      transaction.paidKobo = options.paidKobo ?? transaction.amountKobo;
      transaction.paidAt = now;
      transaction.channel = "CARDPAYMENT";
      transaction.transactionId = options.transactionId ?? transaction.transactionId ?? randomDigits(15);
      if (options.notify) this.sender.later(this.notifyDelayMs, () => this.deliver(transaction));
      return;
    }
    transaction.status = outcome === "decline" ? REMITA_CODES.failed : REMITA_CODES.aborted;
    transaction.paidKobo = null;
    transaction.paidAt = null;
  }

  /** The notification Remita POSTs: a JSON array of payment items, unsigned. */
  notificationBody(transaction: RemitaTransaction): string {
    const paidAt = transaction.paidAt ?? new Date();
    return JSON.stringify([
      {
        rrr: transaction.rrr,
        channel: transaction.channel ?? "CARDPAYMENT",
        amount: koboToRemitaAmount(transaction.paidKobo ?? transaction.amountKobo),
        responseCode: transaction.status,
        transactiondate: `${watDateTime(paidAt).slice(0, 10)} 00:00:00`,
        debitdate: watDateTime(paidAt),
        bank: "058",
        branch: "",
        serviceTypeId: transaction.serviceTypeId,
        dateRequested: watDate(transaction.createdAt),
        orderRef: transaction.orderId,
        payerName: transaction.payerName,
        payerEmail: transaction.payerEmail,
        payerPhoneNumber: transaction.payerPhone,
        uniqueIdentifier: "",
        orderId: transaction.orderId,
        customFieldData: transaction.customFields.map((field) => ({ DESCRIPTION: field.name, PIDVAL: field.value })),
        chargeFee: 0,
      },
    ]);
  }

  /** Automatic delivery: retried until the API answers 2xx (it should answer the text OK). */
  async deliver(transaction: RemitaTransaction): Promise<void> {
    await this.sender.sendUntilAccepted(
      this.notificationBody(transaction),
      {},
      (status) => status >= 200 && status < 300,
      (delivery) => void transaction.notifications.push(delivery),
    );
  }

  /** The notification as posted in `format`: its body text and content type. */
  notificationRequest(
    transaction: RemitaTransaction,
    format: RemitaNotificationFormat,
  ): { body: string; headers: Record<string, string> } {
    const body = this.notificationBody(transaction);
    if (format === "text") return { body, headers: { "content-type": "text/plain; charset=utf-8" } };
    if (format === "form") {
      const [item] = JSON.parse(body) as Array<Record<string, unknown>>;
      const fields = Object.entries(item ?? {})
        .filter(([, value]) => typeof value !== "object")
        .map(([name, value]): [string, string] => [name, String(value)]);
      return {
        body: new URLSearchParams(fields).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      };
    }
    return { body, headers: {} };
  }

  /** Control-driven delivery of `times` copies, without retries. */
  async notifyNow(
    transaction: RemitaTransaction,
    times: number,
    concurrent: boolean,
    format: RemitaNotificationFormat = "json",
  ): Promise<WebhookDelivery[]> {
    const { body, headers } = this.notificationRequest(transaction, format);
    const deliveries = await this.sender.sendCopies(body, headers, times, concurrent);
    transaction.notifications.push(...deliveries);
    return deliveries;
  }

  /** Everything the simulator knows about an RRR, for tests. */
  controlView(transaction: RemitaTransaction): JsonRecord {
    return {
      rrr: transaction.rrr,
      orderId: transaction.orderId,
      amount: koboToDecimal(transaction.amountKobo),
      /** The amount text exactly as the merchant sent it (and hashed it) in paymentinit. */
      amountSent: transaction.amountText,
      paidAmount: transaction.paidKobo === null ? null : koboToDecimal(transaction.paidKobo),
      status: transaction.status,
      message: REMITA_STATUS_MESSAGES[transaction.status],
      serviceTypeId: transaction.serviceTypeId,
      payerName: transaction.payerName,
      payerEmail: transaction.payerEmail,
      payerPhone: transaction.payerPhone,
      description: transaction.description,
      customFields: transaction.customFields,
      transactionId: transaction.transactionId,
      createdAt: transaction.createdAt.toISOString(),
      paidAt: transaction.paidAt?.toISOString() ?? null,
      notifications: transaction.notifications,
    };
  }
}
